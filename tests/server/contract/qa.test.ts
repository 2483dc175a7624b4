import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { FAULT_HTTP_STATUSES } from '../../../server/contract/mock-qa.js';
import { call, makeApp, signIn } from '../helpers.js';
import { echoHandler, startUpstream } from '../upstream.js';
import { mockCtx, post } from './harness.js';

/**
 * QA controls of mock mode: data reset (optionally to another seed) and fault injection, enough to
 * show every row of the spec §8 error catalogue on demand: envelope 401, another envelope code with
 * its message, each HTTP status, a timeout (latency) and a network error (dropped connection).
 */

let app: FastifyInstance;
let token: string;
const DEFAULT_SEED = 20261121;

beforeAll(async () => {
  // A quarter of the default volumes: these tests need records of each kind, not thousands.
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.25' }));
  token = await signIn(app);
}, 60_000);
afterAll(() => app?.close());
afterEach(() => call(app, 'POST', '/v1/mock/reset', { body: { seed: DEFAULT_SEED } }));

const qa = (url: string, body?: unknown) => call(app, 'POST', url, body === undefined ? {} : { body });
const list = () => post(app, token, '/v1/feedbackType/list', { pageSize: 5 });

describe('reset', () => {
  test('restores the seeded data, needs no token, and keeps sessions', async () => {
    await post(app, token, '/v1/feedbackType/add', { typeName: '临时' });
    await post(app, token, '/v1/feedback/del', { ids: [1, 2, 3] });
    const info = await qa('/v1/mock/reset');
    expect(info.json).toMatchObject({ code: 200, data: { seed: DEFAULT_SEED, scale: 0.25 } });
    expect(info.json.data.counts.feedbackType).toBe(8);
    expect(info.json.data.counts.feedback).toBe(375);
    expect((await list()).json.code).toBe(200);
  });

  test('to another seed gives other data of the same shape, and back', async () => {
    const before = mockCtx(app).store.get<{ nickName: string }>('member', 1)!.nickName;
    const other = await qa('/v1/mock/reset', { seed: 42 });
    expect(other.json.data.seed).toBe(42);
    expect(other.json.data.counts.member).toBe(750);
    expect(mockCtx(app).store.get<{ nickName: string }>('member', 1)!.nickName).not.toBe(before);
    expect((await qa('/v1/mock/info')).json.data.seed).toBe(42);
    await qa('/v1/mock/reset', { seed: DEFAULT_SEED });
    expect(mockCtx(app).store.get<{ nickName: string }>('member', 1)!.nickName).toBe(before);
  }, 30_000);

  test('refuses a bad seed naming it', async () => {
    expect((await qa('/v1/mock/reset', { seed: 'x' })).json).toMatchObject({ code: 400, message: 'seed: must be integer' });
  });
});

describe('faults', () => {
  test('envelope 401 on one endpoint (session timeout row), counted, others untouched', async () => {
    const f = await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', envelopeCode: 401 });
    expect(f.json.data).toMatchObject({ id: expect.any(Number), method: 'ANY', hits: 0 });
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 401, data: null, message: expect.stringContaining('Session expired') });
    expect((await post(app, token, '/v1/feedbackType/listAll')).json.code).toBe(200);
    expect((await qa('/v1/mock/faults/list')).json.data).toMatchObject([{ path: '/v1/feedbackType/list', hits: 1 }]);
  });

  test('another envelope code with its message (server message row)', async () => {
    await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', envelopeCode: 500, message: '库存服务繁忙，请稍后再试' });
    expect((await list()).json).toMatchObject({ code: 500, data: null, message: '库存服务繁忙，请稍后再试', key: 'qa.custom' });
  });

  test('each HTTP status of spec §8, on a path prefix, for a number of requests', async () => {
    for (const status of FAULT_HTTP_STATUSES) {
      await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/*', httpStatus: status, times: 1 });
      const r = await list();
      expect(r.status).toBe(status);
      expect(r.json.code).toBe(status);
      expect(typeof r.json.message).toBe('string');
      expect((await list()).status, 'times: 1 applies once').toBe(200);
    }
    expect((await qa('/v1/mock/faults/list')).json.data).toEqual([]);
  });

  test('latency delays the answer (timeout row); the answer itself is normal', async () => {
    await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', latencyMs: 80 });
    const t0 = performance.now();
    const r = await list();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(75);
    expect(r.json.code).toBe(200);
  });

  test('a dropped connection is a network error for the client', async () => {
    await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', drop: true });
    await expect(app.inject({ method: 'POST', url: '/v1/feedbackType/list', headers: { authorization: token }, payload: {} })).rejects.toThrow(/dropped/);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // The answer is cut off mid-body (so browsers do not silently retry): reading it fails.
    const cut = fetch(`http://127.0.0.1:${port}/v1/feedbackType/list`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: '{}' });
    await expect(cut.then((r) => r.json())).rejects.toThrow();
    const ok = await fetch(`http://127.0.0.1:${port}/v1/feedbackType/listAll`, { method: 'POST', headers: { authorization: token } });
    expect((await ok.json()).code).toBe(200);
  });

  test('a method filter, the login itself, and never the QA controls', async () => {
    await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', method: 'GET', httpStatus: 500 });
    expect((await list()).status).toBe(200);
    await qa('/v1/mock/faults/add', { path: '/v1/admin/login', httpStatus: 503 });
    expect((await call(app, 'POST', '/v1/admin/login', { body: {} })).status).toBe(503);
    await qa('/v1/mock/faults/add', { path: '/v1/*', httpStatus: 502 });
    expect((await list()).status).toBe(502);
    expect((await qa('/v1/mock/faults/list')).status).toBe(200);
  });

  test('clear some by id, or all; reset clears them too', async () => {
    const a = (await qa('/v1/mock/faults/add', { path: '/v1/a', httpStatus: 500 })).json.data.id;
    await qa('/v1/mock/faults/add', { path: '/v1/b', httpStatus: 500 });
    await qa('/v1/mock/faults/add', { path: '/v1/c', httpStatus: 500 });
    expect((await qa('/v1/mock/faults/clear', { ids: [a] })).json.data).toEqual({ count: 1 });
    expect((await qa('/v1/mock/faults/list')).json.data).toHaveLength(2);
    expect((await qa('/v1/mock/faults/clear')).json.data).toEqual({ count: 2 });
    await qa('/v1/mock/faults/add', { path: '/v1/feedbackType/list', httpStatus: 500 });
    await qa('/v1/mock/reset');
    expect((await list()).status).toBe(200);
  });

  test('a fault that does nothing, or two answers at once, or an unknown status is refused', async () => {
    expect((await qa('/v1/mock/faults/add', { path: '/v1/x' })).json.message).toMatch(/^latencyMs: a fault needs/);
    expect((await qa('/v1/mock/faults/add', { path: '/v1/x', httpStatus: 500, drop: true })).json.message).toMatch(/^httpStatus: choose one/);
    const teapot = await qa('/v1/mock/faults/add', { path: '/v1/x', httpStatus: 418 });
    expect(teapot.status).toBe(400);
    expect(teapot.json.message).toContain('httpStatus:');
    expect((await qa('/v1/mock/faults/add', { path: 'v1/x', latencyMs: 1 })).json.message).toContain('path:');
    expect((await qa('/v1/mock/faults/list')).json.data).toEqual([]);
  });
});

test('the QA controls do not exist in proxy mode: answered here with 404, never sent to the platform', async () => {
  const up = await startUpstream(echoHandler);
  const { app: proxy } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url });
  try {
    const r = await call(proxy, 'POST', '/v1/mock/reset', { body: {} });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 404, data: null, message: 'QA controls exist only in mock mode' });
    expect(up.received).toEqual([]);
  } finally {
    await proxy.close();
    await up.close();
  }
});
