import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Exchange } from '../../server/platform/exchange.js';
import { makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';
import { overHttp } from './over-http.js';

/**
 * The console's own drift endpoints: `/console/drift` (list, ETag, download),
 * `/console/drift.json`, `/console/drift/reset`; administrators only, checked against the mock's
 * sessions in mock mode and against the platform's user info in proxy mode.
 */

/** A drifted member-grade list answer as the proxy would hand it to the monitor. */
function drifted(status: number, at = Date.now()): Exchange {
  const row = { id: 1, gradeName: 'Gold', level: 1, minGrowth: 0, discount: 95, benefits: '', status, memberCount: 0, createTime: '2026-01-02 03:04:05', updateTime: '2026-01-02 03:04:05', phone: '13812345678' };
  const body = Buffer.from(JSON.stringify({ code: 200, data: { list: [row], total: 1 }, message: 'ok' }));
  return {
    method: 'POST', path: '/v1/memberGrade/list', query: '', routeKey: 'POST /v1/memberGrade/list', requestHeaders: {},
    request: { body: null, contentType: 'application/json', length: 0, truncated: false, binary: false },
    status: 200, answerHeaders: {}, answer: { body, contentType: 'application/json', length: body.length, truncated: false, binary: false },
    servedBy: 'platform', at,
  };
}

async function seed(app: FastifyInstance) {
  app.driftMonitor.observe(drifted(7));
  app.driftMonitor.observe(drifted(8));
  await app.driftMonitor.flush();
}

const get = (app: FastifyInstance, url: string, token?: string, headers: Record<string, string> = {}) =>
  overHttp(app, { method: 'GET', url, headers: { ...(token ? { authorization: token } : {}), ...headers } });

describe('mock mode', () => {
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
    admin = await signIn(app);
    operator = await signIn(app, 'operator', 'operator123');
    await seed(app);
  });
  afterAll(() => app.close());

  test('no token: 401 envelope; an operator: 403 envelope; nothing is reset', async () => {
    const none = await get(app, '/console/drift');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, data: null });
    const op = await get(app, '/console/drift', operator);
    expect(op.statusCode).toBe(403);
    expect(op.json().code).toBe(403);
    expect((await overHttp(app, { method: 'POST', url: '/console/drift/reset', headers: { authorization: operator } })).statusCode).toBe(403);
    expect((await get(app, '/console/drift.json')).statusCode).toBe(401);
    expect(app.driftMonitor.list()).toHaveLength(2);
  });

  test('an administrator reads the drifts: endpoint, field, expected, seen, count, times and a redacted example', async () => {
    const res = await get(app, '/console/drift', admin);
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(200);
    expect(data.enabled).toBe(true);
    const e = data.entries.find((x: { kind: string }) => x.kind === 'enum');
    expect(e).toMatchObject({ endpoint: 'POST /v1/memberGrade/list', field: 'data.list[].status', expected: 'one of 1, 0', seen: ['integer 7', 'integer 8'], count: 2 });
    expect(typeof e.firstSeen).toBe('number');
    expect(res.body).not.toContain('13812345678');
    expect(data.stats).toMatchObject({ checked: 2 });
  });

  test('ETag: the same version answers 304; after=<id> lists only newer entries', async () => {
    const first = await get(app, '/console/drift', admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"drift-\d+-0"$/);
    const again = await get(app, '/console/drift', admin, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const last = Math.max(...first.json().data.entries.map((e: { id: number }) => e.id));
    expect((await get(app, `/console/drift?after=${last}`, admin)).json().data.entries).toEqual([]);
    expect((await get(app, '/console/drift?after=abc', admin)).statusCode).toBe(400);
  });

  test('the export is a JSON attachment for the platform team', async () => {
    for (const url of ['/console/drift?format=download', '/console/drift.json']) {
      const res = await get(app, url, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contract-drift-\d{8}-\d{6}\.json"$/);
      const doc = res.json();
      expect(doc.entries.length).toBeGreaterThan(0);
      expect(doc).toHaveProperty('stats');
      expect(res.body).not.toContain('13812345678');
    }
  });

  test('reset forgets every drift', async () => {
    const res = await overHttp(app, { method: 'POST', url: '/console/drift/reset', headers: { authorization: admin } });
    expect(res.json()).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await get(app, '/console/drift', admin)).json().data.entries).toEqual([]);
    await seed(app);
  });
});

describe('proxy mode: the platform says who the caller is', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const infoCalls = () => upstream.received.filter((r) => r.url === '/v1/admin/adminInfo').length;
  beforeAll(async () => {
    upstream = await startUpstream((req, res) => {
      const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      if (req.url !== '/v1/admin/adminInfo') return json({ code: 200, data: null, message: 'ok' });
      const auth = req.headers.authorization;
      if (auth === 'Bearer admin-t') return json({ code: 200, data: { userId: 1, username: 'a', nickName: 'A', roles: [{ id: 'super', name: 'Super' }], btnPermission: [] }, message: 'ok' });
      if (auth === 'Bearer op-t') return json({ code: 200, data: { userId: 2, username: 'o', nickName: 'O', roles: [{ id: 'operator', name: 'Operator' }], btnPermission: [] }, message: 'ok' });
      if (auth === 'Bearer broken') return res.writeHead(500).end('oops');
      return json({ code: 401, data: null, message: 'expired' });
    });
    ({ app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url }));
    await seed(app);
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  test('an administrator of the platform reads the list; the verdict is reused for the same token', async () => {
    const before = infoCalls();
    const res = await get(app, '/console/drift', 'Bearer admin-t');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entries.length).toBeGreaterThan(0);
    expect((await get(app, '/console/drift.json', 'Bearer admin-t')).statusCode).toBe(200);
    expect(infoCalls()).toBe(before + 1);
    expect(upstream.received.find((r) => r.url === '/v1/admin/adminInfo')?.headers.authorization).toBe('Bearer admin-t');
  });

  test('an operator: 403; an expired token: 401; no token: 401 without asking; a failing platform: 502', async () => {
    expect((await get(app, '/console/drift', 'Bearer op-t')).statusCode).toBe(403);
    expect((await get(app, '/console/drift', 'Bearer old')).statusCode).toBe(401);
    const before = infoCalls();
    expect((await get(app, '/console/drift')).statusCode).toBe(401);
    expect(infoCalls()).toBe(before);
    const broken = await get(app, '/console/drift', 'Bearer broken');
    expect(broken.statusCode).toBe(502);
    expect(broken.json().code).toBe(502);
  });

  test('the drift endpoints are the console\'s own: never forwarded to the platform', async () => {
    await get(app, '/console/drift', 'Bearer admin-t');
    expect(upstream.received.some((r) => r.url.startsWith('/console'))).toBe(false);
  });

  test('CONTRACT_VALIDATION=off: the monitor checks nothing and says so', async () => {
    const { app: off } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url, CONTRACT_VALIDATION: 'off' });
    try {
      await seed(off);
      const data = (await get(off, '/console/drift', 'Bearer admin-t')).json().data;
      expect(data).toMatchObject({ enabled: false, entries: [] });
    } finally {
      await off.close();
    }
  });
});
