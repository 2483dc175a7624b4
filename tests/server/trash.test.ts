import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import { migrate, sqliteDriver } from '../../server/console-db/index.js';
import { TRASH_MIGRATIONS, TrashStore } from '../../server/trash/store.js';
import type { AppDeps } from '../../server/deps.js';
import { makeApp, signIn, testClock } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * The trash (`/console/trash/*`) through inject: every mock delete (one record or a batch) keeps
 * its records with who and when and names the entries in its answer; the list is newest first and
 * filters by kind and user; restore gives the record back with its id, or refuses saying why (a
 * reference gone, a unique field taken) and changes nothing; purge is for administrators; a user
 * whose roles cannot delete a kind neither sees nor restores its entries; entries expire after
 * TRASH_DAYS; restores and purges (and undos) are kept in the audit trail. In proxy mode a delete's
 * records are read from the platform before it is relayed, and a restore adds the record back there.
 */

const apps: FastifyInstance[] = [];
let upstream: Upstream | null = null;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  await upstream?.close();
  upstream = null;
});

async function app(env: Record<string, string> = {}, deps: AppDeps = {}) {
  const { app: a } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', ...env }, deps);
  apps.push(a);
  return a;
}

async function post(a: FastifyInstance, url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await a.inject({ method: 'POST', url, payload: body as object, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  return { status: res.statusCode, json: res.json() };
}

/** Adds a game tag and answers it. */
async function addTag(a: FastifyInstance, token: string, name: string) {
  const r = await post(a, '/v1/gameTag/add', { tagName: name, tagIdentity: name.toLowerCase(), sort: 1, status: 1 }, token);
  expect(r.json.code, JSON.stringify(r.json)).toBe(200);
  return r.json.data as { id: number; tagName: string };
}

/** The trail's entries of an operation, newest first. */
async function trail(a: FastifyInstance, token: string, operation: string) {
  await a.auditTrail!.flush();
  const r = await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 50, operation }, token);
  return r.json.data.list as Record<string, unknown>[];
}

test('a delete keeps each record in the trash with who and when, and its answer names the entries', async () => {
  const a = await app();
  const admin = await signIn(a);
  const t1 = await addTag(a, admin, 'TrashOne');
  const t2 = await addTag(a, admin, 'TrashTwo');
  const one = await post(a, '/v1/gameTag/del', { ids: [t1.id] }, admin);
  expect(one.json).toMatchObject({ code: 200, data: { count: 1, trashIds: [expect.any(Number)] } });
  const batch = await post(a, '/v1/gameTag/del', { ids: [t2.id] }, admin);
  expect(batch.json.data.trashIds).toHaveLength(1);

  const list = await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin);
  expect(list.json.code).toBe(200);
  expect(list.json.data.total).toBe(2);
  // Newest first.
  expect(list.json.data.list.map((r: { recordId: number }) => r.recordId)).toEqual([t2.id, t1.id]);
  expect(list.json.data.list[1]).toMatchObject({ id: one.json.data.trashIds[0], entity: 'gameTag', recordId: t1.id, label: 'TrashOne', username: 'admin', userId: 1, related: 0 });
  expect(list.json.data.list[1].expireTime > list.json.data.list[1].createTime).toBe(true);
});

test('the list filters by kind and by user and pages', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tags = [await addTag(a, admin, 'Ta'), await addTag(a, admin, 'Tb'), await addTag(a, admin, 'Tc')];
  await post(a, '/v1/gameTag/del', { ids: tags.map((t) => t.id) }, admin);
  const kw = await post(a, '/v1/searchKeyword/list', { pageNum: 1, pageSize: 1 }, admin);
  let other: number | null = null;
  if (kw.json.code === 200 && kw.json.data.list.length) {
    const d = await post(a, '/v1/searchKeyword/del', { ids: [kw.json.data.list[0].id] }, admin);
    if (d.json.code === 200) other = kw.json.data.list[0].id;
  }
  const tagsOnly = await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10, entity: 'gameTag' }, admin);
  expect(tagsOnly.json.data.total).toBe(3);
  expect(tagsOnly.json.data.list.every((r: { entity: string }) => r.entity === 'gameTag')).toBe(true);
  const all = await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin);
  expect(all.json.data.total).toBe(other ? 4 : 3);
  const page2 = await post(a, '/console/trash/list', { pageNum: 2, pageSize: 2, entity: 'gameTag' }, admin);
  expect(page2.json.data.list).toHaveLength(1);
  expect(page2.json.data.list[0].recordId).toBe(tags[0].id);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10, username: 'adm' }, admin)).json.data.total).toBe(all.json.data.total);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10, username: 'operator' }, admin)).json.data.total).toBe(0);
});

test('restore brings the record back with the same id and leaves the trash; the trail keeps it', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'Comeback');
  const before = (await post(a, '/v1/gameTag/info', { id: tag.id }, admin)).json.data;
  const del = await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  expect((await post(a, '/v1/gameTag/info', { id: tag.id }, admin)).json.code).toBe(404);

  const r = await post(a, '/console/trash/restore', { id: del.json.data.trashIds[0] }, admin, { 'x-undo-of': `gameTag.del:${tag.id}` });
  expect(r.json).toMatchObject({ code: 200, data: { entity: 'gameTag', recordId: tag.id } });
  const after = await post(a, '/v1/gameTag/info', { id: tag.id }, admin);
  expect(after.json.data).toMatchObject({ id: tag.id, tagName: 'Comeback', tagIdentity: before.tagIdentity, color: before.color });
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(0);
  // Restoring the same entry again: it is gone.
  const again = await post(a, '/console/trash/restore', { id: del.json.data.trashIds[0] }, admin);
  expect(again.json).toMatchObject({ code: 404, field: 'id', key: 'trash.unknown' });

  const entries = await trail(a, admin, 'trash.restore');
  expect(entries[0]).toMatchObject({ operation: 'trash.restore', entity: 'gameTag', targetIds: String(tag.id), username: 'admin' });
  const outcomes = entries.map((e) => e.outcome);
  expect(outcomes).toContain(1);
  const done = entries.find((e) => e.outcome === 1)!;
  // It names the delete it undoes, and that delete's entry.
  const [deleted] = await trail(a, admin, 'gameTag.del');
  expect(JSON.parse(String(done.fields))).toEqual({ id: del.json.data.trashIds[0], undoOf: `gameTag.del:${tag.id}`, undoOfEntry: deleted.id });
});

test('a restore whose unique field is now taken, or whose reference is gone, is refused saying why, and nothing changes', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'Twin');
  const del = await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  const twin = await addTag(a, admin, 'Twin');
  const refused = await post(a, '/console/trash/restore', { id: del.json.data.trashIds[0] }, admin);
  expect(refused.json).toMatchObject({ code: 400, field: 'id', key: 'trash.conflict', params: { recordId: tag.id, otherId: twin.id, field: 'tagName' } });
  expect(refused.json.message).toContain('Twin');
  expect((await post(a, '/v1/gameTag/info', { id: tag.id }, admin)).json.code).toBe(404);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(1);

  // A game naming a tag; the game goes, then the tag: the game cannot come back without it.
  const t2 = await addTag(a, admin, 'Lonely');
  const g = await post(a, '/v1/game/add', { gameName: 'Trash Game', gameIdentity: 'trash-game', platformIds: [1], tagIds: [t2.id], sort: 1 }, admin);
  expect(g.json.code, JSON.stringify(g.json)).toBe(200);
  const gameDel = await post(a, '/v1/game/del', { ids: [g.json.data.id] }, admin);
  expect(gameDel.json.code, JSON.stringify(gameDel.json)).toBe(200);
  await post(a, '/v1/gameTag/del', { ids: [t2.id] }, admin);
  const gone = await post(a, '/console/trash/restore', { id: gameDel.json.data.trashIds[0] }, admin, { 'accept-language': 'en' });
  expect(gone.json).toMatchObject({ code: 400, field: 'id', key: 'trash.refGone', params: { target: 'gameTag', ids: String(t2.id), field: 'tagIds' } });
  expect((await post(a, '/v1/game/info', { id: g.json.data.id }, admin)).json.code).toBe(404);

  const entries = await trail(a, admin, 'trash.restore');
  expect(entries.filter((e) => e.outcome === 0)).toHaveLength(2);
});

test('purge is for administrators only; a user whose roles cannot delete a kind neither sees nor restores it', async () => {
  const a = await app();
  const admin = await signIn(a);
  const operator = await signIn(a, 'operator', 'operator123');
  const tag = await addTag(a, admin, 'Purged');
  const del = await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  const id = del.json.data.trashIds[0];

  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, operator)).json.data.total).toBe(0);
  expect((await post(a, '/console/trash/restore', { id }, operator)).json).toMatchObject({ code: 404, field: 'id' });
  const refused = await post(a, '/console/trash/purge', { ids: [id] }, operator);
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ code: 403, field: 'permission', key: 'trash.adminsOnly' });
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(1);

  expect((await post(a, '/console/trash/purge', { ids: [id, 999999] }, admin)).json).toMatchObject({ code: 200, data: { count: 1 } });
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(0);
  const entries = await trail(a, admin, 'trash.purge');
  expect(entries.map((e) => [e.username, e.outcome])).toEqual([['admin', 1], ['operator', 0]]);

  // Not signed in.
  expect((await post(a, '/console/trash/list', {})).json.code).toBe(401);
});

test('entries expire TRASH_DAYS after the delete', async () => {
  const clock = testClock();
  const a = await app({ TRASH_DAYS: '2', TOKEN_TTL: String(7 * 24 * 3600) }, { now: clock.now });
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'Expiring');
  const del = await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  clock.advance(86_400_000);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(1);
  clock.advance(86_400_000 + 1000);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(0);
  expect((await post(a, '/console/trash/restore', { id: del.json.data.trashIds[0] }, admin)).json).toMatchObject({ code: 404, field: 'id' });
});

test('bad input answers 400 naming the field and changes nothing', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'Kept');
  await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  for (const [url, body, field] of [
    ['/console/trash/restore', { id: 'x' }, 'id'],
    ['/console/trash/restore', {}, 'id'],
    ['/console/trash/purge', { ids: [] }, 'ids'],
    ['/console/trash/list', { pageNum: 0 }, 'pageNum'],
  ] as const) {
    const r = await post(a, url, body, admin);
    expect(r.status, url).toBe(400);
    expect(r.json.field, url).toBe(field);
  }
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(1);
});

test('an undo of a status change is kept in the trail as an undo of that write', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'Switch');
  await post(a, '/v1/gameTag/updateStatus', { id: tag.id, status: 0 }, admin);
  await post(a, '/v1/gameTag/updateStatus', { id: tag.id, status: 1 }, admin, { 'x-undo-of': `gameTag.updateStatus:${tag.id}` });
  const entries = await trail(a, admin, 'gameTag.updateStatus');
  expect(JSON.parse(String(entries[0].fields))).toEqual({ id: tag.id, status: 1, undoOf: `gameTag.updateStatus:${tag.id}`, undoOfEntry: entries[1].id });
  expect(JSON.parse(String(entries[1].fields))).toEqual({ id: tag.id, status: 0 });
});

test('proxy mode: a delete the platform carries out keeps the records as the platform showed them; restore adds it back there', async () => {
  const tags = new Map<number, Record<string, unknown>>([[7, { id: 7, tagName: 'Racing', tagIdentity: 'racing', color: '#ff0000', sort: 3, status: 1, createTime: '2026-12-01 10:00:00', updateTime: '2026-12-01 10:00:00' }]]);
  let next = 50;
  upstream = await startUpstream((req, res) => {
    const path = req.url.split('?')[0];
    const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    const auth = String(req.headers.authorization ?? '');
    const who = auth === 'Bearer admin' ? 'admin' : auth === 'Bearer ops' ? 'ops' : null;
    if (!who) return send({ code: 401, data: null, message: 'expired' });
    const body = JSON.parse(req.body.toString() || '{}') as Record<string, unknown>;
    if (path === '/v1/admin/adminInfo') return send({ code: 200, data: { userId: who === 'admin' ? 1 : 2, username: who, roles: [{ id: who === 'admin' ? 'super' : 'ops' }] }, message: 'ok' });
    if (path === '/v1/gameTag/info') return tags.has(body.id as number) ? send({ code: 200, data: tags.get(body.id as number), message: 'ok' }) : send({ code: 404, data: null, message: 'no such tag' });
    if (path === '/v1/gameTag/del') {
      for (const id of body.ids as number[]) tags.delete(id);
      return send({ code: 200, data: { count: (body.ids as number[]).length }, message: 'ok' });
    }
    if (path === '/v1/gameTag/add') {
      if ([...tags.values()].some((t) => t.tagName === body.tagName)) return send({ code: 400, data: null, message: 'tagName taken' });
      const row = { ...body, id: next++ };
      tags.set(row.id as number, row);
      return send({ code: 200, data: row, message: 'ok' });
    }
    return send({ code: 200, data: null, message: 'ok' });
  });
  const { app: a } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url });
  apps.push(a);
  const del = await post(a, '/v1/gameTag/del', { ids: [7] }, 'Bearer admin', { 'content-type': 'application/json' });
  expect(del.json.code).toBe(200);
  // Kept once the platform's answer is observed.
  await expect.poll(async () => (await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, 'Bearer admin')).json.data.total).toBe(1);
  const rows = (await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, 'Bearer admin')).json.data.list;
  expect(rows[0]).toMatchObject({ entity: 'gameTag', recordId: 7, label: 'Racing', username: 'admin' });
  // Another user sees only what they deleted.
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, 'Bearer ops')).json.data.total).toBe(0);

  const r = await post(a, '/console/trash/restore', { id: rows[0].id }, 'Bearer admin');
  expect(r.json).toMatchObject({ code: 200, data: { entity: 'gameTag', recordId: 50 } });
  const added = upstream.received.filter((x) => x.url === '/v1/gameTag/add').map((x) => JSON.parse(x.body.toString()));
  expect(added).toEqual([{ tagName: 'Racing', tagIdentity: 'racing', color: '#ff0000', sort: 3, status: 1 }]);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, 'Bearer admin')).json.data.total).toBe(0);

  // An undo relayed to the platform is kept in the trail as an undo of its write.
  await post(a, '/v1/gameTag/updateStatus', { id: 50, status: 1 }, 'Bearer admin', { 'content-type': 'application/json', 'x-undo-of': 'gameTag.updateStatus:50' });
  await expect
    .poll(async () => {
      await a.auditTrail!.flush();
      const list = (await post(a, '/console/auditLog/list', { pageNum: 1, pageSize: 10, operation: 'gameTag.updateStatus' }, 'Bearer admin')).json.data?.list ?? [];
      return list.map((e: { fields: string }) => JSON.parse(e.fields));
    })
    .toEqual([{ id: 50, status: 1, undoOf: 'gameTag.updateStatus:50' }]);
});

test('a QA reset empties the trash: its entries belong to the data before', async () => {
  const a = await app();
  const admin = await signIn(a);
  const tag = await addTag(a, admin, 'BeforeReset');
  await post(a, '/v1/gameTag/del', { ids: [tag.id] }, admin);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, admin)).json.data.total).toBe(1);
  expect((await post(a, '/v1/mock/reset', {})).json.code).toBe(200);
  const again = await signIn(a);
  expect((await post(a, '/console/trash/list', { pageNum: 1, pageSize: 10 }, again)).json.data.total).toBe(0);
});

test.each([
  { name: 'SQLite', open: async () => ({ driver: sqliteDriver(':memory:'), done: async () => undefined }) },
  // The driver closes its PGlite.
  { name: 'PGlite', open: async () => ({ driver: pgliteDriver(await PGlite.create()), done: async () => undefined }) },
])('the store keeps, lists newest first, reads, removes and prunes entries on $name', async ({ open }) => {
  const { driver, done } = await open();
  try {
    await migrate(driver, TRASH_MIGRATIONS);
    const store = new TrashStore(driver);
    const put = (recordId: number, atMs: number, username: string) => ({ atMs, expireMs: atMs + 1000, entity: 'gameTag', recordId, label: `T${recordId}`, userId: 1, username, record: { id: recordId, tagName: `T${recordId}` }, related: [] });
    const ids = await store.put([put(1, 10_000, 'admin'), put(2, 10_001, 'operator')]);
    expect(ids).toHaveLength(2);
    const page = await store.list({ pageNum: 1, pageSize: 10 }, 10_500, null);
    expect(page.list.map((r) => r.recordId)).toEqual([2, 1]);
    expect((await store.list({ username: 'oper' }, 10_500, null)).total).toBe(1);
    expect((await store.list({}, 10_500, ['goods'])).total).toBe(0);
    expect((await store.get(ids[0], 10_500))?.record).toEqual({ id: 1, tagName: 'T1' });
    expect(await store.get(ids[0], 11_001)).toBeNull();
    expect(await store.prune(11_001)).toBe(1);
    expect(await store.remove([ids[1], 999])).toEqual([ids[1]]);
    expect((await store.list({}, 0, null)).total).toBe(0);
  } finally {
    await driver.close();
    await done();
  }
});
