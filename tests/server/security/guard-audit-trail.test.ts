import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/config.js';
import { parseHead, verdictOf, verifyConfiguredTrail } from '../../../server/audit/verify.js';
import { call, logSink, makeApp, signIn } from '../helpers.js';
import { startPlatformStub, STUB_ADMIN_TOKEN } from '../platform-stub.js';

/**
 * The audit trail nobody steps around: a store that cannot take an entry refuses the audited
 * write before it is carried out or relayed (or, with AUDIT_ON_FAILURE=continue, the write goes on
 * and the gap is recorded and verified); AUDIT_MAX_MB bounds the trail; a stranger's flood is one
 * entry per address and minute; `/healthz` tells the trail's state; the head in the log and
 * `audit:verify --expect-head` find entries deleted from the end.
 */

const toClose: Array<() => Promise<unknown>> = [];
const dirs: string[] = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
async function app(env: Record<string, string> = {}, deps = {}) {
  const { app } = await makeApp(env.MODE ? env : { MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.25', ...env }, deps);
  toClose.push(() => app.close());
  return app;
}
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-guard-'));
  dirs.push(d);
  return d;
};
const post = (a: FastifyInstance, url: string, body: unknown, token?: string) => call(a, 'POST', url, { token, body });
const health = async (a: FastifyInstance) => (await a.inject({ method: 'GET', url: '/healthz' })).json();
const goodsName = async (a: FastifyInstance, token: string, id: number) => (await post(a, '/v1/goods/info', { id }, token)).json.data.goodsName as string;
const breakStore = (a: FastifyInstance) => a.auditTrail!.store.db.exec('ALTER TABLE audit_log RENAME TO audit_log_away');
const mendStore = (a: FastifyInstance) => a.auditTrail!.store.db.exec('ALTER TABLE audit_log_away RENAME TO audit_log');
const SLOW = { timeout: 8000, interval: 50 };

test('a failing store: the write under way is kept and written later; the next audited write is refused with nothing changed; /healthz says so', async () => {
  const a = await app();
  const token = await signIn(a);
  expect(await health(a)).toMatchObject({ status: 'ok', audit: { state: 'ok', onFailure: 'refuse', refusing: false } });
  const g = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
  await breakStore(a);
  // Carried out before the failure is known: its entry waits for the store.
  expect((await post(a, '/v1/goods/update', { id: g.id, goodsName: '审计-A' }, token)).json.code).toBe(200);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('failing');
  expect(await health(a)).toMatchObject({ status: 'degraded', audit: { state: 'failing', refusing: true } });
  const refused = await post(a, '/v1/goods/update', { id: g.id, goodsName: '审计-B' }, token);
  expect(refused.status).toBe(503);
  expect(refused.json).toMatchObject({ code: 503, data: null, key: 'audit.unavailable', message: 'The audit trail cannot record this now; nothing was changed, try again later' });
  expect(await goodsName(a, token, g.id)).toBe('审计-A');
  // A reveal is refused as well; reads go on.
  const card = (await post(a, '/v1/card/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
  expect((await post(a, '/v1/card/reveal', { id: card.id }, token)).status).toBe(503);
  await mendStore(a);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('ok');
  expect((await post(a, '/v1/goods/update', { id: g.id, goodsName: '审计-C' }, token)).json.code).toBe(200);
  const page = (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 10, sortOrder: 'asc' }, token)).json.data;
  expect(page.list.map((e: { operation: string; changes: string }) => [e.operation, JSON.parse(e.changes).goodsName?.[1]])).toEqual([
    ['goods.update', '审计-A'],
    ['goods.update', '审计-C'],
  ]);
  expect((await post(a, '/console/auditLog/verify', {}, token)).json.data).toMatchObject({ ok: true, count: 2, gaps: { entries: 0, lost: 0 } });
}, 30_000);

test('the refusal speaks the client\'s language (zh_CN by default)', async () => {
  const a = await app({ MESSAGES: 'localized' });
  const token = await signIn(a);
  await breakStore(a);
  await post(a, '/v1/goods/add', { goodsName: 'x' }, token);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('failing');
  const zh = await post(a, '/v1/goods/update', { id: 1, goodsName: 'y' }, token);
  expect(zh.json).toMatchObject({ code: 503, data: null, message: '操作审计暂时无法记录，本次操作未执行，请稍后重试' });
  await mendStore(a);
}, 30_000);

test('AUDIT_MAX_MB: a trail at its bound refuses audited writes (nothing changed) and /healthz says full; with AUDIT_ON_FAILURE=continue the write goes on and verify reports the gap', async () => {
  const a = await app({ AUDIT_MAX_MB: '0.001' });
  const token = await signIn(a);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('full');
  expect(await health(a)).toMatchObject({ status: 'degraded', audit: { state: 'full', refusing: true, maxMb: 0.001 } });
  const g = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
  expect((await post(a, '/v1/goods/update', { id: g.id, goodsName: '满了' }, token)).json).toMatchObject({ code: 503, key: 'audit.unavailable' });
  expect(await goodsName(a, token, g.id)).toBe(g.goodsName);

  const c = await app({ AUDIT_MAX_MB: '0.001', AUDIT_ON_FAILURE: 'continue' });
  const ct = await signIn(c);
  await expect.poll(async () => (await health(c)).audit.state, SLOW).toBe('full');
  expect((await health(c)).audit).toMatchObject({ refusing: false, onFailure: 'continue' });
  expect((await post(c, '/v1/goods/update', { id: g.id, goodsName: '继续' }, ct)).json.code).toBe(200);
  expect(await goodsName(c, ct, g.id)).toBe('继续');
  await expect.poll(async () => (await post(c, '/console/auditLog/verify', {}, ct)).json.data.gaps, SLOW).toEqual({ entries: 1, lost: 1 });
  const gap = (await post(c, '/console/auditLog/list', { pageNum: 1, pageSize: 5, operation: 'audit.gap' }, ct)).json.data.list[0];
  expect(gap).toMatchObject({ servedBy: 'console', area: 'system' });
  expect(JSON.parse(gap.fields)).toMatchObject({ lost: 1, reasons: ['full'] });
}, 30_000);

test('a stranger\'s flood of 1,000 refused writes from one address is one entry with the count', async () => {
  const file = path.join(tempDir(), 'audit.sqlite');
  const a = await app({ AUDIT_DB: file });
  const size = async () => a.auditTrail!.store.sizeBytes();
  await a.auditTrail!.flush();
  const before = await size();
  for (let i = 0; i < 1000; i++) {
    const r = await a.inject({ method: 'POST', url: i % 2 ? '/v1/goods/update' : '/v1/member/update', headers: { 'content-type': 'application/json' }, payload: { id: 1 + (i % 20), goodsName: 'x'.repeat(20), sort: i }, remoteAddress: '203.0.113.9' });
    expect(r.json().code).toBe(401);
  }
  const token = await signIn(a);
  const page = (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 50 }, token)).json.data;
  // One entry for the minute (two when the flood crossed a minute's end).
  expect(page.total).toBeLessThanOrEqual(2);
  for (const e of page.list) expect(e).toMatchObject({ operation: 'anonymous.refused', ip: '203.0.113.9', userId: 0, outcome: 0, code: 401, servedBy: 'mock' });
  const counts = page.list.map((e: { fields: string }) => JSON.parse(e.fields) as { attempts: number });
  expect(counts.reduce((n: number, c: { attempts: number }) => n + c.attempts, 0)).toBe(1000);
  if (page.total === 1) expect(counts[0]).toMatchObject({ attempts: 1000, operations: { 'member.update': 500, 'goods.update': 500 } });
  // One small entry, not 1,000 (about 300 KB before).
  expect((await size()) - before).toBeLessThanOrEqual(8192);
}, 60_000);

test('proxy: a write is not relayed while the trail fails (a 503 envelope); a caller the platform does not know is counted per address and minute', async () => {
  const stub = await startPlatformStub();
  toClose.push(() => stub.close());
  const a = await app({ MODE: 'proxy', UPSTREAM_URL: stub.url });
  for (let i = 0; i < 5; i++) expect((await post(a, '/v1/feedbackType/add', { typeName: `陌生${i}`, sort: 1 })).json.code).toBe(401);
  await breakStore(a);
  await post(a, '/v1/feedbackType/add', { typeName: '审计-1', sort: 1 }, STUB_ADMIN_TOKEN);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('failing');
  const sent = stub.received.length;
  const refused = await post(a, '/v1/feedbackType/%61dd', { typeName: '审计-2', sort: 1 }, STUB_ADMIN_TOKEN);
  expect(refused.status).toBe(503);
  expect(refused.json).toMatchObject({ code: 503, data: null, key: 'audit.unavailable' });
  expect(stub.received.length).toBe(sent);
  // Reads are relayed as ever.
  expect((await post(a, '/v1/feedbackType/list', { pageNum: 1 }, STUB_ADMIN_TOKEN)).status).toBe(200);
  await mendStore(a);
  await expect.poll(async () => (await health(a)).audit.state, SLOW).toBe('ok');
  const page = (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 10, sortOrder: 'asc' }, STUB_ADMIN_TOKEN)).json.data;
  const list = page.list as { operation: string; username: string; fields: string }[];
  expect(list.filter((e) => e.operation === 'feedbackType.add').map((e) => e.username)).toEqual(['admin']);
  // Counted per minute: one entry (two when the attempts crossed a minute's end).
  const anonymous = list.filter((e) => e.operation === 'anonymous.refused');
  expect(anonymous.length).toBeGreaterThanOrEqual(1);
  expect(list).toHaveLength(1 + anonymous.length);
  expect(anonymous.reduce((n, e) => n + (JSON.parse(e.fields) as { operations: Record<string, number> }).operations['feedbackType.add'], 0)).toBe(5);
}, 30_000);

test('the key is made beside the trail (mode 0600), the head is logged at each batch, and audit:verify --expect-head finds entries deleted from the end', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'audit.sqlite');
  const sink = logSink();
  const a = await app({ AUDIT_DB: file, LOG_LEVEL: 'info' }, { logStream: sink.stream });
  const token = await signIn(a);
  const goods = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 4 }, token)).json.data.list;
  let older: string | null = null;
  for (const [i, g] of goods.entries()) {
    await post(a, '/v1/goods/update', { id: g.id, sort: 5 }, token);
    await a.auditTrail!.flush();
    // The head the console sealed while #2 was the newest (what a backup of the database holds).
    if (i === 1) older = await a.auditTrail!.store.meta('head');
  }
  await a.close();
  const keyFile = path.join(dir, 'audit.key');
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  const heads = sink.lines.map((l) => JSON.parse(l) as { auditHead?: string }).filter((l) => l.auditHead).map((l) => l.auditHead!);
  expect(heads).toHaveLength(4);
  const logged = parseHead(heads[3])!;
  expect(logged.id).toBe(4);
  const config = loadConfig([], { AUDIT_DB: file });
  expect(verdictOf(await verifyConfiguredTrail(config, logged))).toMatchObject({ code: 0 });
  // The newest entries deleted and the older head put back: the store alone cannot tell, the logged head can.
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(file);
  db.prepare('DELETE FROM audit_log WHERE id > 2').run();
  db.prepare("UPDATE audit_meta SET value = ? WHERE key = 'head'").run(older!);
  db.close();
  expect(await verifyConfiguredTrail(config)).toMatchObject({ ok: true, count: 2 });
  const v = verdictOf(await verifyConfiguredTrail(config, logged));
  expect(v.code).toBe(1);
  expect(v.line).toMatch(/broken at entry #3 \(entries 3–4 are missing/);
  await expect(verifyConfiguredTrail(loadConfig([], { AUDIT_DB: file, AUDIT_KEY: 'k'.repeat(32) }))).rejects.toThrow(/not the key this trail was written with/);
}, 30_000);
