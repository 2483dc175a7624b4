import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from './helpers.js';
import { startUpstream, type Received, type Upstream } from './upstream.js';
import { overHttp } from './over-http.js';

/**
 * No silent overwrites in proxy mode (contract `VERSION_RULE`): before relaying a write of one
 * record that carries its version, the console reads the record's version through the platform's
 * `info` (with the caller's session); a stale write is answered 409 and never reaches the platform,
 * a fresh one is relayed without its version field. PLATFORM_CHECKS_VERSION=on leaves it to the platform.
 */
const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

const TOKEN = 'Bearer platform-session';

/** A platform holding one goods record: `info` answers it, `update`/`updateStatus` change it and its updateTime. */
async function platform(): Promise<{ up: Upstream; record: Record<string, unknown>; writes: () => Received[] }> {
  const record: Record<string, unknown> = { id: 5, goodsName: 'Platform goods', price: 1000, status: 1, updateTime: '2026-11-20 10:00:00', updateBy: 'li.si' };
  let n = 0;
  const up = await startUpstream((req, res) => {
    const body = req.body.length ? JSON.parse(req.body.toString()) : {};
    const path = req.url.split('?')[0];
    const answer = (data: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, data, message: 'ok' }));
    if (req.headers.authorization !== TOKEN) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 401, data: null, message: 'no session' }));
    if (path === '/v1/goods/info') return answer(body.id === record.id ? record : null);
    if (path === '/v1/goods/update' || path === '/v1/goods/updateStatus') {
      Object.assign(record, body, { updateTime: `2026-11-20 10:0${++n}:00` });
      return answer(record);
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
  toClose.push(() => up.close());
  const writes = () => up.received.filter((r) => !r.url.startsWith('/v1/goods/info'));
  return { up, record, writes };
}

async function proxy(upstream: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream, MESSAGES: 'localized', ...env });
  toClose.push(() => app.close());
  return app;
}

const write = (app: FastifyInstance, url: string, payload: object, lang = 'zh-CN') =>
  overHttp(app, { method: 'POST', url, payload, headers: { authorization: TOKEN, 'accept-language': lang } });

describe('proxy mode checks a write’s version before relaying it', () => {
  test('a stale update is answered 409 with the platform’s record and never reaches the platform', async () => {
    const { up, record, writes } = await platform();
    const app = await proxy(up.url);
    const res = await write(app, '/v1/goods/update', { id: 5, price: 2000, updateTime: '2026-11-19 09:00:00' });
    expect(res.statusCode).toBe(200);
    const env = res.json();
    expect(env).toMatchObject({ code: 409, data: null, key: 'record.stale', conflict: { entity: 'goods', id: 5, version: '2026-11-20 10:00:00', by: 'li.si', at: '2026-11-20 10:00:00', record } });
    expect(env.message).toContain('li.si');
    expect(env.message).toContain('2026-11-20 10:00:00');
    expect(writes()).toEqual([]);
    expect(record.price).toBe(1000);
    // The version was read with the caller's session.
    expect(up.received[0].headers.authorization).toBe(TOKEN);
  });

  test('a fresh update is relayed without its version field, and answers the platform’s new version', async () => {
    const { up, writes } = await platform();
    const app = await proxy(up.url);
    const res = await write(app, '/v1/goods/update', { id: 5, price: 2000, updateTime: '2026-11-20 10:00:00' });
    expect(res.json()).toMatchObject({ code: 200, data: { price: 2000, updateTime: '2026-11-20 10:01:00' } });
    expect(writes().map((r) => JSON.parse(r.body.toString()))).toEqual([{ id: 5, price: 2000 }]);
  });

  test('a write without a version is relayed as it came, without reading the record', async () => {
    const { up } = await platform();
    const app = await proxy(up.url);
    const res = await write(app, '/v1/goods/update', { id: 5, price: 3000 });
    expect(res.json().code).toBe(200);
    expect(up.received.map((r) => [r.url, r.body.toString()])).toEqual([['/v1/goods/update', '{"id":5,"price":3000}']]);
  });

  test('a stale status change is refused in the caller’s language', async () => {
    const { up, writes } = await platform();
    const app = await proxy(up.url);
    const res = await write(app, '/v1/goods/updateStatus', { id: 5, status: 2, updateTime: '2026-11-01 00:00:00' }, 'en');
    expect(res.json()).toMatchObject({ code: 409, message: 'goods 5 (Platform goods) was changed by li.si at 2026-11-20 10:00:00; your change was not saved: compare and save again' });
    expect(writes()).toEqual([]);
  });

  test('with PLATFORM_CHECKS_VERSION=on the write goes to the platform untouched', async () => {
    const { up } = await platform();
    const app = await proxy(up.url, { PLATFORM_CHECKS_VERSION: 'on' });
    await write(app, '/v1/goods/update', { id: 5, price: 2000, updateTime: '2026-11-19 09:00:00' });
    expect(up.received.map((r) => [r.url, JSON.parse(r.body.toString())])).toEqual([['/v1/goods/update', { id: 5, price: 2000, updateTime: '2026-11-19 09:00:00' }]]);
  });
});
