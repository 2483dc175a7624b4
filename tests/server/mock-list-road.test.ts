import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../server/contract/index.js';
import { mockListVerdict } from '../../server/relay/mock-lists.js';
import type { MockContext } from '../../server/mock/context.js';
import { logSink, makeApp, signIn } from './helpers.js';
import { overHttp, type HttpAnswer } from './over-http.js';

/**
 * Plain mock list calls are answered from the server's `request` event
 * (server/relay/mock-lists.ts); everything else goes through Fastify. Over a real socket, the same
 * list request taken by either road answers the same status, headers, body and access-log line, and
 * every refusal (no token, no permission, a bad field, bad JSON, an injected fault) is the same on both.
 * Which road answered shows in the log line's `reqId`: `relay-…` for the raw road, `req-…` for Fastify's.
 */

let app: FastifyInstance;
let admin: string;
let operator: string;
const sink = logSink();

beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05', MESSAGES: 'localized', LOG_LEVEL: 'info' }, { logStream: sink.stream }));
  admin = await signIn(app);
  operator = await signIn(app, 'operator', 'operator123');
});
afterAll(() => app.close());

/** The raw road takes `application/json`; Fastify's JSON parser takes this spelling too, the raw road leaves it to Fastify. */
const RAW_TYPE = 'application/json';
const FASTIFY_TYPE = 'application/json;charset=UTF-8';

/** The access-log line of the last answered request, with what differs per request (time, id, ms) set apart. */
async function lastLogLine(): Promise<{ line: Record<string, unknown>; road: 'raw' | 'fastify' }> {
  // The raw road writes its lines once per event-loop turn.
  await new Promise((r) => setImmediate(r));
  const lines = sink.lines.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = lines.filter((l) => l.msg === 'request').at(-1)!;
  const { time: _t, reqId, ms: _ms, ...line } = last;
  return { line, road: String(reqId).startsWith('relay-') ? 'raw' : 'fastify' };
}

async function send(road: 'raw' | 'fastify', url: string, body: string, headers: Record<string, string> = {}) {
  const res = await overHttp(app, { method: 'POST', url, payload: body, headers: { 'content-type': road === 'raw' ? RAW_TYPE : FASTIFY_TYPE, ...headers } });
  return { res, log: await lastLogLine() };
}

/** Headers as a client compares them: without the date. */
const headersOf = (r: HttpAnswer) => {
  const { date: _d, ...h } = r.headers;
  return h;
};

/** Sends the same call by both roads and expects the same answer and log line; returns the answer. */
async function sameOnBoth(url: string, body: string, headers: Record<string, string>, expectRaw: boolean) {
  const raw = await send('raw', url, body, headers);
  const fastify = await send('fastify', url, body, headers);
  expect(raw.log.road).toBe(expectRaw ? 'raw' : 'fastify');
  expect(fastify.log.road).toBe('fastify');
  expect(raw.res.statusCode).toBe(fastify.res.statusCode);
  expect(headersOf(raw.res)).toEqual(headersOf(fastify.res));
  expect(raw.res.body).toBe(fastify.res.body);
  expect(raw.log.line).toEqual(fastify.log.line);
  return raw.res;
}

describe('a plain list call', () => {
  test.each([
    ['/v1/member/list', { pageNum: 1, pageSize: 20, status: 1, sortField: 'lastLoginTime', sortOrder: 'desc' }],
    ['/v1/order/list', { pageNum: 2, pageSize: 10 }],
    ['/v1/goods/list', { pageNum: 1, pageSize: 20, sortField: 'price', sortOrder: 'asc' }],
    ['/v1/feedbackType/list', {}],
  ])('%s %j: the raw road answers what Fastify answers, byte for byte', async (url, query) => {
    const res = await sameOnBoth(url, JSON.stringify(query), { authorization: admin }, true);
    // Asked again: the raw road's kept answer.
    expect((await sameOnBoth(url, JSON.stringify(query), { authorization: admin }, true)).body).toBe(res.body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.json()).toMatchObject({ code: 200, message: 'ok', data: { total: expect.any(Number) } });
  });

  test('asked again after a write, the raw road answers the new rows (its kept answers follow the table)', async () => {
    const body = JSON.stringify({ pageNum: 1, pageSize: 50, sortField: 'id', sortOrder: 'desc' });
    const before = await sameOnBoth('/v1/feedbackType/list', body, { authorization: admin }, true);
    const add = await overHttp(app, { method: 'POST', url: '/v1/feedbackType/add', payload: { typeName: 'raw road', sort: 1 }, headers: { authorization: admin } });
    expect(add.json().code).toBe(200);
    const after = await sameOnBoth('/v1/feedbackType/list', body, { authorization: admin }, true);
    expect(after.json().data.total).toBe(before.json().data.total + 1);
    expect(after.json().data.list[0]).toMatchObject({ typeName: 'raw road' });
    await overHttp(app, { method: 'POST', url: '/v1/mock/reset', payload: {} });
  });

  test('a query string or another spelling of the path is Fastify’s, with the same answer', async () => {
    const body = JSON.stringify({ pageNum: 1, pageSize: 5 });
    const plain = await send('raw', '/v1/member/list', body, { authorization: admin });
    const query = await send('raw', '/v1/member/list?x=1', body, { authorization: admin });
    expect(query.log.road).toBe('fastify');
    expect(query.res.body).toBe(plain.res.body);
  });
});

describe('refusals are the same on both roads, in the client’s language', () => {
  const member = '/v1/member/list';
  // A list no operator may read (the system area's console accounts).
  const forbidden = ENDPOINTS.find((e) => e.path === '/v1/admin/list')!.path;

  test.each(['en', 'zh-CN'])('no token, no permission, a bad field, bad JSON (%s)', async (lang) => {
    const h = { 'accept-language': lang };
    const anon = await sameOnBoth(member, '{}', h, false);
    expect(anon.json()).toMatchObject({ code: 401, data: null, key: 'session.notSignedIn' });

    const denied = await sameOnBoth(forbidden, '{}', { ...h, authorization: operator }, false);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 403, field: 'permission' });

    // The raw road reads these bodies, finds them wanting and hands them to Fastify with the bytes read.
    const badField = await sameOnBoth(member, JSON.stringify({ pageNum: 0, pageSize: 'x' }), { ...h, authorization: admin }, false);
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toMatchObject({ code: 400, field: 'pageNum' });
    expect(badField.json().message).toMatch(lang === 'en' ? /Page/ : /页码/);

    const unknown = await sameOnBoth(member, JSON.stringify({ nope: 1 }), { ...h, authorization: admin }, false);
    expect(unknown.json()).toMatchObject({ code: 400, field: 'nope' });

    const badJson = await sameOnBoth(member, '{"pageNum":', { ...h, authorization: admin }, false);
    expect(badJson.json()).toMatchObject({ code: 400, key: 'request.badJson' });

    const control = await sameOnBoth(member, JSON.stringify({ keyword: 'a\u0001b' }), { ...h, authorization: admin }, false);
    expect(control.json()).toMatchObject({ code: 400, field: 'keyword' });
  });

  test('a fault injected by QA answers on both roads; once cleared, the raw road answers again', async () => {
    const add = await overHttp(app, { method: 'POST', url: '/v1/mock/faults/add', payload: { path: '/v1/member/list', httpStatus: 500, times: 2 } });
    expect(add.json().code).toBe(200);
    const a = await send('raw', '/v1/member/list', '{}', { authorization: admin });
    const b = await send('fastify', '/v1/member/list', '{}', { authorization: admin });
    expect([a.log.road, b.log.road]).toEqual(['fastify', 'fastify']);
    expect([a.res.statusCode, b.res.statusCode]).toEqual([500, 500]);
    expect(a.res.body).toBe(b.res.body);
    const after = await send('raw', '/v1/member/list', '{}', { authorization: admin });
    expect(after.log.road).toBe('raw');
    expect(after.res.json().code).toBe(200);
  });
});

describe('the verdict', () => {
  const ctx = () => ({ mock: (app as unknown as { __mockCtx: MockContext }).__mockCtx, shedding: false, trustProxy: false });
  const routes = new Map([['/v1/member/list', { name: 'member' } as never]]);
  const req = (headers: Record<string, string>) => ({ method: 'POST', url: '/v1/member/list', headers: { 'content-type': RAW_TYPE, 'content-length': '2', authorization: admin, ...headers } });

  test('takes a plain call; leaves shedding, TRUST_PROXY, chunked or oversized bodies and other methods to Fastify', () => {
    expect(mockListVerdict(req({}), routes, ctx()).to).toBe('list');
    expect(mockListVerdict(req({}), routes, { ...ctx(), shedding: true }).to).toBe('fastify');
    expect(mockListVerdict(req({}), routes, { ...ctx(), trustProxy: true }).to).toBe('fastify');
    expect(mockListVerdict(req({ 'content-length': String(2 * 1024 * 1024) }), routes, ctx()).to).toBe('fastify');
    expect(mockListVerdict({ ...req({}), headers: { 'content-type': RAW_TYPE, 'transfer-encoding': 'chunked', authorization: admin } }, routes, ctx()).to).toBe('fastify');
    expect(mockListVerdict({ ...req({}), method: 'GET' }, routes, ctx()).to).toBe('fastify');
    expect(mockListVerdict(req({ authorization: 'Bearer nope' }), routes, ctx()).to).toBe('fastify');
  });
});
