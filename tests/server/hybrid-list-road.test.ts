import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { logSink, makeApp, testClock } from './helpers.js';
import { overHttp, type HttpAnswer } from './over-http.js';
import { startGuardPlatform } from './security/guard-platform.js';

/**
 * A plain list call that MOCK_ENDPOINTS sends to the mock, with a token whose
 * platform session is already kept, is answered on the mock's raw list road (server/relay/mock-lists.ts),
 * as mock mode answers it; anything else (the first call of a token, a refused or signed-out token,
 * another role, a bad body) goes through the mock backend's router as before. Over a real socket, the
 * same call answers the same status, headers, body and access-log line on either road. Which road
 * answered shows in how many requests reached the backend's router (a hook the test adds to it).
 */

let app: FastifyInstance;
let platform: Awaited<ReturnType<typeof startGuardPlatform>>;
let routed = 0;
const sink = logSink();
const clock = testClock();

beforeAll(async () => {
  platform = await startGuardPlatform();
  ({ app } = await makeApp(
    { MODE: 'hybrid', UPSTREAM_URL: platform.url, MOCK_ENDPOINTS: '/v1/memberGrade/**,/v1/admin/**,/v1/feedbackType/**,/v1/role/**', SCALE: '0.05', MESSAGES: 'localized', LOG_LEVEL: 'info' },
    {
      logStream: sink.stream,
      now: clock.now,
      onMockBackend: (backend) =>
        backend.addHook('onRequest', (_req, _reply, done) => {
          routed++;
          done();
        }),
    },
  ));
});
afterAll(async () => {
  await app.close();
  await platform.close();
});

/** The raw road takes `application/json`; the mock's router takes this spelling too, the raw road leaves it to the router. */
const RAW_TYPE = 'application/json';
const ROUTER_TYPE = 'application/json;charset=UTF-8';

const asked = () => platform.received.filter((r) => r.url === '/v1/admin/adminInfo').length;

/** The access-log line of the last answered request, without what differs per request (time, id, ms). */
async function lastLogLine(): Promise<Record<string, unknown>> {
  // The relay writes its lines once per event-loop turn.
  await new Promise((r) => setImmediate(r));
  const lines = sink.lines.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const { time: _t, reqId: _id, ms: _ms, ...line } = lines.filter((l) => l.msg === 'request').at(-1)!;
  return line;
}

async function send(road: 'raw' | 'router', url: string, body: string, headers: Record<string, string>) {
  const before = routed;
  const res = await overHttp(app, { method: 'POST', url, payload: body, headers: { 'content-type': road === 'raw' ? RAW_TYPE : ROUTER_TYPE, ...headers } });
  return { res, log: await lastLogLine(), routed: routed > before };
}

const headersOf = (r: HttpAnswer) => {
  const { date: _d, ...h } = r.headers;
  return h;
};

/** Sends the same call both ways and expects the same answer and log line; `raw`: whether the raw road answered the first. */
async function sameOnBoth(url: string, body: string, headers: Record<string, string>, raw: boolean) {
  const a = await send('raw', url, body, headers);
  const b = await send('router', url, body, headers);
  expect(a.routed).toBe(!raw);
  expect(b.routed).toBe(true);
  expect(a.res.statusCode).toBe(b.res.statusCode);
  expect(headersOf(a.res)).toEqual(headersOf(b.res));
  expect(a.res.body).toBe(b.res.body);
  expect(a.log).toEqual(b.log);
  return a.res;
}

describe('hybrid: a mock list call with a kept platform session', () => {
  test('the first call of a token asks the platform and goes through the router; the next ones take the raw road, answering the same bytes', async () => {
    const n = asked();
    const query = JSON.stringify({ pageNum: 1, pageSize: 5 });
    const first = await send('raw', '/v1/memberGrade/list', query, { authorization: 'Bearer adm' });
    expect(first.routed).toBe(true);
    expect(asked()).toBe(n + 1);
    const res = await sameOnBoth('/v1/memberGrade/list', query, { authorization: 'Bearer adm' }, true);
    expect(res.body).toBe(first.res.body);
    // Asked again: the raw road's kept answer; the platform is not asked again.
    expect((await sameOnBoth('/v1/memberGrade/list', query, { authorization: 'Bearer adm' }, true)).body).toBe(res.body);
    expect(asked()).toBe(n + 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.json()).toMatchObject({ code: 200, message: 'ok', data: { total: expect.any(Number) } });
    expect(platform.received.filter((r) => r.url === '/v1/memberGrade/list')).toHaveLength(0);
  });

  test('after a write through the mock, the raw road answers the new rows', async () => {
    const body = JSON.stringify({ pageNum: 1, pageSize: 50, sortField: 'id', sortOrder: 'desc' });
    const before = await sameOnBoth('/v1/feedbackType/list', body, { authorization: 'Bearer adm' }, true);
    const add = await overHttp(app, { method: 'POST', url: '/v1/feedbackType/add', payload: { typeName: 'hybrid raw road', sort: 1 }, headers: { authorization: 'Bearer adm' } });
    expect(add.json().code).toBe(200);
    const after = await sameOnBoth('/v1/feedbackType/list', body, { authorization: 'Bearer adm' }, true);
    expect(after.json().data.total).toBe(before.json().data.total + 1);
    expect(after.json().data.list[0]).toMatchObject({ typeName: 'hybrid raw road' });
  });

  test.each(['en', 'zh-CN'])('refusals are the router’s, the same both ways (%s): another role, a refused token, a bad field, bad JSON', async (lang) => {
    const h = { 'accept-language': lang };
    await send('raw', '/v1/memberGrade/list', '{}', { ...h, authorization: 'Bearer fake-admin' });
    // A platform user holding only the operator role: the operator's permissions.
    const denied = await sameOnBoth('/v1/admin/list', '{}', { ...h, authorization: 'Bearer fake-admin' }, false);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 403, field: 'permission' });
    // What the role allows takes the raw road.
    expect((await sameOnBoth('/v1/memberGrade/list', '{}', { ...h, authorization: 'Bearer fake-admin' }, true)).json().code).toBe(200);

    const refused = await sameOnBoth('/v1/memberGrade/list', '{}', { ...h, authorization: 'Bearer nope' }, false);
    expect(refused.json()).toMatchObject({ code: 401, data: null, key: 'session.notSignedIn' });
    const anon = await sameOnBoth('/v1/memberGrade/list', '{}', h, false);
    expect(anon.json()).toMatchObject({ code: 401, key: 'session.notSignedIn' });

    const badField = await sameOnBoth('/v1/memberGrade/list', JSON.stringify({ pageNum: 0 }), { ...h, authorization: 'Bearer adm' }, false);
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toMatchObject({ code: 400, field: 'pageNum' });
    expect(badField.json().message).toMatch(lang === 'en' ? /Page/ : /页码/);
    const badJson = await sameOnBoth('/v1/memberGrade/list', '{"pageNum":', { ...h, authorization: 'Bearer adm' }, false);
    expect(badJson.json()).toMatchObject({ code: 400, key: 'request.badJson' });
  });

  test('a kept session expires: the platform is asked again, through the router', async () => {
    await send('raw', '/v1/memberGrade/list', '{}', { authorization: 'Bearer adm' });
    const n = asked();
    clock.advance(61_000);
    const again = await send('raw', '/v1/memberGrade/list', '{}', { authorization: 'Bearer adm' });
    expect(again.routed).toBe(true);
    expect(again.res.json().code).toBe(200);
    expect(asked()).toBe(n + 1);
    expect((await send('raw', '/v1/memberGrade/list', '{}', { authorization: 'Bearer adm' })).routed).toBe(false);
  });

  test('signing out drops the kept session at once: the next list is refused (envelope 401)', async () => {
    const token = 'Bearer adm';
    expect((await send('raw', '/v1/memberGrade/list', '{}', { authorization: token })).routed).toBe(false);
    const out = await overHttp(app, { method: 'POST', url: '/v1/admin/logout', headers: { authorization: token } });
    expect(out.json().code).toBe(200);
    const after = await send('raw', '/v1/memberGrade/list', '{}', { authorization: token });
    expect(after.routed).toBe(true);
    expect(after.res.headers['x-served-by']).toBe('mock');
    expect(after.res.json()).toMatchObject({ code: 401 });
    // The refusal is kept a while: still the router's, still 401.
    const again = await send('raw', '/v1/memberGrade/list', '{}', { authorization: token });
    expect(again.routed).toBe(true);
    expect(again.res.json()).toMatchObject({ code: 401 });
  });
});

describe('hybrid: the kept mapping follows the mock’s roles', () => {
  test('a role whose key is changed through the mock stops mapping its platform users at once (envelope 401); changed back, they map again', async () => {
    // 'Bearer adm' signed out above: the platform takes it again once the kept refusal (5 s) is gone.
    platform.signedOut.clear();
    clock.advance(6_000);
    const adm = { authorization: 'Bearer adm' };
    const ops = { authorization: 'Bearer fake-admin' };
    expect((await send('raw', '/v1/memberGrade/list', '{}', ops)).res.json().code).toBe(200);
    expect((await send('raw', '/v1/memberGrade/list', '{}', ops)).routed).toBe(false);
    const roles = (await send('raw', '/v1/role/list', JSON.stringify({ pageNum: 1, pageSize: 50 }), adm)).res.json().data.list as { id: number; roleKey: string }[];
    const role = roles.find((r) => r.roleKey === 'operator')!;
    const rekey = async (roleKey: string) => {
      const { id, name, description, menuIds, resourceIds, sort, status } = (await overHttp(app, { method: 'POST', url: '/v1/role/info', payload: { id: role.id }, headers: adm })).json().data;
      const res = await overHttp(app, { method: 'POST', url: '/v1/role/update', payload: { id, name, roleKey, description, menuIds, resourceIds, sort, status }, headers: adm });
      expect(res.json().message).toBe('ok');
    };
    await rekey('operatorRenamed');
    const refused = await send('raw', '/v1/memberGrade/list', '{}', ops);
    expect(refused.routed).toBe(true);
    expect(refused.res.json()).toMatchObject({ code: 401 });
    await rekey('operator');
    expect((await send('raw', '/v1/memberGrade/list', '{}', ops)).res.json().code).toBe(200);
    expect((await send('raw', '/v1/memberGrade/list', '{}', ops)).routed).toBe(false);
  });
});
