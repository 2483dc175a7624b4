import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AuditStore, AuditTrail, sqliteDriver } from '../../server/audit/index.js';
import { call, makeApp, signIn } from './helpers.js';
import { startPlatformStub, STUB_ADMIN_TOKEN, type PlatformStub } from './platform-stub.js';

/**
 * The audit trail (issue 25): writes through the mock and through the proxy each leave one entry
 * with who, what, target, outcome and redacted fields (and, from the mock, before → after); refused
 * writes and reveals are kept; reads are not; the chain verifies and names a tampered entry;
 * retention prunes; a burst beyond the queue never blocks and counts what it dropped; only an
 * administrator reads the log.
 */

let apps: FastifyInstance[] = [];
let stub: PlatformStub | null = null;
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
  await stub?.close();
  stub = null;
});
async function app(env: Record<string, string> = {}) {
  const { app } = await makeApp(env.MODE ? env : { MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.25', ...env });
  apps.push(app);
  return app;
}
const post = (a: FastifyInstance, path: string, body: unknown, token?: string) => call(a, 'POST', path, { token, body });
type Row = Record<string, any>;
const entries = async (a: FastifyInstance, token: string, q: Row = {}) => (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 50, ...q }, token)).json.data as { list: Row[]; total: number };

describe('mock mode', () => {
  test('an update leaves one entry: who, operation, target, before → after; reads leave none', async () => {
    const a = await app();
    const token = await signIn(a);
    const g = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
    await post(a, '/v1/goods/info', { id: g.id }, token);
    const r = await post(a, '/v1/goods/update', { id: g.id, goodsName: `${g.goodsName}·改` }, token);
    expect(r.json.code).toBe(200);
    const page = await entries(a, token);
    expect(page.total).toBe(1);
    const e = page.list[0];
    expect(e).toMatchObject({ username: 'admin', roles: 'super', operation: 'goods.update', area: 'goods', entity: 'goods', targetIds: String(g.id), outcome: 1, code: 200, servedBy: 'mock' });
    expect(JSON.parse(e.changes)).toEqual({ goodsName: [g.goodsName, `${g.goodsName}·改`] });
    expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await post(a, '/console/auditLog/info', { id: e.id }, token)).json.data).toMatchObject({ id: e.id, operation: 'goods.update' });
  });

  test('a refused write is kept as refused with its message; a reveal is kept; secrets in fields are redacted', async () => {
    const a = await app();
    const token = await signIn(a);
    const bad = await post(a, '/v1/goods/update', { id: 99_999_999, goodsName: 'x' }, token);
    expect(bad.json.code).not.toBe(200);
    const card = (await post(a, '/v1/card/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
    expect((await post(a, '/v1/card/reveal', { id: card.id }, token)).json.code).toBe(200);
    const m = (await post(a, '/v1/member/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
    await post(a, '/v1/member/update', { id: m.id, phone: '13912345678' }, token);
    const page = await entries(a, token);
    const byOp = (op: string) => page.list.find((x) => x.operation === op)!;
    expect(byOp('goods.update')).toMatchObject({ outcome: 0, targetIds: '99999999' });
    expect(byOp('goods.update').message).not.toBe('');
    expect(byOp('card.reveal')).toMatchObject({ outcome: 1, targetIds: String(card.id) });
    const upd = byOp('member.update');
    expect(upd.fields).not.toContain('13912345678');
    expect(upd.changes).not.toContain('13912345678');
  });

  test('an order found by its number; the filter matches whole ids, not substrings', async () => {
    const a = await app();
    const token = await signIn(a);
    const o = (await post(a, '/v1/order/list', { pageNum: 1, pageSize: 1, status: 1 }, token)).json.data.list[0];
    await post(a, '/v1/order/update', { id: o.id, remark: '审计测试' }, token);
    expect((await entries(a, token, { targetIds: o.orderNo })).total).toBe(1);
    expect((await entries(a, token, { targetIds: String(o.id) })).total).toBe(1);
    expect((await entries(a, token, { targetIds: String(o.id).slice(0, -1) || '0' })).total).toBe(0);
    expect((await entries(a, token, { operation: 'order.', username: 'adm' })).total).toBe(1);
  });

  test('only an administrator reads the log; a bad filter is refused by name', async () => {
    const a = await app();
    const operator = await signIn(a, 'operator', 'operator123');
    expect((await post(a, '/console/auditLog/list', {}, operator)).status).toBe(403);
    expect((await post(a, '/console/auditLog/list', {})).status).toBe(401);
    const admin = await signIn(a);
    const bad = await post(a, '/console/auditLog/list', { pageNum: 'x' }, admin);
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toMatch(/pageNum/);
  });

  test('the chain verifies, and a changed entry is named', async () => {
    const a = await app();
    const token = await signIn(a);
    const goods = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 3 }, token)).json.data.list;
    for (const g of goods) await post(a, '/v1/goods/update', { id: g.id, sort: 7 }, token);
    expect((await post(a, '/console/auditLog/verify', {}, token)).json.data).toEqual({ ok: true, count: 3, firstBroken: null });
    const trail = a.auditTrail!;
    const second = trail.store.list({ sortOrder: 'asc' }).list[1];
    trail.store.db.run('UPDATE audit_log SET username = ? WHERE id = ?', ['mallory', second.id]);
    expect((await post(a, '/console/auditLog/verify', {}, token)).json.data).toMatchObject({ ok: false, firstBroken: { id: second.id } });
  });
});

describe('the trail itself', () => {
  const input = (atMs: number, i = 0) => ({ atMs, userId: 1, username: 'admin', roles: 'super', ip: '127.0.0.1', operation: 'goods.update', area: 'goods', entity: 'goods', targetIds: String(i), outcome: 1 as const, code: 200, status: 200, message: '', servedBy: 'mock' as const, fields: '{}', changes: '' });

  test('retention prunes old entries and the chain still verifies from its new anchor', () => {
    let now = Date.UTC(2026, 0, 1);
    const trail = new AuditTrail(new AuditStore(sqliteDriver(':memory:')), { retentionDays: 30, now: () => now });
    for (let i = 0; i < 5; i++) trail.record(input(now - 40 * 86_400_000, i));
    for (let i = 0; i < 3; i++) trail.record(input(now, i));
    trail.flush();
    expect(trail.prune()).toBe(5);
    expect(trail.verify()).toEqual({ ok: true, count: 3, firstBroken: null });
    now += 1;
    trail.close();
  });

  test('a burst of 10,000 writes: none blocks, every entry is written or counted as dropped', () => {
    const trail = new AuditTrail(new AuditStore(sqliteDriver(':memory:')), { maxQueue: 4000, retentionDays: 0 });
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) if (trail.record(input(Date.now(), i))) accepted++;
    trail.flush();
    expect(accepted).toBe(4000);
    expect(trail.counts).toEqual({ recorded: 4000, written: 4000, dropped: 6000 });
    expect(trail.verify()).toMatchObject({ ok: true, count: 4000 });
    trail.close();
  });

  test('the trail survives a restart: a second open continues the chain', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-')), 'audit.sqlite');
    const one = new AuditTrail(new AuditStore(sqliteDriver(file)), { retentionDays: 0 });
    one.record(input(Date.now(), 1));
    one.close();
    one.store.close();
    const two = new AuditTrail(new AuditStore(sqliteDriver(file)), { retentionDays: 0 });
    two.record(input(Date.now(), 2));
    expect(two.verify()).toEqual({ ok: true, count: 2, firstBroken: null });
    two.close();
    two.store.close();
  });
});

describe('proxy mode', () => {
  test("a write relayed to the platform leaves one entry with the platform's user", async () => {
    stub = await startPlatformStub();
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: stub.url });
    await post(a, '/v1/feedbackType/add', { typeName: '审计', sort: 1 }, STUB_ADMIN_TOKEN);
    await post(a, '/v1/feedbackType/list', { pageNum: 1 }, STUB_ADMIN_TOKEN);
    await expect.poll(() => a.auditTrail!.counts.recorded).toBe(1);
    const page = await entries(a, STUB_ADMIN_TOKEN);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ username: 'admin', roles: 'super', operation: 'feedbackType.add', servedBy: 'platform', outcome: 0, status: 404 });
    expect(JSON.parse(page.list[0].fields)).toEqual({ typeName: '审计', sort: 1 });
  });

  test('hybrid: a write the mock answers (MOCK_ENDPOINTS) is kept as the mock\'s, with before → after', async () => {
    stub = await startPlatformStub();
    const a = await app({ MODE: 'hybrid', UPSTREAM_URL: stub.url, MOCK_ENDPOINTS: '/v1/goodsTag/**', SCALE: '0.25' });
    const tag = (await post(a, '/v1/goodsTag/list', { pageNum: 1, pageSize: 1 }, STUB_ADMIN_TOKEN)).json.data.list[0];
    const r = await post(a, '/v1/goodsTag/update', { id: tag.id, sort: 42 }, STUB_ADMIN_TOKEN);
    expect(r.json.code).toBe(200);
    const page = await entries(a, STUB_ADMIN_TOKEN);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ operation: 'goodsTag.update', servedBy: 'mock', outcome: 1, targetIds: String(tag.id) });
    expect(JSON.parse(page.list[0].changes)).toMatchObject({ sort: [tag.sort, 42] });
  });
});
