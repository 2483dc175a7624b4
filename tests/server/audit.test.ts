import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AuditStore, AuditTrail, postgresDriver, sqliteDriver, sqliteWorkerDriver, type SqlDriver } from '../../server/audit/index.js';
import { pgliteDriver } from '../../server/audit/pglite.js';
import type { AuditQuery } from '../../server/audit/store.js';
import { envelopeOf } from '../../server/audit/capture.js';
import { digest, EntryBatch, inputsOf, insertSql, legacyDigest, markerText, RequestBody, valuesOf, wallClock, type AuditAppendRow } from '../../server/audit/entries.js';
import { parseHead } from '../../server/audit/verify.js';
import { randomBytes } from 'node:crypto';
import { call, makeApp, signIn } from './helpers.js';
import { startPlatformStub, STUB_ADMIN_TOKEN, type PlatformStub } from './platform-stub.js';

/**
 * The audit trail: writes through the mock and through the proxy each leave one entry
 * with who, what, target, outcome and redacted fields (and, from the mock, before → after); refused
 * writes and reveals are kept; reads are not; the chain verifies and names a tampered entry;
 * retention prunes; a burst beyond the queue never blocks and counts what it dropped; only an
 * administrator reads the log. The store and trail cases run on SQLite and PostgreSQL (PGlite, and a
 * real server when `AUDIT_TEST_DATABASE_URL` is set); two consoles on one PostgreSQL trail keep one chain.
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

  test('a write and a reveal under a spelled path (percent escapes, doubled escapes) are carried out and each leaves its entry', async () => {
    const a = await app();
    const token = await signIn(a);
    const g = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
    const card = (await post(a, '/v1/card/list', { pageNum: 1, pageSize: 1 }, token)).json.data.list[0];
    expect((await post(a, '/v1/goods/%75pdate', { id: g.id, goodsName: `${g.goodsName}·拼` }, token)).json.code).toBe(200);
    expect((await post(a, '/v1/card/r%65veal', { id: card.id }, token)).json.code).toBe(200);
    expect((await post(a, '/api/v1/%63ard/reveal', { id: card.id }, token)).status).toBeLessThan(500);
    const page = await entries(a, token, { sortOrder: 'asc' });
    expect(page.list.map((e) => [e.operation, e.targetIds, e.outcome])).toEqual([
      ['goods.update', String(g.id), 1],
      ['card.reveal', String(card.id), 1],
      ['card.reveal', String(card.id), expect.any(Number)],
    ]);
    expect(JSON.parse(page.list[0].changes)).toEqual({ goodsName: [g.goodsName, `${g.goodsName}·拼`] });
  });

  test('only an administrator reads the log; a bad filter is refused by name', async () => {
    const a = await app();
    const operator = await signIn(a, 'operator', 'operator123');
    expect((await post(a, '/console/auditLog/list', {}, operator)).status).toBe(403);
    expect((await post(a, '/console/auditLog/list', {})).status).toBe(401);
    // The refusal names the audit log, in the client's language, on each of its endpoints.
    for (const url of ['/console/auditLog/list', '/console/auditLog/info', '/console/auditLog/verify']) {
      const refused = await post(a, url, { id: 1 }, operator);
      expect(refused.json, url).toMatchObject({ code: 403, data: null, message: 'The audit log is for administrators' });
    }
    const localized = await app({ MESSAGES: 'localized' });
    const op = await signIn(localized, 'operator', 'operator123');
    const zh = await localized.inject({ method: 'POST', url: '/console/auditLog/list', headers: { authorization: op, 'content-type': 'application/json' }, payload: '{}' });
    expect(zh.json()).toMatchObject({ code: 403, message: '操作审计仅供管理员查看' });
    const en = await localized.inject({ method: 'POST', url: '/console/auditLog/list', headers: { authorization: op, 'content-type': 'application/json', 'accept-language': 'en' }, payload: '{}' });
    expect(en.json()).toMatchObject({ code: 403, message: 'The audit log is for administrators' });
    const admin = await signIn(a);
    const bad = await post(a, '/console/auditLog/list', { pageNum: 'x' }, admin);
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toMatch(/pageNum/);
  });

  test('a log whose store cannot be read answers 503 with a message, and reads again once the store is back', async () => {
    const a = await app();
    const admin = await signIn(a);
    await a.auditTrail!.flush();
    await a.auditTrail!.store.db.exec('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      for (const url of ['/console/auditLog/list', '/console/auditLog/info', '/console/auditLog/verify']) {
        const res = await post(a, url, { id: 1 }, admin);
        expect({ url, status: res.status, body: res.json }).toMatchObject({ url, status: 503, body: { code: 503, data: null, message: 'The audit trail cannot be read now; try again later' } });
      }
    } finally {
      await a.auditTrail!.store.db.exec('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
    expect((await post(a, '/console/auditLog/list', {}, admin)).json.code).toBe(200);
  });

  test('paging and ids of the log have maxima: pageNum 1e300 and an id beyond 2^53 − 1 are refused naming the field', async () => {
    const a = await app();
    const token = await signIn(a);
    const raw = (url: string, payload: string) => a.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': 'application/json' }, payload });
    for (const [url, payload, field] of [
      ['/console/auditLog/list', '{"pageNum":1e300,"pageSize":10}', 'pageNum'],
      ['/console/auditLog/info', '{"id":9007199254740993}', 'id'],
    ]) {
      const r = await raw(url, payload);
      expect(r.statusCode, payload).toBe(400);
      expect(r.json(), payload).toMatchObject({ code: 400, data: null, field });
    }
    expect((await raw('/console/auditLog/list', '{"pageNum":9007199254740991,"pageSize":1000}')).json()).toMatchObject({ code: 200, data: { list: [] } });
  });

  test('the chain verifies, and a changed entry is named', async () => {
    const a = await app();
    const token = await signIn(a);
    const goods = (await post(a, '/v1/goods/list', { pageNum: 1, pageSize: 3 }, token)).json.data.list;
    for (const g of goods) await post(a, '/v1/goods/update', { id: g.id, sort: 7 }, token);
    expect((await post(a, '/console/auditLog/verify', {}, token)).json.data).toMatchObject({ ok: true, count: 3, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    const trail = a.auditTrail!;
    const second = (await trail.store.list({ sortOrder: 'asc' })).list[1];
    await trail.store.db.run('UPDATE audit_log SET username = ? WHERE id = ?', ['mallory', second.id]);
    expect((await post(a, '/console/auditLog/verify', {}, token)).json.data).toMatchObject({ ok: false, firstBroken: { id: second.id } });
  });
});

/**
 * The store and the trail on every driver: SQLite (`node:sqlite`) and PostgreSQL
 * in-process through PGlite run the same cases; a real PostgreSQL server joins when
 * `AUDIT_TEST_DATABASE_URL` names one (each case in a schema of its own, dropped afterwards).
 */
interface DriverKind {
  name: string;
  /** A fresh, empty store's driver; the same `dir` (a temp folder) again reopens that store (a restart). */
  open(dir?: string): Promise<SqlDriver>;
}
const REAL_PG = process.env.AUDIT_TEST_DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
  dirs.push(d);
  return d;
};
/** PostgreSQL cases each get a schema of their own, one per `dir` so that a reopen finds its data. */
const schemas: string[] = [];
const schemaOf = new Map<string, string>();
function schemaFor(kind: string, dir: string | undefined): { schema: string; fresh: boolean } {
  const known = dir && schemaOf.get(`${kind}:${dir}`);
  if (known) return { schema: known, fresh: false };
  const schema = `audit_test_${process.pid}_${schemas.length}`;
  schemas.push(schema);
  if (dir) schemaOf.set(`${kind}:${dir}`, schema);
  return { schema, fresh: true };
}
// One in-process PostgreSQL for the file (starting PGlite's WASM costs seconds on a busy machine).
let pglite: Promise<PGlite> | null = null;
const DRIVERS: DriverKind[] = [
  { name: 'SQLite', open: async (dir) => sqliteDriver(dir ? path.join(dir, 'audit.sqlite') : ':memory:') },
  // A console's file trail: the same SQL on a worker thread.
  { name: 'SQLite in a worker', open: async (dir) => sqliteWorkerDriver(dir ? path.join(dir, 'audit.sqlite') : ':memory:') },
  {
    name: 'PGlite',
    open: async (dir) => {
      const db = await (pglite ??= PGlite.create());
      const { schema, fresh } = schemaFor('PGlite', dir);
      if (fresh) await db.exec(`CREATE SCHEMA ${schema}`);
      // One session, cases one at a time: the search path names this case's schema.
      await db.exec(`SET search_path TO ${schema}`);
      return pgliteDriver(db, { shared: true });
    },
  },
  ...(REAL_PG
    ? [{
        name: 'PostgreSQL server',
        open: async (dir?: string) => {
          const { schema, fresh } = schemaFor('server', dir);
          if (fresh) {
            const admin = await postgresDriver(REAL_PG);
            await admin.exec(`CREATE SCHEMA ${schema}`);
            await admin.close();
          }
          const u = new URL(REAL_PG);
          u.searchParams.set('options', `-c search_path=${schema}`);
          return postgresDriver(u.toString());
        },
      }]
    : []),
];
afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await (await pglite)?.close();
  if (!REAL_PG || !schemas.length) return;
  const admin = await postgresDriver(REAL_PG);
  for (const s of schemas) await admin.exec(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  await admin.close();
});
/** The chain's key in these cases (a console's comes from AUDIT_KEY or its key file). */
const KEY = Buffer.from('audit-test-key-0123456789abcdef-0123456789');
const input = (atMs: number, i = 0) => ({ atMs, userId: 1, username: 'admin', roles: 'super', ip: '127.0.0.1', operation: 'goods.update', area: 'goods', entity: 'goods', targetIds: String(i), outcome: 1 as 0 | 1, code: 200, status: 200, message: '', servedBy: 'mock' as const, fields: '{}', changes: '' });

describe.each(DRIVERS)('the trail itself on $name', (kind) => {
  // PGlite's WASM PostgreSQL starts here, under a hook's own time (10 s alone, 30+ s at load 6+,
  // where the first case timed out), not inside the first case's time.
  beforeAll(async () => {
    if (kind.name === 'PGlite') await (pglite ??= PGlite.create());
  }, 120_000);
  const T = 30_000;
  const open = async (opts: ConstructorParameters<typeof AuditTrail>[1], dir?: string) => new AuditTrail(await AuditStore.open(await kind.open(dir), KEY), opts);
  const shut = async (trail: AuditTrail) => {
    await trail.close();
    await trail.store.close();
  };

  test('retention prunes old entries and the chain still verifies from its new anchor', async () => {
    let now = Date.UTC(2026, 0, 1);
    const trail = await open({ retentionDays: 30, now: () => now });
    for (let i = 0; i < 5; i++) trail.record(input(now - 40 * 86_400_000, i));
    for (let i = 0; i < 3; i++) trail.record(input(now, i));
    await trail.flush();
    expect(await trail.prune()).toBe(5);
    expect(await trail.verify()).toMatchObject({ ok: true, count: 3, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    // Appends after a prune continue from the kept tail.
    now += 1;
    trail.record(input(now, 9));
    expect(await trail.verify()).toMatchObject({ ok: true, count: 4, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    await shut(trail);
  }, T);

  test('a burst of 10,000 writes: none blocks, every entry is written or counted as dropped', async () => {
    const trail = await open({ maxQueue: 4000, retentionDays: 0 });
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) if (trail.record(input(Date.now(), i))) accepted++;
    await trail.flush();
    expect(accepted).toBe(4000);
    expect(trail.counts).toEqual({ recorded: 4000, written: 4000, dropped: 6000, anonymous: 0 });
    // What was dropped is recorded in the chain as one gap, which verify reports.
    expect(await trail.verify()).toMatchObject({ ok: true, count: 4001, gaps: { entries: 1, lost: 6000 } });
    await shut(trail);
  }, T);

  test('the trail survives a restart: a second open continues the chain', async () => {
    const dir = tempDir();
    const one = await open({ retentionDays: 0 }, dir);
    one.record(input(Date.now(), 1));
    await shut(one);
    const two = await open({ retentionDays: 0 }, dir);
    two.record(input(Date.now(), 2));
    expect(await two.verify()).toMatchObject({ ok: true, count: 2, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    await shut(two);
  }, T);

  test('verification names a changed entry, a removed entry and a re-linked entry', async () => {
    const trail = await open({ retentionDays: 0 });
    for (let i = 1; i <= 6; i++) trail.record(input(Date.now(), i));
    expect(await trail.verify()).toMatchObject({ ok: true, count: 6, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    await trail.store.db.run('UPDATE audit_log SET target_ids = ? WHERE id = ?', ['66', 5]);
    expect(await trail.verify()).toMatchObject({ ok: false, firstBroken: { id: 5, reason: 'changed after it was written' } });
    await trail.store.db.run('DELETE FROM audit_log WHERE id = ?', [3]);
    expect(await trail.verify()).toMatchObject({ ok: false, firstBroken: { id: 4, reason: 'missing entries 3–3' } });
    await trail.store.db.run('UPDATE audit_log SET prev_hash = ? WHERE id = ?', ['0'.repeat(64), 2]);
    expect(await trail.verify()).toMatchObject({ ok: false, firstBroken: { id: 2, reason: 'does not follow the previous entry' } });
    await shut(trail);
  }, T);

  test('the list filters, pages and sorts the same', async () => {
    const trail = await open({ retentionDays: 0 });
    const at = Date.UTC(2026, 10, 20, 2); // 2026-11-20 10:00:00 in UTC+8
    const e = (i: number, patch: Partial<ReturnType<typeof input>>) => trail.record({ ...input(at + i * 3600_000, i), ...patch });
    e(0, { username: 'admin', operation: 'order.refund', area: 'order', entity: 'order', targetIds: '12,O2026112000012', fields: '{"reason":"broken_key"}' });
    e(1, { username: 'operator', operation: 'order.update', area: 'order', entity: 'order', targetIds: '112', outcome: 0, code: 400, status: 200, message: 'x' });
    e(2, { username: 'admin', operation: 'goods.update', targetIds: '12' });
    e(3, { username: 'auditor_1', operation: 'card.reveal', area: 'goods', entity: 'card', targetIds: '7' });
    e(4, { username: 'admin', operation: 'member.adjust', area: 'member', entity: 'member', targetIds: '3' });
    await trail.flush();
    const ids = async (q: AuditQuery) => (await trail.store.list({ pageSize: 50, ...q })).list.map((r) => r.id);
    expect(await ids({})).toEqual([5, 4, 3, 2, 1]);
    expect(await ids({ sortOrder: 'asc' })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ sortField: 'username', sortOrder: 'asc' })).toEqual([1, 3, 5, 4, 2]);
    expect(await ids({ sortField: 'operation', sortOrder: 'desc' })).toEqual([2, 1, 5, 3, 4]);
    expect(await ids({ username: 'adm' })).toEqual([5, 3, 1]);
    expect(await ids({ username: 'r_1' })).toEqual([4]); // `_` is a character, not a wildcard
    expect(await ids({ operation: 'order.' })).toEqual([2, 1]);
    expect(await ids({ area: 'order' })).toEqual([2, 1]);
    expect(await ids({ entity: 'card' })).toEqual([4]);
    expect(await ids({ targetIds: '12' })).toEqual([3, 1]);
    expect(await ids({ targetIds: 'O2026112000012' })).toEqual([1]);
    expect(await ids({ outcome: 0 })).toEqual([2]);
    expect(await ids({ createTime: ['2026-11-20 11:00:00', '2026-11-20 13:00:00'] })).toEqual([4, 3, 2]);
    expect(await ids({ keyword: 'broken_key' })).toEqual([1]);
    expect(await trail.store.list({ pageNum: 2, pageSize: 2 })).toMatchObject({ total: 5, list: [{ id: 3 }, { id: 2 }] });
    expect(await trail.store.info(2)).toMatchObject({ id: 2, username: 'operator', outcome: 0, code: 400, createTime: '2026-11-20 11:00:00', updateTime: '2026-11-20 11:00:00' });
    expect(await trail.store.info(99)).toBeNull();
    // Entries written after the log was sorted (its sort indexes made) are sorted with the rest.
    e(5, { username: 'aaron', operation: 'zone.update' });
    await trail.flush();
    expect(await ids({ sortField: 'username', sortOrder: 'asc' })).toEqual([6, 1, 3, 5, 4, 2]);
    expect((await ids({ sortField: 'operation', sortOrder: 'desc' }))[0]).toBe(6);
    expect(await trail.verify()).toMatchObject({ ok: true, count: 6 });
    await shut(trail);
  }, T);

  test('a store that refuses a batch: the batch is kept and written once the store takes it again; meanwhile the trail is failing and refuses reservations', async () => {
    const errors: unknown[] = [];
    let recovered = 0;
    const trail = await open({ retentionDays: 0, flushMs: 1, retryMs: 5, onError: (e) => errors.push(e), onRecover: () => recovered++ });
    trail.record(input(Date.now(), 1));
    await trail.flush();
    await trail.store.db.exec('ALTER TABLE audit_log RENAME TO audit_log_away');
    expect(trail.reserve()).toBe(true);
    trail.record(input(Date.now(), 2));
    trail.release();
    await expect.poll(() => trail.errors.batches).toBeGreaterThanOrEqual(1);
    expect(trail.health()).toMatchObject({ state: 'failing', refusing: true, lost: 0 });
    expect(trail.reserve()).toBe(false);
    // Told once, however often it is tried again.
    await expect.poll(() => trail.errors.batches).toBeGreaterThanOrEqual(3);
    expect(errors).toHaveLength(1);
    await trail.store.db.exec('ALTER TABLE audit_log_away RENAME TO audit_log');
    await expect.poll(() => trail.health().state).toBe('ok');
    expect(recovered).toBe(1);
    trail.record(input(Date.now(), 3));
    expect(await trail.verify()).toMatchObject({ ok: true, count: 3, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    expect(trail.counts).toMatchObject({ recorded: 3, written: 3, dropped: 0 });
    await shut(trail);
  }, T);

  test('a careful editor is found: the newest entries deleted, the chain re-hashed after an edit, a fake prune through the meta table, a moved at_ms', async () => {
    const at = Date.UTC(2026, 0, 1);
    const fresh = async () => {
      const t = await open({ retentionDays: 0 });
      for (let i = 1; i <= 5; i++) t.record(input(at + i * 1000, i));
      await t.flush();
      expect(await t.verify()).toMatchObject({ ok: true, count: 5 });
      return t;
    };
    const rows = async (t: AuditTrail) => {
      const out = [];
      for await (const r of t.store.scan()) out.push(r);
      return out;
    };
    // Deleting the newest entries.
    let t = await fresh();
    await t.store.db.run('DELETE FROM audit_log WHERE id > ?', [3]);
    expect(await t.verify()).toMatchObject({ ok: false, firstBroken: { id: 4, reason: "entries 4–5 were deleted (the trail's head is #5)" } });
    await shut(t);
    // An edit, the chain re-computed after it (with the unkeyed sha256 and with a key not the trail's), the head re-sealed with it.
    for (const rehash of [(prev: string, r: AuditAppendRow) => legacyDigest(prev, r), (prev: string, r: AuditAppendRow) => digest(randomBytes(32), { ...r, prevHash: prev })]) {
      t = await fresh();
      let prev = '';
      for (const r of await rows(t)) {
        const row = { ...r, username: r.id === 2 ? 'mallory' : r.username, prevHash: prev };
        row.hash = rehash(prev, row);
        await t.store.db.run('UPDATE audit_log SET username = ?, prev_hash = ?, hash = ? WHERE id = ?', [row.username, row.prevHash, row.hash, r.id]);
        prev = row.hash;
      }
      await t.store.db.run("UPDATE audit_meta SET value = ? WHERE key = 'head'", [markerText(randomBytes(32), 'head', 5, prev)]);
      expect(await t.verify()).toMatchObject({ ok: false, firstBroken: { id: 1, reason: 'changed after it was written' } });
      await shut(t);
    }
    // A prune the console did not make: the oldest entries deleted and the anchor moved through audit_meta.
    t = await fresh();
    const second = (await rows(t))[1];
    await t.store.db.run('DELETE FROM audit_log WHERE id <= ?', [2]);
    await t.store.db.run("INSERT INTO audit_meta (key, value) VALUES ('anchor_id', '2'), ('anchor_hash', ?)", [second.hash]);
    expect(await t.verify()).toMatchObject({ ok: false, firstBroken: { id: 3, reason: expect.stringMatching(/anchor/) } });
    await shut(t);
    // The time an entry was written, moved.
    t = await fresh();
    await t.store.db.run('UPDATE audit_log SET at_ms = at_ms - ? WHERE id = ?', [200 * 86_400_000, 3]);
    expect(await t.verify()).toMatchObject({ ok: false, firstBroken: { id: 3, reason: 'changed after it was written' } });
    await shut(t);
  }, T);

  test('the head the log named finds entries deleted from the end, even when an older head was put back', async () => {
    const heads: string[] = [];
    const t = await open({ retentionDays: 0, onHead: (h) => heads.push(`${h.id}:${h.hash}`) });
    for (let i = 1; i <= 3; i++) t.record(input(Date.now(), i));
    await t.flush();
    const older = await t.store.meta('head');
    for (let i = 4; i <= 5; i++) t.record(input(Date.now(), i));
    await t.flush();
    const logged = heads[heads.length - 1];
    expect(logged).toMatch(/^5:[0-9a-f]{64}$/);
    expect(await t.verify({ expectHead: parseHead(logged)! })).toMatchObject({ ok: true, count: 5, head: { id: 5 } });
    await t.store.db.run('DELETE FROM audit_log WHERE id > ?', [3]);
    await t.store.db.run("UPDATE audit_meta SET value = ? WHERE key = 'head'", [older]);
    // Undone so carefully the store alone cannot tell; the log's head can.
    expect(await t.verify()).toMatchObject({ ok: true, count: 3 });
    expect(await t.verify({ expectHead: parseHead(logged)! })).toMatchObject({ ok: false, firstBroken: { id: 4, reason: expect.stringMatching(/missing: the log named #5 as the head, the trail ends at #3/) } });
    expect(await t.verify({ expectHead: parseHead(heads[0])! })).toMatchObject({ ok: true });
    await shut(t);
  }, T);

  test('a trail written before the chain was keyed still verifies after the upgrade, continues keyed, and an edit of an old entry is found', async () => {
    const db = await kind.open();
    await (await AuditStore.open(db, KEY)).db.exec("DELETE FROM audit_meta; INSERT INTO audit_meta (key, value) VALUES ('version', '1')");
    let prev = '';
    for (let i = 1; i <= 3; i++) {
      const e = input(Date.UTC(2026, 0, 1) + i, i);
      const row: AuditAppendRow = { id: i, createTime: wallClock(e.atMs), ...e, prevHash: prev, hash: '' };
      row.hash = prev = legacyDigest(prev, row);
      await db.run(insertSql(1), valuesOf(row));
    }
    const trail = new AuditTrail(await AuditStore.open(db, KEY), { retentionDays: 0 });
    expect(await trail.verify()).toMatchObject({ ok: true, count: 3 });
    trail.record(input(Date.now(), 4));
    expect(await trail.verify()).toMatchObject({ ok: true, count: 4, firstBroken: null });
    await db.run('UPDATE audit_log SET username = ? WHERE id = ?', ['mallory', 2]);
    expect(await trail.verify()).toMatchObject({ ok: false, firstBroken: { id: 2, reason: 'changed after it was written' } });
    await expect(AuditStore.open(db, randomBytes(32))).rejects.toThrow(/not the key this trail was written with/);
    await shut(trail);
  }, T);

  test('a size bound: a warning at 80 %, then reservations refused when full (refuse), or the writes go on and the gap is recorded (continue)', async () => {
    for (const onFailure of ['refuse', 'continue'] as const) {
      const store = await AuditStore.open(await kind.open(), KEY);
      const base = await store.sizeBytes();
      const warnings: number[] = [];
      const trail = new AuditTrail(store, { retentionDays: 0, onFailure, maxBytes: base + 96 * 1024, flushMs: 5, onNearlyFull: (size) => warnings.push(size) });
      const states = new Set<string>();
      for (let i = 0; i < 400 && trail.health().state !== 'full'; i++) {
        expect(trail.reserve(), `${onFailure} #${i}`).toBe(true);
        trail.record({ ...input(Date.now(), i), fields: JSON.stringify({ note: randomBytes(1000).toString('hex') }) });
        trail.release();
        await trail.flush();
        states.add(trail.health().state);
      }
      expect([...states]).toEqual(['ok', 'nearlyFull', 'full']);
      expect(warnings).toHaveLength(1);
      const written = trail.counts.written;
      if (onFailure === 'refuse') {
        expect(trail.reserve()).toBe(false);
        expect(trail.health()).toMatchObject({ state: 'full', refusing: true, lost: 0 });
        expect(await trail.verify()).toMatchObject({ ok: true, count: written, gaps: { entries: 0, lost: 0 } });
      } else {
        for (let i = 0; i < 3; i++) {
          expect(trail.reserve()).toBe(true);
          trail.record(input(Date.now(), i));
        }
        await trail.flush();
        expect(trail.health()).toMatchObject({ state: 'full', refusing: false, lost: 3 });
        await expect.poll(async () => (await trail.verify()).gaps, { timeout: 5000 }).toEqual({ entries: 1, lost: 3 });
        expect(await trail.verify()).toMatchObject({ ok: true, count: written + 1 });
      }
      await shut(trail);
    }
  }, 60_000);

  test('refused anonymous attempts: one entry per address and minute, with the count by operation', async () => {
    const trail = await open({ retentionDays: 0 });
    const at = Date.UTC(2026, 0, 1, 0, 0, 5);
    for (let i = 0; i < 1000; i++) trail.recordAnonymous(at + i * 10, '203.0.113.7', i % 2 ? 'goods.update' : 'member.update', 401, 200, 'mock');
    for (let i = 0; i < 10; i++) trail.recordAnonymous(at + 60_000 + i, '203.0.113.7', 'goods.update', 401, 200, 'mock');
    trail.recordAnonymous(at, '198.51.100.1', 'goods.add', 401, 401, 'platform');
    await trail.flush();
    expect(trail.counts).toMatchObject({ anonymous: 1011, recorded: 3, written: 3 });
    const list = (await trail.store.list({ pageSize: 10, sortField: 'id', sortOrder: 'asc' })).list;
    expect(list.map((e) => [e.ip, e.operation, e.outcome, e.code, e.userId, JSON.parse(e.fields).attempts])).toEqual([
      ['203.0.113.7', 'anonymous.refused', 0, 401, 0, 1000],
      ['203.0.113.7', 'anonymous.refused', 0, 401, 0, 10],
      ['198.51.100.1', 'anonymous.refused', 0, 401, 0, 1],
    ]);
    expect(JSON.parse(list[0].fields)).toEqual({ attempts: 1000, operations: { 'member.update': 500, 'goods.update': 500 }, first: '2026-01-01 08:00:05', last: '2026-01-01 08:00:14' });
    expect(await trail.verify()).toMatchObject({ ok: true, count: 3 });
    await shut(trail);
  }, T);
});

describe('two consoles on one PostgreSQL trail (PGlite)', () => {
  test('interleaved batches from two writers make one chain that verifies', async () => {
    const kind = DRIVERS.find((d) => d.name === 'PGlite')!;
    const dir = tempDir();
    const [a, b] = await Promise.all([AuditStore.open(await kind.open(dir), KEY), AuditStore.open(await kind.open(dir), KEY)]);
    const one = new AuditTrail(a, { retentionDays: 0 });
    const two = new AuditTrail(b, { retentionDays: 0 });
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 3; i++) one.record({ ...input(Date.now(), round * 10 + i), username: 'one' });
      for (let i = 0; i < 2; i++) two.record({ ...input(Date.now(), round * 10 + i), username: 'two' });
      // Both flush at once: each reads the tail inside the lock, so neither forks the chain.
      await Promise.all([one.flush(), two.flush()]);
    }
    expect(one.counts.written + two.counts.written).toBe(25);
    for (const t of [one, two]) expect(await t.verify()).toMatchObject({ ok: true, count: 25, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    const rows = (await a.list({ pageSize: 100, sortOrder: 'asc' })).list;
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['one', 'two']));
    for (const t of [one, two]) {
      await t.close();
      await t.store.close();
    }
  }, 30_000);

  test.skipIf(!REAL_PG)('on a real server: two pools append concurrently, one chain', async () => {
    const kind = DRIVERS.find((d) => d.name === 'PostgreSQL server')!;
    const dir = tempDir();
    const [a, b] = [await AuditStore.open(await kind.open(dir), KEY), await AuditStore.open(await kind.open(dir), KEY)];
    const one = new AuditTrail(a, { retentionDays: 0 });
    const two = new AuditTrail(b, { retentionDays: 0 });
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 50; i++) one.record(input(Date.now(), i));
      for (let i = 0; i < 30; i++) two.record(input(Date.now(), i));
      await Promise.all([one.flush(), two.flush()]);
    }
    expect(await one.verify()).toMatchObject({ ok: true, count: 1600, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    for (const t of [one, two]) {
      await t.close();
      await t.store.close();
    }
  }, 60_000);
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

  test('a file trail (the SQLite worker): relayed writes are kept in order with their fields redacted, and the file verifies after a restart', async () => {
    stub = await startPlatformStub();
    const file = path.join(tempDir(), 'audit.sqlite');
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: stub.url, AUDIT_DB: file });
    for (let i = 1; i <= 3; i++) await post(a, '/v1/feedbackType/add', { typeName: `审计${i}`, sort: i, password: 'hunter2' }, STUB_ADMIN_TOKEN);
    await expect.poll(() => a.auditTrail!.counts.recorded).toBe(3);
    const page = await entries(a, STUB_ADMIN_TOKEN, { sortOrder: 'asc' });
    expect(page.total).toBe(3);
    expect(page.list.map((e) => JSON.parse(e.fields))).toEqual([1, 2, 3].map((i) => ({ typeName: `审计${i}`, sort: i, password: '[redacted]' })));
    expect(page.list[0]).toMatchObject({ operation: 'feedbackType.add', servedBy: 'platform', username: 'admin', outcome: 0, status: 404 });
    await a.close();
    apps = apps.filter((x) => x !== a);
    const again = await app({ MODE: 'proxy', UPSTREAM_URL: stub.url, AUDIT_DB: file });
    expect((await post(again, '/console/auditLog/verify', {}, STUB_ADMIN_TOKEN)).json.data).toMatchObject({ ok: true, count: 3, firstBroken: null, gaps: { entries: 0, lost: 0 } });
  });

  test('writes and reveals relayed under a spelled path (a percent escape, a `;x=1` segment, a doubled slash) each leave their entry', async () => {
    stub = await startPlatformStub();
    const a = await app({ MODE: 'proxy', UPSTREAM_URL: stub.url });
    const spelled = ['/v1/member/%75pdate', '/v1/card/r%65veal', '/v1/feedbackType/add;x=1', '/v1//feedbackType/add', '/api/v1/member/%2575pdate'];
    for (const url of spelled) expect((await post(a, url, { id: 3, typeName: '审计' }, STUB_ADMIN_TOKEN)).status).toBeLessThan(500);
    // Every spelling reached the platform, so every one is kept.
    expect(stub.received.filter((r) => spelled.includes(r.url))).toHaveLength(spelled.length);
    await expect.poll(() => a.auditTrail!.counts.recorded).toBe(spelled.length);
    const page = await entries(a, STUB_ADMIN_TOKEN, { sortOrder: 'asc' });
    expect(page.list.map((e) => e.operation)).toEqual(['member.update', 'card.reveal', 'feedbackType.add', 'feedbackType.add', 'member.update']);
    expect(page.list.every((e) => e.servedBy === 'platform' && e.username === 'admin')).toBe(true);
  });

  test('hybrid: a spelled write the mock answers (MOCK_ENDPOINTS) and one the platform answers are both kept', async () => {
    stub = await startPlatformStub();
    const a = await app({ MODE: 'hybrid', UPSTREAM_URL: stub.url, MOCK_ENDPOINTS: '/v1/goodsTag/**', SCALE: '0.25' });
    const tag = (await post(a, '/v1/goodsTag/list', { pageNum: 1, pageSize: 1 }, STUB_ADMIN_TOKEN)).json.data.list[0];
    expect((await post(a, '/v1/goodsTag/%75pdate', { id: tag.id, sort: 43 }, STUB_ADMIN_TOKEN)).json.code).toBe(200);
    await post(a, '/v1/feedbackType/%61dd', { typeName: '审计', sort: 1 }, STUB_ADMIN_TOKEN);
    await expect.poll(() => a.auditTrail!.counts.recorded).toBe(2);
    const page = await entries(a, STUB_ADMIN_TOKEN, { sortOrder: 'asc' });
    expect(page.list.map((e) => [e.operation, e.servedBy])).toEqual([
      ['goodsTag.update', 'mock'],
      ['feedbackType.add', 'platform'],
    ]);
    expect(JSON.parse(page.list[0].changes)).toMatchObject({ sort: [tag.sort, 43] });
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

describe('envelopeOf', () => {
  test("reads a refusal's code and message from the answer's bytes; a success's message only when asked", () => {
    const refusal = Buffer.from(JSON.stringify({ code: 400, data: null, message: '名称已存在 "x"', field: 'typeName' }));
    const success = Buffer.from(JSON.stringify({ code: 200, data: { typeName: '热卖' }, message: '操作成功' }));
    expect(envelopeOf(refusal)).toEqual({ code: 400, message: '名称已存在 "x"' });
    expect(envelopeOf(refusal, true)).toEqual({ code: 400, message: '名称已存在 "x"' });
    expect(envelopeOf(success)).toEqual({ code: 200, message: '操作成功' });
    expect(envelopeOf(success, true)).toEqual({ code: 200, message: '' });
    expect(envelopeOf(Buffer.from('<html>bad gateway</html>'), true)).toBeNull();
    expect(envelopeOf('{"code": -1, "message": "x"}', true)).toEqual({ code: -1, message: 'x' });
  });
});

describe('a platform exchange queued raw (made an entry where its batch is written)', () => {
  test('the entry is the one the observer used to build: ids, redacted fields, a refusal\'s message, the markers of bodies not kept', () => {
    const b = new EntryBatch(8);
    const who = { userId: 3, username: 'op', roles: '2' };
    const ok = Buffer.from(JSON.stringify({ code: 200, message: '操作成功', data: null }));
    const refused = Buffer.from(JSON.stringify({ code: 400, message: '名称已存在 "x"', data: null }));
    b.addExchange(1, who, '10.0.0.1', 'goods.update', 'goods', 'goods', false, 200, RequestBody.Bytes, Buffer.from('{"id":7,"phone":"13800000000"}'), ok);
    b.addExchange(2, null, '', 'goods.add', 'goods', 'goods', false, 200, RequestBody.Bytes, Buffer.from('{"ids":[1,2,"x"],"name":"热卖"}'), refused);
    b.addExchange(3, who, '', 'goods.update', 'goods', 'goods', false, 502, RequestBody.Bytes, Buffer.from('not json'), null);
    b.addExchange(4, who, '', 'goods.update', 'goods', 'goods', false, 200, RequestBody.Bytes, Buffer.alloc(0), ok);
    b.addExchange(5, who, '', 'goods.import', 'goods', 'goods', false, 200, RequestBody.TooLarge, null, ok);
    b.addExchange(6, who, '', 'goods.upload', 'goods', 'goods', true, 200, RequestBody.Skipped, null, ok);
    b.addExchange(7, who, '', 'goods.update', 'goods', 'goods', false, 200, RequestBody.Bytes, Buffer.from('null'), ok);
    b.addBuilt({ atMs: 8, userId: 1, username: 'admin', roles: 'super', ip: '', operation: 'goods.update', area: 'goods', entity: 'goods', targetIds: '1', outcome: 1, code: 200, status: 200, message: '', servedBy: 'mock', fields: '{}', changes: '{"sort":[1,2]}' });
    const e = inputsOf(b.meta, b.bytes.subarray(0, b.used));
    expect(e.map((x) => [x.targetIds, x.fields, x.outcome, x.code, x.message])).toEqual([
      ['7', '{"id":7,"phone":"[redacted]"}', 1, 200, ''],
      ['1,2', '{"ids":[1,2,"x"],"name":"热卖"}', 0, 400, '名称已存在 "x"'],
      ['', '{"body":"[not JSON]"}', 0, 502, ''],
      ['', '{"body":"[not JSON]"}', 1, 200, ''],
      ['', '{"body":"[too large to keep]"}', 1, 200, ''],
      ['', '{"file":"[upload]"}', 1, 200, ''],
      ['', '{}', 1, 200, ''],
      ['1', '{}', 1, 200, ''],
    ]);
    expect(e[0]).toMatchObject({ atMs: 1, userId: 3, username: 'op', roles: '2', ip: '10.0.0.1', operation: 'goods.update', area: 'goods', entity: 'goods', status: 200, servedBy: 'platform', changes: '' });
    expect(e[1]).toMatchObject({ userId: 0, username: '', roles: '' });
    expect(e[7]).toMatchObject({ servedBy: 'mock', changes: '{"sort":[1,2]}', username: 'admin' });
  });
});

describe('AUDIT_DATABASE_URL', () => {
  test('a setting that is not a postgres:// URL is refused by name, without echoing it', async () => {
    const { loadConfig, ConfigError } = await import('../../server/config.js');
    expect(() => loadConfig([], { AUDIT_DATABASE_URL: 'mysql://u:secret@db/x' })).toThrow(ConfigError);
    expect(() => loadConfig([], { AUDIT_DATABASE_URL: 'mysql://u:secret@db/x' })).toThrow(/AUDIT_DATABASE_URL/);
    expect(() => loadConfig([], { AUDIT_DATABASE_URL: 'not a url secret' })).not.toThrow(/secret/);
    expect(loadConfig([], { AUDIT_DATABASE_URL: 'postgresql://u@db:5432/x' }).auditDatabaseUrl).toBe('postgresql://u@db:5432/x');
  });

  test.skipIf(!REAL_PG)('on a real server: two consoles keep one trail; the log, verify and audit:verify read it', async () => {
    const { schema } = schemaFor('server', tempDir());
    const admin = await postgresDriver(REAL_PG!);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const u = new URL(REAL_PG!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    const [one, two] = await Promise.all([app({ AUDIT_DATABASE_URL: u.toString() }), app({ AUDIT_DATABASE_URL: u.toString() })]);
    const [t1, t2] = await Promise.all([signIn(one), signIn(two)]);
    const goods = (await post(one, '/v1/goods/list', { pageNum: 1, pageSize: 4 }, t1)).json.data.list;
    await Promise.all(goods.map((g: Row, i: number) => post(i % 2 ? two : one, '/v1/goods/update', { id: g.id, sort: 3 }, i % 2 ? t2 : t1)));
    // Each console writes its own queue; once both have flushed, either one reads all four.
    await one.auditTrail!.flush();
    expect((await entries(two, t2)).total).toBe(4);
    expect((await post(one, '/console/auditLog/verify', {}, t1)).json.data).toMatchObject({ ok: true, count: 4, firstBroken: null, gaps: { entries: 0, lost: 0 } });
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], { env: { PATH: process.env.PATH, AUDIT_DATABASE_URL: u.toString() }, encoding: 'utf8' });
    expect(out).toMatch(/the chain holds \(4 entries\) in PostgreSQL/);
    expect(out).not.toContain(u.password || '\u0000');
  }, 60_000);
});
