import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import { migrate, sqliteDriver } from '../../server/console-db/index.js';
import type { AppDeps } from '../../server/deps.js';
import { EXPORT_MIGRATIONS, ExportJobStore } from '../../server/exports/store.js';
import { LiveStream } from '../../server/events/stream.js';
import { call, makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Export jobs (`/console/exportJob/*`), through inject: a job pages the order list with the
 * caller's session into a workbook whose rows and money sum match the list; each user sees,
 * cancels, retries and downloads only their own jobs; every limit refuses clearly (jobs per user
 * and in all, rows per job, quota); retention deletes old jobs and files; a restart marks running
 * jobs failed; a list failing mid-way keeps the rows written; a full disk fails the job, not the console.
 */

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'export-jobs-'));
  dirs.push(d);
  return d;
}

async function app(env: Record<string, string> = {}, deps: AppDeps = {}) {
  const dir = env.EXPORT_DIR ?? tmpDir();
  const { app: a } = await makeApp({ ...(env.MODE ? {} : { MOCK_CAPTCHA_CODE: 'TEST' }), EXPORT_DIR: dir, ...env }, deps);
  apps.push(a);
  return { a, dir };
}

const COLUMNS = [
  { field: 'orderNo', header: '订单号' },
  { field: 'payAmount', header: '实付金额' },
  { field: 'status', header: '状态' },
  { field: 'itemCount', header: '件数' },
];
const ADD = { path: '/order/index', entity: 'order', title: '订单管理', body: { status: 4 }, columns: COLUMNS };

const post = (a: FastifyInstance, url: string, body: unknown, token?: string) => call(a, 'POST', url, { body, token });

/**
 * Waits until the job's status is no longer queued or running (its owner's live event says it
 * ended); answers its info as the owner reads it.
 */
async function settle(a: FastifyInstance, token: string, id: number) {
  const info = async () => (await post(a, '/console/exportJob/info', { id }, token)).json.data;
  const ended = (d: { status?: string } | null) => !!d && d.status !== 'queued' && d.status !== 'running';
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = a.liveEvents!.hub.subscribe((e) => {
      if (e.entity === 'exportJob' && e.recordId === id) resolve();
    });
  });
  try {
    const now = await info();
    if (ended(now)) return now;
    await heard;
    return await info();
  } finally {
    stop();
  }
}

/** Every row of the list (the same filter), paged. */
async function listAll(a: FastifyInstance, token: string, body: Record<string, unknown>) {
  const rows: Record<string, unknown>[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await post(a, '/v1/order/list', { ...body, pageNum, pageSize: 1000 }, token);
    rows.push(...r.json.data.list);
    if (rows.length >= r.json.data.total || !r.json.data.list.length) return rows;
  }
}

/** A gate a test opens: `wait()` resolves once `open()` is called. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { wait: () => p, open: () => open() };
}

describe('export jobs in mock mode', () => {
  test('a job writes every row of the filter: the workbook has the list’s row count and money sum, numbers as numbers, one sheet named after the screen', async () => {
    // Page sizes chosen by the job (50 to 1000 rows a page, as the steps' time allows).
    const { a } = await app();
    const admin = await signIn(a);
    const heard: unknown[] = [];
    a.liveEvents!.hub.subscribe((e) => void heard.push(e));
    const added = await post(a, '/console/exportJob/add', { ...ADD, body: { status: 3 } }, admin);
    expect(added.json.code).toBe(200);
    expect(added.json.data).toMatchObject({ path: '/order/index', entity: 'order', title: '订单管理', fileName: expect.stringMatching(/^订单管理-\d{8}-\d{6}\.xlsx$/) });
    const done = await settle(a, admin, added.json.data.id);
    const list = await listAll(a, admin, { status: 3 });
    expect(list.length).toBeGreaterThan(3000);
    expect(done).toMatchObject({ status: 'done', rows: list.length, total: list.length, progress: 100, downloadable: true, message: '' });
    expect(done.bytes).toBeGreaterThan(0);
    // Its end is a live event for its owner (server/events/stream.ts sends it to them only).
    await a.liveEvents!.hub.settled();
    expect(heard).toContainEqual(expect.objectContaining({ entity: 'exportJob', recordId: done.id, op: 'update', fields: ['status'], by: expect.objectContaining({ username: 'admin' }) }));

    const file = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${done.id}`, headers: { authorization: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(done.fileName));
    const sheet = await readSheet(file.rawPayload);
    expect(sheet[0]).toEqual(['订单号', '实付金额', '状态', '件数']);
    expect(sheet.length - 1).toBe(list.length);
    const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100);
    expect(sum(sheet.slice(1).map((r) => r[1] as number))).toBe(list.reduce((s, r) => s + (r.payAmount as number), 0));
    expect(typeof sheet[1][3]).toBe('number');
    expect(sheet[1][0]).toBe(list[0].orderNo);
  });

  test('a reference column is written as its records’ labels, as the list shows it', async () => {
    const { a } = await app();
    const admin = await signIn(a);
    const games = (await post(a, '/v1/game/list', { pageNum: 1, pageSize: 5 }, admin)).json.data.list as { gameName: string; tagIds: number[] }[];
    const tags = new Map(((await post(a, '/v1/gameTag/listAll', {}, admin)).json.data as { id: number; tagName: string }[]).map((t) => [t.id, t.tagName]));
    const added = await post(a, '/console/exportJob/add', { path: '/games/index', entity: 'game', title: '游戏管理', body: {}, columns: [{ field: 'gameName', header: '游戏名称' }, { field: 'tagIds', header: '标签' }] }, admin);
    expect(added.json.code).toBe(200);
    expect(await settle(a, admin, added.json.data.id)).toMatchObject({ status: 'done' });
    const file = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${added.json.data.id}`, headers: { authorization: admin } });
    const sheet = await readSheet(file.rawPayload);
    const tagged = games.find((g) => g.tagIds.length > 0)!;
    const row = sheet.find((r) => r[0] === tagged.gameName)!;
    expect(row[1]).toBe(tagged.tagIds.map((id) => tags.get(id)).join(', '));
  });

  test('a user lists, reads, cancels and downloads only their own jobs; another user’s id is unknown (404)', async () => {
    const g = gate();
    const { a } = await app({}, { exportJobs: { pageSize: 50, beforePage: () => g.wait() } });
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');
    const mine = (await post(a, '/console/exportJob/add', { ...ADD, body: {} }, admin)).json.data;
    expect((await post(a, '/console/exportJob/list', {}, admin)).json.data).toMatchObject({ total: 1 });
    expect((await post(a, '/console/exportJob/list', {}, op)).json.data).toMatchObject({ total: 0, list: [] });
    expect((await post(a, '/console/exportJob/info', { id: mine.id }, op)).json).toMatchObject({ code: 404, field: 'id' });
    expect((await post(a, '/console/exportJob/cancel', { id: mine.id }, op)).json).toMatchObject({ code: 404 });
    expect((await post(a, '/console/exportJob/retry', { id: mine.id }, op)).json).toMatchObject({ code: 404 });
    const theirs = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${mine.id}`, headers: { authorization: op } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 404, field: 'id' });
    expect((await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${mine.id}` })).statusCode).toBe(401);
    expect((await post(a, '/console/exportJob/list', {})).status).toBe(401);

    // Running: listed among the running ones; then cancelled by its owner (no file).
    expect((await post(a, '/console/exportJob/list', { running: true }, admin)).json.data.total).toBe(1);
    const cancelling = post(a, '/console/exportJob/cancel', { id: mine.id }, admin);
    g.open();
    expect((await cancelling).json.data).toMatchObject({ status: 'cancelled', downloadable: false });
    expect((await post(a, '/console/exportJob/cancel', { id: mine.id }, admin)).json).toMatchObject({ code: 400, field: 'id' });
    expect((await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${mine.id}`, headers: { authorization: admin } })).statusCode).toBe(404);

    // Retry starts a new job from the same screen, filters and columns.
    const again = await post(a, '/console/exportJob/retry', { id: mine.id }, admin);
    expect(again.json.data).toMatchObject({ path: '/order/index', entity: 'order', title: '订单管理' });
    expect(again.json.data.id).not.toBe(mine.id);
    expect((await settle(a, admin, again.json.data.id)).status).toBe('done');
  });

  test('limits: jobs per user and in all (429), rows per job and a bad body (400 naming body), the quota (507)', async () => {
    const g = gate();
    const { a } = await app({ EXPORT_PER_USER: '1', EXPORT_CONCURRENCY: '2', EXPORT_MAX_ROWS: '500' }, { exportJobs: { pageSize: 20, beforePage: () => g.wait() } });
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');
    const rows = await post(a, '/console/exportJob/add', { ...ADD, body: {} }, admin);
    expect(rows.json).toMatchObject({ code: 400, field: 'body', key: 'exportJob.tooManyRows' });
    const bad = await post(a, '/console/exportJob/add', { ...ADD, body: { status: 'x' } }, admin);
    expect(bad.json).toMatchObject({ code: 400, field: 'body', key: 'exportJob.listRefused' });
    expect((await post(a, '/console/exportJob/add', { ...ADD, entity: 'nothing' }, admin)).json).toMatchObject({ code: 400, field: 'entity' });
    expect((await post(a, '/console/exportJob/add', { ...ADD, columns: [] }, admin)).status).toBe(400);

    const first = await post(a, '/console/exportJob/add', ADD, admin);
    expect(first.json.code).toBe(200);
    expect(await post(a, '/console/exportJob/add', ADD, admin)).toMatchObject({ status: 429, json: { code: 429, key: 'exportJob.tooManyMine' } });
    expect((await post(a, '/console/exportJob/add', ADD, op)).json.code).toBe(200);
    expect((await post(a, '/console/exportJob/list', {}, admin)).json.data.total).toBe(1);
    g.open();
    await settle(a, admin, first.json.data.id);
  });

  test('the server-wide limit refuses a new job while it is reached', async () => {
    const g = gate();
    const { a } = await app({ EXPORT_CONCURRENCY: '1' }, { exportJobs: { pageSize: 20, beforePage: () => g.wait() } });
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');
    const first = await post(a, '/console/exportJob/add', ADD, admin);
    expect(await post(a, '/console/exportJob/add', ADD, op)).toMatchObject({ status: 429, json: { code: 429, key: 'exportJob.tooManyAll' } });
    g.open();
    await settle(a, admin, first.json.data.id);
    expect((await post(a, '/console/exportJob/add', ADD, op)).json.code).toBe(200);
  });
});

describe('export jobs: faults and restarts', () => {
  test('a list failing mid-way keeps the rows written, downloadable, and says why', async () => {
    const g = gate();
    let reached!: () => void;
    const atForty = new Promise<void>((r) => (reached = r));
    const { a } = await app({}, { exportJobs: { pageSize: 20, beforePage: async (_id, rows) => { if (rows === 40) { reached(); await g.wait(); } } } });
    const admin = await signIn(a);
    const job = (await post(a, '/console/exportJob/add', { ...ADD, body: {} }, admin)).json.data;
    await atForty;
    expect((await post(a, '/v1/mock/faults/add', { path: '/v1/order/list', envelopeCode: 500 })).json.code).toBe(200);
    g.open();
    const ended = await settle(a, admin, job.id);
    expect(ended).toMatchObject({ status: 'failed', rows: 40, downloadable: true });
    expect(ended.message).toContain('从第 41 行起');
    expect(ended.message).toContain('已写入 40 行');
    const file = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${job.id}`, headers: { authorization: admin } });
    expect((await readSheet(file.rawPayload)).length).toBe(41);
    // The console carries on.
    expect((await post(a, '/console/exportJob/list', {}, admin)).json.code).toBe(200);
  });

  test('a full disk fails the job without a file, never the console', async () => {
    const dir = tmpDir();
    const { a } = await app({ EXPORT_DIR: dir }, { exportJobs: { pageSize: 20 } });
    // The first job's file is job-1.xlsx: there, every write answers ENOSPC.
    fs.symlinkSync('/dev/full', path.join(dir, 'job-1.xlsx'));
    const admin = await signIn(a);
    const job = (await post(a, '/console/exportJob/add', { ...ADD, body: {} }, admin)).json.data;
    expect(job.id).toBe(1);
    const ended = await settle(a, admin, job.id);
    expect(ended).toMatchObject({ status: 'failed', downloadable: false });
    expect(ended.message).toContain('ENOSPC');
    expect((await call(a, 'GET', '/healthz')).status).toBe(200);
    expect((await post(a, '/v1/order/list', { pageNum: 1, pageSize: 1 }, admin)).json.code).toBe(200);
  });

  test('a restart marks jobs left running failed; retention deletes old jobs and their files', async () => {
    const dir = tmpDir();
    const dbFile = path.join(dir, 'console.sqlite');
    const exports = path.join(dir, 'exports');
    fs.mkdirSync(exports);
    const driver = sqliteDriver(dbFile);
    await migrate(driver, EXPORT_MIGRATIONS);
    const store = new ExportJobStore(driver);
    const base = { username: 'admin', path: '/order/index', entity: 'order', title: '订单管理', body: {}, columns: COLUMNS, lang: 'zh_CN' as const, total: 10, fileName: 'x.xlsx' };
    const left = await store.add({ ...base, owner: 'u:1' }, Date.now() - 60_000);
    await store.update(left.id, { status: 'running', rows: 5 });
    // Another console's job, beating: left alone.
    const other = await store.add({ ...base, owner: 'u:2' }, Date.now());
    await store.update(other.id, { status: 'running', rows: 5, beatMs: Date.now() });
    fs.writeFileSync(path.join(exports, left.file), 'partial');
    const old = await store.add({ ...base, owner: 'u:1' }, Date.now() - 10 * 86_400_000);
    await store.update(old.id, { status: 'done', rows: 10, bytes: 7 });
    fs.writeFileSync(path.join(exports, old.file), 'old one');
    fs.writeFileSync(path.join(exports, 'job-999.xlsx'), 'nobody keeps me');
    await driver.close();

    const { a } = await app({ AUDIT_DB: dbFile, EXPORT_DIR: exports, EXPORT_DAYS: '7' });
    const admin = await signIn(a);
    const info = await post(a, '/v1/admin/adminInfo', {}, admin);
    expect(info.json.data.userId ?? info.json.data.id).toBe(1);
    const list = (await post(a, '/console/exportJob/list', {}, admin)).json.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: left.id, status: 'failed', downloadable: false });
    expect(list.list[0].message).toContain('重启');
    expect(fs.readdirSync(exports)).toEqual([]);
    const op = await signIn(a, 'operator', 'operator123');
    expect((await post(a, '/console/exportJob/info', { id: other.id }, op)).json.data.status).toBe('running');
    // Cancelled here, it is stopped by the console running it at its next beat.
    expect((await post(a, '/console/exportJob/cancel', { id: other.id }, op)).json.data.status).toBe('cancelled');
  });
});

test('past the quota a new job is refused (507)', async () => {
  const dir = tmpDir();
  const dbFile = path.join(dir, 'console.sqlite');
  const driver = sqliteDriver(dbFile);
  await migrate(driver, EXPORT_MIGRATIONS);
  const store = new ExportJobStore(driver);
  const kept = await store.add({ owner: 'u:2', username: 'operator', path: '/order/index', entity: 'order', title: '订单管理', body: {}, columns: COLUMNS, lang: 'zh_CN', total: 1, fileName: 'x.xlsx' }, Date.now());
  await store.update(kept.id, { status: 'done', rows: 1, bytes: 2 * 1024 * 1024 });
  await driver.close();
  fs.mkdirSync(path.join(dir, 'exports'));
  fs.writeFileSync(path.join(dir, 'exports', kept.file), 'x');
  const { a } = await app({ AUDIT_DB: dbFile, EXPORT_DIR: path.join(dir, 'exports'), EXPORT_QUOTA_MB: '1', MESSAGES: 'localized' });
  const admin = await signIn(a);
  const full = await a.inject({ method: 'POST', url: '/console/exportJob/add', payload: ADD, headers: { authorization: admin, 'accept-language': 'en' } });
  expect(full.statusCode).toBe(507);
  expect(full.json()).toMatchObject({ code: 507, key: 'exportJob.quotaFull', message: expect.stringContaining('1 MB') });
});

test("an export job's event reaches its owner's stream only, whatever the roles read", () => {
  const written: string[][] = [[], []];
  const streams = [{ userId: 1, username: 'admin' }, { userId: 2, username: 'operator' }].map((who, i) => {
    const res = { write: (t: string) => void written[i].push(t), writableLength: 0, on: () => undefined, end: () => undefined, destroy: () => undefined, destroyed: false };
    return new LiveStream(res as never, { ...who, authorization: 'x', mayRead: () => true, stillValid: () => true }, 1 << 20, () => undefined);
  });
  const e = { id: 1, entity: 'exportJob', recordId: 7, op: 'update' as const, by: { userId: 1, username: 'admin' }, fields: ['status'], at: 0 };
  for (const s of streams) s.deliver(e, 'text');
  expect(written).toEqual([['text'], []]);
});

describe('export jobs in proxy mode', () => {
  let upstream: Upstream | null = null;
  afterEach(async () => {
    await upstream?.close();
    upstream = null;
  });

  test("the job pages the platform's list with the user's own token and filters", async () => {
    const orders = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, orderNo: `NO${i + 1}`, payAmount: 1000 + i, status: 4, itemCount: 1 }));
    upstream = await startUpstream((req, res) => {
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const p = req.url.split('?')[0];
      if (req.headers.authorization !== 'Bearer tok-ann') return send({ code: 401, data: null, message: 'expired' });
      if (p === '/v1/admin/adminInfo') return send({ code: 200, data: { userId: 7, username: 'ann', roles: [{ id: 'super' }] }, message: 'ok' });
      if (p === '/v1/order/list') {
        const b = JSON.parse(req.body.toString()) as { pageNum: number; pageSize: number; status?: number };
        const match = orders.filter((o) => b.status === undefined || o.status === b.status);
        return send({ code: 200, data: { list: match.slice((b.pageNum - 1) * b.pageSize, b.pageNum * b.pageSize), total: match.length }, message: 'ok' });
      }
      return send({ code: 200, data: null, message: 'ok' });
    });
    const { a } = await app({ MODE: 'proxy', UPSTREAM_URL: upstream.url, CONTRACT_VALIDATION: 'off' }, { exportJobs: { pageSize: 20 } });
    const token = 'Bearer tok-ann';
    const job = (await post(a, '/console/exportJob/add', ADD, token)).json;
    expect(job, JSON.stringify(job)).toMatchObject({ code: 200 });
    const done = await settle(a, token, job.data.id);
    expect(done).toMatchObject({ status: 'done', rows: 45 });
    const lists = upstream.received.filter((r) => r.url === '/v1/order/list');
    expect(lists.length).toBe(3);
    expect(lists.every((r) => r.headers.authorization === token && JSON.parse(r.body.toString()).status === 4)).toBe(true);
    const file = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${done.id}`, headers: { authorization: token } });
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.length).toBe(46);
    expect(sheet[1]).toEqual(['NO1', 10, expect.any(String), 1]);
    expect((await post(a, '/console/exportJob/list', {}, 'Bearer someone-else')).status).toBe(401);
  });
});

describe('export jobs on PostgreSQL (PGlite)', () => {
  let pg: PGlite | null = null;
  afterAll(async () => {
    await pg?.close();
  });

  test('a job runs, is listed and downloads the same as on SQLite', async () => {
    pg = await PGlite.create();
    const { a } = await app({}, { consoleDriver: pgliteDriver(pg, { shared: true }), exportJobs: { pageSize: 100 } });
    const admin = await signIn(a);
    const job = (await post(a, '/console/exportJob/add', ADD, admin)).json.data;
    const done = await settle(a, admin, job.id);
    expect(done).toMatchObject({ status: 'done', rows: 424, downloadable: true });
    expect((await post(a, '/console/exportJob/list', {}, admin)).json.data).toMatchObject({ total: 1 });
    const file = await a.inject({ method: 'GET', url: `/console/exportJob/download?id=${job.id}`, headers: { authorization: admin } });
    expect((await readSheet(file.rawPayload)).length).toBe(425);
  }, 60_000);
});
