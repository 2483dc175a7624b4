import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import type { AppDeps } from '../../server/deps.js';
import { PlatformSessions, REVOKED_KEPT } from '../../server/sessions/platform.js';
import { summariseUserAgent } from '../../server/sessions/client.js';
import { SignInLog, SIGN_IN_MIGRATIONS } from '../../server/sessions/log.js';
import { migrate, sqliteDriver } from '../../server/console-db/index.js';
import { call, makeApp, signIn, testClock } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Sessions and the sign-in log (`/console/session/*`, `/console/signInLog/list`), through inject:
 * who sees which sessions, who may end which, what an ended token's next call answers (HTTP 401
 * naming who ended it, in the caller's language), what the sign-in log keeps (signed in, failed,
 * locked out) and who reads it; in mock mode on SQLite and PostgreSQL (PGlite), and in proxy mode
 * against a throwaway platform.
 */

const apps: FastifyInstance[] = [];
let upstream: Upstream | null = null;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  await upstream?.close();
  upstream = null;
});
let pglite: PGlite | null = null;
afterAll(async () => {
  await pglite?.close();
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function post(app: FastifyInstance, url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { ...(token ? { authorization: token } : {}), 'user-agent': CHROME, ...headers } });
  return { status: res.statusCode, json: res.json() };
}

async function signInAs(app: FastifyInstance, username: string, password: string, captchaCode = 'TEST') {
  const t = await call(app, 'GET', '/v1/captcha/token');
  return post(app, '/v1/admin/login', { username, password, captchaToken: t.json.data.captchaToken, captchaCode });
}

const DRIVERS: { name: string; deps: () => Promise<AppDeps> }[] = [
  { name: 'SQLite', deps: async () => ({}) },
  {
    name: 'PGlite',
    deps: async () => {
      pglite ??= await PGlite.create();
      // A fresh schema per app: each case starts from an empty log.
      const schema = `sessions_${Math.random().toString(36).slice(2, 10)}`;
      await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return { consoleDriver: pgliteDriver(pglite, { shared: true }) };
    },
  },
];

describe.each(DRIVERS)('mock mode on $name', ({ deps }) => {
  async function app(env: Record<string, string> = {}, more: AppDeps = {}) {
    const { app: a } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', ...env }, { ...(await deps()), ...more });
    apps.push(a);
    return a;
  }

  test('an administrator lists every session with user, roles, address, client and times; others only their own; `current` marks the caller', async () => {
    const a = await app();
    const admin = await signIn(a);
    const op1 = await signIn(a, 'operator', 'operator123');
    const op2 = await signIn(a, 'operator', 'operator123');
    await post(a, '/v1/admin/adminInfo', {}, op1);

    const all = await post(a, '/console/session/list', { pageNum: 1, pageSize: 10 }, admin);
    expect(all.json.code).toBe(200);
    expect(all.json.data.total).toBe(3);
    const rows = all.json.data.list as Record<string, unknown>[];
    expect(rows.map((r) => r.username).sort()).toEqual(['admin', 'operator', 'operator']);
    const mine = rows.find((r) => r.current === true)!;
    expect(mine).toMatchObject({ username: 'admin', ip: '127.0.0.1' });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    for (const r of rows) {
      expect(r).toMatchObject({ id: expect.any(Number), roles: expect.any(String), since: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
      expect(JSON.stringify(r)).not.toContain(admin.slice(7));
    }

    const own = await post(a, '/console/session/list', {}, op2);
    expect(own.json.data.total).toBe(2);
    expect((own.json.data.list as { username: string }[]).every((r) => r.username === 'operator')).toBe(true);
    expect((own.json.data.list as { current: boolean }[]).filter((r) => r.current)).toHaveLength(1);

    expect((await post(a, '/console/session/list', {})).status).toBe(401);
  });

  test('the client is summarised from the User-Agent', async () => {
    const a = await app();
    const t = await call(a, 'GET', '/v1/captcha/token');
    await post(a, '/v1/admin/login', { username: 'admin', password: 'admin123', captchaToken: t.json.data.captchaToken, captchaCode: 'TEST' }, undefined, { 'user-agent': CHROME });
    const admin = await signIn(a);
    const list = await post(a, '/console/session/list', {}, admin);
    expect((list.json.data.list as { client: string }[]).map((r) => r.client)).toContain('Chrome 131 · Windows');
  });

  test("an administrator ends another's session: its next call answers HTTP 401 saying an administrator ended it, in the caller's language", async () => {
    const a = await app({ MESSAGES: 'localized' });
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');
    const list = await post(a, '/console/session/list', { username: 'operator' }, admin);
    const id = (list.json.data.list as { id: number }[])[0].id;
    expect((await post(a, '/console/session/revoke', { id }, admin)).json).toMatchObject({ code: 200 });

    const zh = await post(a, '/v1/admin/adminInfo', {}, op);
    expect(zh).toMatchObject({ status: 401, json: { code: 401, message: '您的会话已被管理员结束，请重新登录' } });
    const en = await post(a, '/v1/goods/list', { pageNum: 1 }, op, { 'accept-language': 'en', 'content-type': 'application/json' });
    expect(en).toMatchObject({ status: 401, json: { code: 401, message: 'Your session was ended by an administrator; sign in again' } });
    // Gone from the list; the administrator's own session is untouched.
    const after = await post(a, '/console/session/list', {}, admin);
    expect((after.json.data.list as { id: number }[]).map((r) => r.id)).not.toContain(id);
    expect((await post(a, '/v1/admin/adminInfo', {}, admin)).json.code).toBe(200);
  });

  test("a user ends their own other session, but not the current one nor another user's; refusals name `id` and change nothing", async () => {
    const a = await app();
    const admin = await signIn(a);
    const here = await signIn(a, 'operator', 'operator123');
    const there = await signIn(a, 'operator', 'operator123');
    const rows = (await post(a, '/console/session/list', {}, here)).json.data.list as { id: number; current: boolean }[];
    const current = rows.find((r) => r.current)!.id;
    const other = rows.find((r) => !r.current)!.id;
    const adminRows = (await post(a, '/console/session/list', { username: 'admin' }, admin)).json.data.list as { id: number }[];
    const adminId = adminRows[0].id;

    const self = await post(a, '/console/session/revoke', { id: current }, here);
    expect(self.json).toMatchObject({ code: 400, field: 'id' });
    expect(self.json.message).toMatch(/current session/);
    const foreign = await post(a, '/console/session/revoke', { id: adminId }, here);
    expect(foreign.json).toMatchObject({ code: 404, field: 'id' });
    // An administrator's own current session ends through sign-out, not here.
    expect((await post(a, '/console/session/revoke', { id: adminId }, admin)).json).toMatchObject({ code: 400, field: 'id' });
    const unknown = await post(a, '/console/session/revoke', { id: 999_999 }, admin);
    expect(unknown.json).toMatchObject({ code: 404, field: 'id' });
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: 1.5 }, { id: 2 ** 60 }]) {
      const bad = await post(a, '/console/session/revoke', body, admin);
      expect(bad.json.code, JSON.stringify(body)).toBe(400);
      expect(bad.json.message, JSON.stringify(body)).toMatch(/id/);
    }
    // Nothing changed.
    expect((await post(a, '/console/session/list', {}, admin)).json.data.total).toBe(3);

    expect((await post(a, '/console/session/revoke', { id: other }, here)).json.code).toBe(200);
    const ended = await post(a, '/v1/admin/adminInfo', {}, there);
    expect(ended).toMatchObject({ status: 401, json: { code: 401 } });
    expect(ended.json.message).toMatch(/another of your sessions/);
    expect((await post(a, '/v1/admin/adminInfo', {}, here)).json.code).toBe(200);
  });

  test('a revoked token is told so only until it would have expired', async () => {
    const clock = testClock();
    const a = await app({ TOKEN_TTL: '60' }, { now: clock.now });
    const admin = await signIn(a);
    const op = await signIn(a, 'operator', 'operator123');
    const id = ((await post(a, '/console/session/list', { username: 'operator' }, admin)).json.data.list as { id: number }[])[0].id;
    await post(a, '/console/session/revoke', { id }, admin);
    expect((await post(a, '/v1/admin/adminInfo', {}, op)).status).toBe(401);
    clock.advance(61_000);
    // Past its expiry it is an ordinary expired token (envelope 401 in HTTP 200, the platform's way).
    expect(await post(a, '/v1/admin/adminInfo', {}, op)).toMatchObject({ status: 200, json: { code: 401 } });
  });

  test('the sign-in log keeps signed in, failed and locked out with address, client and time; administrators only; filters by username, result and time', async () => {
    const a = await app({ LOGIN_FAILURES_PER_ACCOUNT: '2' });
    // Signed in before the lock-out, through the helper (its attempt is the log's first).
    const op = await signIn(a, 'operator', 'operator123');
    expect((await signInAs(a, 'operator', 'wrong')).json.code).toBe(400);
    expect((await signInAs(a, 'operator', 'operator123', 'NOPE')).json.code).toBe(400);
    expect((await signInAs(a, 'operator', 'wrong')).json.code).toBe(400);
    expect((await signInAs(a, 'operator', 'operator123')).json.code).toBe(429);
    const admin = await signIn(a);

    const all = await post(a, '/console/signInLog/list', { pageNum: 1, pageSize: 20 }, admin);
    expect(all.json.code).toBe(200);
    expect(all.json.data.total).toBe(6);
    const list = all.json.data.list as { username: string; result: number; ip: string; client: string; message: string; createTime: string }[];
    // Newest first.
    expect(list.map((r) => [r.username, r.result])).toEqual([['admin', 1], ['operator', 2], ['operator', 0], ['operator', 0], ['operator', 0], ['operator', 1]]);
    expect(list[1].message).toMatch(/登录失败次数过多/);
    expect(list[4].message).toBe('账号或密码错误');
    expect(list[3].message).toMatch(/验证码错误/);
    // The helper's sign-ins send no browser's User-Agent (the first and the last); the others came from Chrome.
    for (const [i, r] of list.entries()) expect(r).toMatchObject({ ip: '127.0.0.1', client: i === 0 || i === 5 ? 'lightMyRequest' : 'Chrome 131 · Windows', createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(JSON.stringify(list)).not.toMatch(/operator123|wrong"/);

    expect((await post(a, '/console/signInLog/list', { username: 'OPER', result: 0 }, admin)).json.data.total).toBe(3);
    expect((await post(a, '/console/signInLog/list', { username: 'adm' }, admin)).json.data.total).toBe(1);
    expect((await post(a, '/console/signInLog/list', { result: 2 }, admin)).json.data.total).toBe(1);
    const at = list[0].createTime;
    expect((await post(a, '/console/signInLog/list', { createTime: ['2000-01-01 00:00:00', '2000-01-02 00:00:00'] }, admin)).json.data.total).toBe(0);
    expect((await post(a, '/console/signInLog/list', { createTime: [at, at] }, admin)).json.data.total).toBeGreaterThanOrEqual(1);
    const paged = await post(a, '/console/signInLog/list', { pageNum: 2, pageSize: 2 }, admin);
    expect(paged.json.data).toMatchObject({ total: 6, list: [{ result: 0 }, { result: 0 }] });

    const bad = await post(a, '/console/signInLog/list', { result: 7 }, admin);
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toMatch(/result/);
    expect((await post(a, '/console/signInLog/list', {}, op))).toMatchObject({ status: 403, json: { code: 403, message: 'The sign-in log is for administrators' } });
    expect((await post(a, '/console/signInLog/list', {})).status).toBe(401);
  });

  test('pruning drops the attempts older than the retention and keeps the others', async () => {
    const db = (await deps()).consoleDriver ?? sqliteDriver(':memory:');
    await migrate(db, SIGN_IN_MIGRATIONS);
    const log = new SignInLog(db);
    const day = 86_400_000;
    const t = Date.UTC(2026, 10, 21);
    await log.record({ username: 'old', result: 0, ip: '10.0.0.1', client: '', message: 'x', atMs: t - 3 * day });
    await log.record({ username: 'new', result: 1, ip: '10.0.0.2', client: '', message: '', atMs: t });
    expect(await log.prune(t - day)).toBe(1);
    expect((await log.list({ pageNum: 1, pageSize: 10 })).list.map((r) => r.username)).toEqual(['new']);
    await db.close();
  });
});

describe('the pieces', () => {
  test('User-Agent summaries', () => {
    expect(summariseUserAgent(CHROME)).toBe('Chrome 131 · Windows');
    expect(summariseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15')).toBe('Safari 18 · macOS');
    expect(summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 · Linux');
    expect(summariseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge 131 · Windows');
    expect(summariseUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(summariseUserAgent(undefined)).toBe('');
  });

  test('revoked platform tokens: bounded, and dropped at expiry', () => {
    const clock = testClock();
    const book = new PlatformSessions(60_000, clock.now);
    const first = book.open('Bearer first', 'a', '', '');
    book.revoke(first, 'admin');
    expect(book.refusalOf('Bearer first')).toEqual({ key: 'session.revokedByAdmin' });
    for (let i = 0; i < REVOKED_KEPT; i++) book.revoke(book.open(`Bearer t${i}`, 'a', '', ''), 'self');
    expect(book.revokedCount()).toBe(REVOKED_KEPT);
    // The oldest went first.
    expect(book.refusalOf('Bearer first')).toBeNull();
    expect(book.refusalOf('Bearer t0')).toEqual({ key: 'session.revokedElsewhere' });
    clock.advance(60_001);
    expect(book.refusalOf('Bearer t0')).toBeNull();
    book.revoke(book.open('Bearer late', 'a', '', ''), 'admin');
    expect(book.revokedCount()).toBe(1);
  });
});

describe('proxy mode', () => {
  /** A platform: `admin`/`operator` sign in (tokens `tok-<name>-<n>`), adminInfo names the token's user, logout is recorded. */
  async function platform() {
    let n = 0;
    const users = new Map<string, string>();
    const loggedOut: string[] = [];
    upstream = await startUpstream((req, res) => {
      const path = req.url.split('?')[0];
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const auth = String(req.headers.authorization ?? '');
      if (path === '/v1/admin/login') {
        const body = JSON.parse(req.body.toString() || '{}') as { username?: string; password?: string };
        if (body.password === 'locked') return send({ code: 429, data: { retryAfter: 60 }, message: '登录失败次数过多' });
        if (body.password !== 'pw') return send({ code: 400, data: null, message: '账号或密码错误' });
        const token = `tok-${body.username}-${++n}`;
        users.set(`Bearer ${token}`, body.username!);
        return send({ code: 200, data: { token, tokenHead: 'Bearer ' }, message: 'ok' });
      }
      if (path === '/v1/admin/logout') {
        loggedOut.push(auth);
        users.delete(auth);
        return send({ code: 200, data: null, message: 'ok' });
      }
      const who = users.get(auth);
      if (!who) return send({ code: 401, data: null, message: 'expired' });
      if (path === '/v1/admin/adminInfo') return send({ code: 200, data: { userId: who === 'admin' ? 1 : 2, username: who, roles: [{ id: who === 'admin' ? 'super' : 'ops' }] }, message: 'ok' });
      return send({ code: 200, data: { list: [], total: 0 }, message: 'ok' });
    });
    const { app: a } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url });
    apps.push(a);
    const login = async (username: string, password = 'pw') => {
      const r = await post(a, '/v1/admin/login', { username, password, captchaToken: 'x', captchaCode: 'y' }, undefined, { 'content-type': 'application/json' });
      return r.json.code === 200 ? `${r.json.data.tokenHead}${r.json.data.token}` : null;
    };
    return { a, login, loggedOut };
  }

  test('sessions signed in through the console are listed; a revoked token is refused by the console (HTTP 401) and the platform is asked to end it', async () => {
    const { a, login, loggedOut } = await platform();
    const admin = (await login('admin'))!;
    const op = (await login('operator'))!;
    await expect.poll(async () => (await post(a, '/console/session/list', {}, admin)).json.data?.total).toBe(2);
    const rows = (await post(a, '/console/session/list', {}, admin)).json.data.list as { id: number; username: string; roles: string; current: boolean; client: string }[];
    expect(rows.find((r) => r.username === 'admin')).toMatchObject({ current: true, roles: 'super', client: 'Chrome 131 · Windows' });
    const target = rows.find((r) => r.username === 'operator')!;
    expect(target.current).toBe(false);
    // A non-administrator sees only their own.
    expect((await post(a, '/console/session/list', {}, op)).json.data.list).toEqual([expect.objectContaining({ username: 'operator', current: true })]);

    expect((await post(a, '/console/session/revoke', { id: target.id }, admin)).json.code).toBe(200);
    expect(loggedOut).toEqual([op]);
    const refused = await post(a, '/v1/goods/list', { pageNum: 1 }, op, { 'content-type': 'application/json' });
    expect(refused).toMatchObject({ status: 401, json: { code: 401, message: 'Your session was ended by an administrator; sign in again' } });
    const before = upstream!.received.length;
    await post(a, '/api/v1/goods/list', { pageNum: 1 }, op, { 'content-type': 'application/json' });
    expect(upstream!.received.length).toBe(before);
    // The console's own endpoints refuse it too.
    expect((await post(a, '/console/session/list', {}, op)).status).toBe(401);
    expect((await post(a, '/v1/goods/list', { pageNum: 1 }, admin, { 'content-type': 'application/json' })).json.code).toBe(200);

    const bad = await post(a, '/console/session/revoke', { id: 4242 }, admin);
    expect(bad.json).toMatchObject({ code: 404, field: 'id' });
  });

  test('a non-administrator ends their own other session, not the current one nor another user’s', async () => {
    const { a, login, loggedOut } = await platform();
    const admin = (await login('admin'))!;
    const here = (await login('operator'))!;
    const there = (await login('operator'))!;
    await expect.poll(async () => (await post(a, '/console/session/list', {}, here)).json.data?.total).toBe(2);
    const rows = (await post(a, '/console/session/list', {}, here)).json.data.list as { id: number; current: boolean }[];
    const adminId = ((await post(a, '/console/session/list', { username: 'admin' }, admin)).json.data.list as { id: number }[])[0].id;
    expect((await post(a, '/console/session/revoke', { id: rows.find((r) => r.current)!.id }, here)).json).toMatchObject({ code: 400, field: 'id' });
    expect((await post(a, '/console/session/revoke', { id: adminId }, here)).json).toMatchObject({ code: 404, field: 'id' });
    expect(loggedOut).toEqual([]);
    expect((await post(a, '/console/session/revoke', { id: rows.find((r) => !r.current)!.id }, here)).json.code).toBe(200);
    expect(loggedOut).toEqual([there]);
    const ended = await post(a, '/v1/goods/list', { pageNum: 1 }, there, { 'content-type': 'application/json' });
    expect(ended).toMatchObject({ status: 401, json: { message: 'Your session was ended from another of your sessions; sign in again' } });
    expect((await post(a, '/v1/goods/list', { pageNum: 1 }, here, { 'content-type': 'application/json' })).json.code).toBe(200);
  });

  test('the platform’s sign-in answers are logged: signed in, failed and locked out', async () => {
    const { a, login } = await platform();
    expect(await login('operator', 'bad')).toBeNull();
    expect(await login('operator', 'locked')).toBeNull();
    const admin = (await login('admin'))!;
    await expect.poll(async () => (await post(a, '/console/signInLog/list', {}, admin)).json.data?.total).toBe(3);
    const list = (await post(a, '/console/signInLog/list', {}, admin)).json.data.list;
    expect(list).toMatchObject([{ username: 'admin', result: 1, client: 'Chrome 131 · Windows' }, { username: 'operator', result: 2 }, { username: 'operator', result: 0, message: '账号或密码错误' }]);
    expect(JSON.stringify(list)).not.toMatch(/"pw"|locked"/);
    const op = (await login('operator'))!;
    expect((await post(a, '/console/signInLog/list', {}, op)).status).toBe(403);
  });
});
