import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { changesJson, MAX_CHANGE_VALUE, MAX_CHANGES, TOO_LARGE } from '../../server/audit/entries.js';
import { makeApp, signIn } from './helpers.js';
import { mockCtx } from './contract/harness.js';
import { startUpstream } from './upstream.js';

/**
 * A record's history with values, and "Restore this version": every change keeps its fields
 * before → after (redacted, bounded, always whole JSON), in mock and in proxy mode; a revert
 * writes the version before an entry back through the entity's update as the caller — the
 * permission checks, the version check (409, nothing changed) and the trail (`revertOf`) included.
 */
const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

type Row = Record<string, any>;
async function mockApp(env: Record<string, string> = {}) {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.25', MESSAGES: 'localized', ...env });
  toClose.push(() => app.close());
  return app;
}
const post = (a: FastifyInstance, path: string, body: unknown, token?: string, lang = 'en') =>
  a.inject({ method: 'POST', url: path, payload: body as object, headers: { ...(token ? { authorization: token } : {}), 'accept-language': lang } }).then((r) => ({ status: r.statusCode, json: r.json() }));
const entries = async (a: FastifyInstance, token: string, q: Row = {}) => (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 50, ...q }, token)).json.data as { list: Row[]; total: number };
const goodsOf = (a: FastifyInstance, i = 0) => [...mockCtx(a).store.col('goods').values()][i] as Row;
/** A card account no order holds (a sold one can no longer be changed). */
const unsold = (a: FastifyInstance, i: number) => [...mockCtx(a).store.col('cardAccount').values()].filter((r: Row) => !r.orderId)[i] as Row;
const info = async (a: FastifyInstance, token: string, id: number) => (await post(a, '/v1/goods/info', { id }, token)).json.data as Row;

describe('values kept in mock mode', () => {
  test('each changed field before → after; secrets redacted on both sides; a long value kept as too large, the text whole JSON', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const g = goodsOf(a);
    await post(a, '/v1/goods/update', { id: g.id, price: g.price + 100, cover: '/uploads/new-cover.png', updateTime: g.updateTime }, admin);
    const acc = unsold(a, 0);
    await post(a, '/v1/cardAccount/update', { id: acc.id, password: 'N3w-secret!', remark: 'rotated' }, admin);
    const long = `<p>${'长文'.repeat(6000)}</p>`;
    await post(a, '/v1/goods/update', { id: g.id, description: long, sort: 3 }, admin);

    const [big, card, first] = (await entries(a, admin)).list;
    expect(JSON.parse(first.changes)).toMatchObject({ price: [g.price, g.price + 100], cover: [g.cover ?? null, '/uploads/new-cover.png'] });
    expect(JSON.parse(card.changes).password).toEqual(['[redacted]', '[redacted]']);
    expect(card.changes).not.toContain('N3w-secret!');
    expect(big.changes.length).toBeLessThanOrEqual(MAX_CHANGES);
    const kept = JSON.parse(big.changes);
    expect(kept.description[1]).toBe(TOO_LARGE);
    expect(kept.sort[1]).toBe(3);
  });
});

describe('the size bound', () => {
  test('a write naming many records with long values keeps whole JSON within the bound, the largest sides first given way', () => {
    const diff: Record<string, Record<string, [unknown, unknown]>> = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), { remark: ['a'.repeat(900), 'b'.repeat(900)], sort: [i, i + 1] }]));
    const text = changesJson(diff);
    expect(text.length).toBeLessThanOrEqual(MAX_CHANGES);
    const kept = JSON.parse(text);
    expect(kept['1'].sort).toEqual([0, 1]);
    expect(kept['1'].remark).toEqual([TOO_LARGE, TOO_LARGE]);
    const one = JSON.parse(changesJson({ description: ['x'.repeat(MAX_CHANGE_VALUE + 1), 'short'] }));
    expect(one.description).toEqual([TOO_LARGE, 'short']);
  });
});

describe('restore this version (mock mode)', () => {
  test('the preview names each field now and restored; the revert writes the old values and is recorded as a revert of its entry', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const g = goodsOf(a, 1);
    const changed = await post(a, '/v1/goods/update', { id: g.id, goodsName: 'Overwritten', price: 1, updateTime: g.updateTime }, admin);
    expect(changed.json.code).toBe(200);
    const [entry] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id) })).list;

    const preview = await post(a, '/console/auditLog/revertPreview', { id: entry.id }, admin);
    expect(preview.json.code).toBe(200);
    const p = preview.json.data;
    expect(p).toMatchObject({ entryId: entry.id, entity: 'goods', recordId: g.id, version: changed.json.data.updateTime, skipped: [], unknown: 0 });
    expect(p.changes).toEqual(expect.arrayContaining([{ field: 'goodsName', now: 'Overwritten', restored: g.goodsName }, { field: 'price', now: 1, restored: g.price }]));
    expect(p.changes).toHaveLength(2);

    const revert = await post(a, '/console/auditLog/revert', { id: entry.id, version: p.version }, admin);
    expect(revert.json).toMatchObject({ code: 200, data: { id: g.id, goodsName: g.goodsName, price: g.price } });
    const now = await info(a, admin, g.id);
    expect([now.goodsName, now.price]).toEqual([g.goodsName, g.price]);

    const [latest] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id) })).list;
    expect(latest).toMatchObject({ operation: 'goods.update', username: 'admin', outcome: 1 });
    expect(JSON.parse(latest.fields).revertOf).toBe(entry.id);
    expect(JSON.parse(latest.changes)).toMatchObject({ goodsName: ['Overwritten', g.goodsName], price: [1, g.price] });
    // Nothing left to restore.
    const again = await post(a, '/console/auditLog/revert', { id: entry.id, version: now.updateTime }, admin);
    expect(again.json).toMatchObject({ code: 400, field: 'id', key: 'audit.revertNothing' });
  });

  test('the version before an entry also takes back the later changes of the record', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const g = goodsOf(a, 2);
    await post(a, '/v1/goods/update', { id: g.id, sort: 41 }, admin);
    await post(a, '/v1/goods/update', { id: g.id, sort: 42, remark: 'later' }, admin);
    const [, older] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id) })).list;
    const p = (await post(a, '/console/auditLog/revertPreview', { id: older.id }, admin)).json.data;
    expect(p.changes).toEqual(expect.arrayContaining([{ field: 'sort', now: 42, restored: g.sort }, { field: 'remark', now: 'later', restored: g.remark ?? null }]));
  });

  test('a revert on a version the record no longer has is refused 409 naming who and when, and nothing changes', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const operator = await signIn(a, 'operator', 'operator123');
    const g = goodsOf(a, 3);
    await post(a, '/v1/goods/update', { id: g.id, goodsName: 'Bad edit' }, admin);
    const [entry] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id) })).list;
    const p = (await post(a, '/console/auditLog/revertPreview', { id: entry.id }, admin)).json.data;
    // Someone else changes the record after the preview.
    const theirs = await post(a, '/v1/goods/update', { id: g.id, price: 777 }, operator);
    expect(theirs.json.code).toBe(200);
    const before = await info(a, admin, g.id);

    const stale = await post(a, '/console/auditLog/revert', { id: entry.id, version: p.version }, admin);
    expect(stale.json).toMatchObject({ code: 409, key: 'record.stale', conflict: { entity: 'goods', id: g.id, by: 'operator', at: before.updateTime } });
    expect(stale.json.message).toContain('operator');
    expect(await info(a, admin, g.id)).toEqual(before);
  });

  test('refused to a user who may not read the trail (403, nothing changed), to nobody signed in, and for bad input naming the field', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const operator = await signIn(a, 'operator', 'operator123');
    const g = goodsOf(a, 4);
    await post(a, '/v1/goods/update', { id: g.id, goodsName: 'To keep' }, admin);
    const [entry] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id) })).list;
    const before = await info(a, admin, g.id);
    const refused = await post(a, '/console/auditLog/revert', { id: entry.id, version: before.updateTime }, operator, 'zh-CN');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 403, key: 'audit.adminsOnly', message: '操作审计仅供管理员查看' });
    expect((await post(a, '/console/auditLog/revertPreview', { id: entry.id }, operator)).status).toBe(403);
    expect((await post(a, '/console/auditLog/revert', { id: entry.id, version: before.updateTime })).status).toBe(401);
    expect(await info(a, admin, g.id)).toEqual(before);

    expect((await post(a, '/console/auditLog/revert', { id: 'x', version: before.updateTime }, admin)).json).toMatchObject({ code: 400, field: 'id' });
    expect((await post(a, '/console/auditLog/revertPreview', { id: 999999 }, admin)).json).toMatchObject({ code: 404, field: 'id' });
    // A refused write keeps no values to restore.
    await post(a, '/v1/goods/update', { id: g.id, price: 5, updateTime: '2020-01-01 00:00:00' }, admin);
    const [bad] = (await entries(a, admin, { entity: 'goods', targetIds: String(g.id), outcome: 0 })).list;
    expect((await post(a, '/console/auditLog/revertPreview', { id: bad.id }, admin)).json).toMatchObject({ code: 400, field: 'id', key: 'audit.revertNotPossible' });
  });

  test('a redacted value is never written back: it is named as skipped', async () => {
    const a = await mockApp();
    const admin = await signIn(a);
    const acc = unsold(a, 1);
    await post(a, '/v1/cardAccount/update', { id: acc.id, password: 'Other-pass1', remark: 'changed' }, admin);
    const [entry] = (await entries(a, admin, { entity: 'cardAccount' })).list;
    const p = (await post(a, '/console/auditLog/revertPreview', { id: entry.id }, admin)).json.data;
    expect(p.skipped).toContainEqual({ field: 'password', reason: 'secret' });
    expect(p.changes.map((c: Row) => c.field)).toEqual(['remark']);
    // A `revertOf` sent by a caller is not the console's: it is not kept.
    await post(a, '/v1/cardAccount/update', { id: acc.id, remark: 'x', revertOf: 1 }, admin);
    const [forged] = (await entries(a, admin, { entity: 'cardAccount' })).list;
    expect(JSON.parse(forged.fields).revertOf).toBeUndefined();
  });
});

describe('proxy mode', () => {
  const TOKEN = 'Bearer platform-admin';
  const READER = 'Bearer platform-reader';
  /** A platform holding one goods record; `READER` is an administrator the platform refuses writes to. */
  async function platform() {
    const record: Row = { id: 5, goodsName: 'Platform goods', price: 1000, status: 1, description: '<p>old</p>', updateTime: '2026-11-20 10:00:00', updateBy: 'li.si' };
    let n = 0;
    const up = await startUpstream((req, res) => {
      const body = req.body.length ? JSON.parse(req.body.toString()) : {};
      const path = req.url.split('?')[0];
      const answer = (data: unknown, code = 200, message = 'ok') => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code, data, message }));
      if (req.headers.authorization !== TOKEN && req.headers.authorization !== READER) return answer(null, 401, 'no session');
      if (path === '/v1/admin/adminInfo') return answer({ userId: 9, username: req.headers.authorization === TOKEN ? 'wang.wu' : 'reader', roles: [{ id: 'super' }] });
      if (path === '/v1/goods/info') return answer(body.id === record.id ? record : null);
      if (path === '/v1/goods/update') {
        if (req.headers.authorization === READER) return answer(null, 403, 'no permission goods:update');
        Object.assign(record, body, { updateTime: `2026-11-20 10:0${++n}:00`, updateBy: 'wang.wu' });
        return answer(record);
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
    toClose.push(() => up.close());
    const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, MESSAGES: 'localized' });
    toClose.push(() => app.close());
    return { app, up, record };
  }

  test('a versioned update keeps before → after from the record the version check read; a revert writes the old values back through the platform', async () => {
    const { app, up, record } = await platform();
    const res = await post(app, '/v1/goods/update', { id: 5, price: 2500, description: '<p>new</p>', updateTime: '2026-11-20 10:00:00' }, TOKEN);
    expect(res.json.code).toBe(200);
    await expect.poll(() => app.auditTrail!.counts.recorded).toBe(1);
    const [entry] = (await entries(app, TOKEN)).list;
    expect(entry).toMatchObject({ operation: 'goods.update', servedBy: 'platform', username: 'wang.wu', outcome: 1 });
    expect(JSON.parse(entry.changes)).toEqual({ price: [1000, 2500], description: ['<p>old</p>', '<p>new</p>'] });

    const p = (await post(app, '/console/auditLog/revertPreview', { id: entry.id }, TOKEN)).json.data;
    expect(p).toMatchObject({ version: '2026-11-20 10:01:00', unknown: 0 });
    const revert = await post(app, '/console/auditLog/revert', { id: entry.id, version: p.version }, TOKEN);
    expect(revert.json).toMatchObject({ code: 200, data: { price: 1000, description: '<p>old</p>' } });
    expect(record).toMatchObject({ price: 1000, description: '<p>old</p>' });
    // The platform got an ordinary update, without the console's marker.
    const sent = up.received.filter((r) => r.url === '/v1/goods/update').at(-1)!;
    expect(JSON.parse(sent.body.toString())).toEqual({ id: 5, price: 1000, description: '<p>old</p>' });
    expect(Object.keys(sent.headers).some((h) => h.startsWith('x-console'))).toBe(false);
    await expect.poll(() => app.auditTrail!.counts.recorded).toBe(2);
    const [latest] = (await entries(app, TOKEN)).list;
    expect(JSON.parse(latest.fields).revertOf).toBe(entry.id);
    expect(JSON.parse(latest.changes)).toEqual({ price: [2500, 1000], description: ['<p>new</p>', '<p>old</p>'] });
  });

  test('a revert the platform refuses (no update permission) answers its refusal, and a stale one never reaches the platform', async () => {
    const { app, up, record } = await platform();
    await post(app, '/v1/goods/update', { id: 5, price: 3000, updateTime: '2026-11-20 10:00:00' }, TOKEN);
    await expect.poll(() => app.auditTrail!.counts.recorded).toBe(1);
    const [entry] = (await entries(app, TOKEN)).list;
    const refused = await post(app, '/console/auditLog/revert', { id: entry.id, version: record.updateTime }, READER);
    expect(refused.json).toMatchObject({ code: 403, message: 'no permission goods:update' });
    expect(record.price).toBe(3000);

    const writes = up.received.filter((r) => r.url === '/v1/goods/update').length;
    const stale = await post(app, '/console/auditLog/revert', { id: entry.id, version: '2026-11-20 10:00:00' }, TOKEN);
    expect(stale.json).toMatchObject({ code: 409, key: 'record.stale', conflict: { by: 'wang.wu', at: record.updateTime } });
    expect(up.received.filter((r) => r.url === '/v1/goods/update').length).toBe(writes);
    expect(record.price).toBe(3000);
  });
});
