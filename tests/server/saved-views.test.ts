import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { pgliteDriver } from '../../server/console-db/pglite.js';
import type { AppDeps } from '../../server/deps.js';
import { SAVED_VIEW_LIMITS } from '../../server/contract/saved-views.js';
import { makeApp, signIn } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/**
 * Saved views (`/console/savedView/*`), through inject: a user's own views, views shared with a
 * role (seen by that role's users, not by others), who may change or delete a shared view (its
 * maker, an administrator), the default view per user and screen, the limits and bad input (an
 * envelope naming the field, nothing changed); in mock mode on SQLite and PostgreSQL (PGlite), and
 * in proxy mode against a throwaway platform.
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

type Json = { code: number; data: any; message: string; field?: string | null; key?: string };

async function post(app: FastifyInstance, url: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; json: Json }> {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  return { status: res.statusCode, json: res.json() };
}

const DRIVERS: { name: string; deps: () => Promise<AppDeps> }[] = [
  { name: 'SQLite', deps: async () => ({}) },
  {
    name: 'PGlite',
    deps: async () => {
      pglite ??= await PGlite.create();
      const schema = `views_${Math.random().toString(36).slice(2, 10)}`;
      await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return { consoleDriver: pgliteDriver(pglite, { shared: true }) };
    },
  },
];

const ORDERS = '/order/index';
const list = async (a: FastifyInstance, token: string, path = ORDERS) => (await post(a, '/console/savedView/list', { path }, token)).json.data as { total: number; list: any[] };

describe.each(DRIVERS)('mock mode on $name', ({ deps }) => {
  async function app(env: Record<string, string> = {}) {
    const { app: a } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', ...env }, await deps());
    apps.push(a);
    return a;
  }

  /** The app with its administrator, the operator, and a clerk whose only role is a new `clerk` role. */
  async function people(env: Record<string, string> = {}) {
    const a = await app(env);
    const admin = await signIn(a);
    const operator = await signIn(a, 'operator', 'operator123');
    const role = await post(a, '/v1/role/add', { name: '文员', roleKey: 'clerk', sort: 9, status: 1, menuIds: [], resourceIds: [] }, admin);
    expect(role.json.code).toBe(200);
    expect((await post(a, '/v1/admin/add', { username: 'clerk', nickName: 'Clerk', password: 'clerk1234', roleIds: [role.json.data.id], status: 1 }, admin)).json.code).toBe(200);
    const clerk = await signIn(a, 'clerk', 'clerk1234');
    return { a, admin, operator, clerk };
  }

  test('a personal view is its maker’s alone; it answers as saved, with its maker and marks', async () => {
    const { a, operator, clerk, admin } = await people();
    const add = await post(a, '/console/savedView/add', { path: ORDERS, name: ' 待退款 ', query: 'status=1&pageSize=50', columns: ['orderNo', 'amount'] }, operator);
    expect(add.json).toMatchObject({ code: 200, data: { name: '待退款', query: 'status=1&pageSize=50', columns: ['orderNo', 'amount'], shared: false, roleIds: [], ownerName: 'operator', mine: true, canEdit: true, isDefault: false } });
    expect(add.json.data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await list(a, operator)).list.map((v) => v.name)).toEqual(['待退款']);
    // Another screen has its own views; other users see none of this one's.
    expect((await list(a, operator, '/member/index')).total).toBe(0);
    expect((await list(a, clerk)).total).toBe(0);
    expect((await list(a, admin)).total).toBe(0);
    // Without a token: 401, nothing about the body.
    expect((await post(a, '/console/savedView/list', { path: ORDERS })).json.code).toBe(401);
  });

  test('a view shared with a role is seen by that role’s users and by administrators, not by other roles; it names its maker', async () => {
    const { a, admin, operator, clerk } = await people();
    const shared = await post(a, '/console/savedView/add', { path: ORDERS, name: '今日风险订单', query: 'riskLevel=2', shared: true, roleIds: ['operator'] }, admin);
    expect(shared.json).toMatchObject({ code: 200, data: { shared: true, roleIds: ['operator'], ownerName: 'admin' } });
    const seen = await list(a, operator);
    expect(seen.list).toEqual([expect.objectContaining({ name: '今日风险订单', ownerName: 'admin', mine: false, canEdit: false })]);
    expect((await list(a, clerk)).total).toBe(0);
    // The operator's own come first, then the shared ones.
    await post(a, '/console/savedView/add', { path: ORDERS, name: 'Z mine', query: '' }, operator);
    expect((await list(a, operator)).list.map((v) => v.name)).toEqual(['Z mine', '今日风险订单']);
    // An administrator curates every shared view, also one shared with roles they do not hold.
    const clerkView = await post(a, '/console/savedView/add', { path: ORDERS, name: 'clerk only', query: 'status=2', shared: true, roleIds: ['clerk'] }, clerk);
    expect(clerkView.json.code).toBe(200);
    const adminSees = await list(a, admin);
    expect(adminSees.list.map((v) => v.name).sort()).toEqual(['clerk only', '今日风险订单'].sort());
    expect(adminSees.list.find((v) => v.name === 'clerk only')).toMatchObject({ canEdit: true, mine: false, ownerName: 'clerk' });
    expect((await list(a, operator)).list.map((v) => v.name)).not.toContain('clerk only');
  });

  test('only its maker or an administrator changes or deletes a shared view; a view not seen is unknown', async () => {
    const { a, admin, operator: clerk } = await people();
    // A second operator: sees what the first shares with the role, and may not change it.
    const roles = (await post(a, '/v1/role/list', { pageNum: 1, pageSize: 50 }, admin)).json.data.list as { id: number; roleKey: string }[];
    await post(a, '/v1/admin/add', { username: 'operator2', nickName: 'Op 2', password: 'operator234', roleIds: [roles.find((r) => r.roleKey === 'operator')!.id], status: 1 }, admin);
    const operator = await signIn(a, 'operator2', 'operator234');
    const v = (await post(a, '/console/savedView/add', { path: ORDERS, name: 'team', query: 'status=1', shared: true, roleIds: ['operator'] }, clerk)).json.data;
    const mine = (await post(a, '/console/savedView/add', { path: ORDERS, name: 'private', query: '' }, clerk)).json.data;

    const byOperator = await post(a, '/console/savedView/update', { id: v.id, name: 'hijacked' }, operator);
    expect(byOperator.json).toMatchObject({ code: 403, field: 'id', key: 'savedView.notYours' });
    expect((await post(a, '/console/savedView/del', { ids: [v.id] }, operator)).json).toMatchObject({ code: 403, field: 'ids' });
    // Another's personal view is as unknown as one that does not exist, to an administrator too.
    expect((await post(a, '/console/savedView/update', { id: mine.id, name: 'x' }, operator)).json).toMatchObject({ code: 404, field: 'id' });
    expect((await post(a, '/console/savedView/del', { ids: [mine.id] }, admin)).json).toMatchObject({ code: 404, field: 'ids' });
    expect((await post(a, '/console/savedView/update', { id: 999999, name: 'x' }, admin)).json).toMatchObject({ code: 404, field: 'id' });
    expect((await list(a, clerk)).list.map((x) => x.name).sort()).toEqual(['private', 'team']);

    // The maker renames and saves a new query over it; the roles stay.
    const renamed = await post(a, '/console/savedView/update', { id: v.id, name: 'team refunds', query: 'status=3' }, clerk);
    expect(renamed.json).toMatchObject({ code: 200, data: { name: 'team refunds', query: 'status=3', shared: true, roleIds: ['operator'], ownerName: 'operator' } });
    // An administrator curates it (the maker stays), then deletes it.
    expect((await post(a, '/console/savedView/update', { id: v.id, roleIds: ['operator', 'clerk'] }, admin)).json).toMatchObject({ code: 200, data: { roleIds: ['operator', 'clerk'], ownerName: 'operator', mine: false } });
    expect((await list(a, operator)).list.map((x) => x.name)).toEqual(['team refunds']);
    // All or none: one view the caller may not delete keeps every other.
    expect((await post(a, '/console/savedView/del', { ids: [v.id, mine.id] }, admin)).json.code).toBe(404);
    expect((await list(a, clerk)).total).toBe(2);
    expect((await post(a, '/console/savedView/del', { ids: [v.id] }, admin)).json).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await list(a, operator)).total).toBe(0);
    expect((await list(a, clerk)).list.map((x) => x.name)).toEqual(['private']);
  });

  test('a non-administrator shares only with roles they hold, and a shared view names a role', async () => {
    const { a, operator, admin } = await people();
    expect((await post(a, '/console/savedView/add', { path: ORDERS, name: 'x', query: '', shared: true, roleIds: ['clerk'] }, operator)).json).toMatchObject({ code: 400, field: 'roleIds', key: 'savedView.notYourRole' });
    expect((await post(a, '/console/savedView/add', { path: ORDERS, name: 'x', query: '', shared: true }, admin)).json).toMatchObject({ code: 400, field: 'roleIds', key: 'savedView.noRoles' });
    const ok = await post(a, '/console/savedView/add', { path: ORDERS, name: 'x', query: '', shared: true, roleIds: ['operator'] }, operator);
    expect(ok.json.code).toBe(200);
    expect((await post(a, '/console/savedView/update', { id: ok.json.data.id, roleIds: ['super'] }, operator)).json).toMatchObject({ code: 400, field: 'roleIds' });
    // Made personal again: its roles go.
    expect((await post(a, '/console/savedView/update', { id: ok.json.data.id, shared: false }, operator)).json.data).toMatchObject({ shared: false, roleIds: [] });
    expect((await list(a, admin)).total).toBe(0);
  });

  test('a default view per user and screen: any view the user sees, marked in the list, cleared with null and when its view goes', async () => {
    const { a, admin, operator, clerk } = await people();
    const shared = (await post(a, '/console/savedView/add', { path: ORDERS, name: 'shared', query: 'status=1', shared: true, roleIds: ['operator'] }, admin)).json.data;
    const own = (await post(a, '/console/savedView/add', { path: ORDERS, name: 'own', query: 'status=2' }, operator)).json.data;
    expect((await post(a, '/console/savedView/setDefault', { path: ORDERS, id: shared.id }, operator)).json).toMatchObject({ code: 200, data: { path: ORDERS, id: shared.id } });
    expect((await list(a, operator)).list.filter((v) => v.isDefault).map((v) => v.name)).toEqual(['shared']);
    // The default is the operator's own: the administrator's list marks none.
    expect((await list(a, admin)).list.some((v) => v.isDefault)).toBe(false);
    await post(a, '/console/savedView/setDefault', { path: ORDERS, id: own.id }, operator);
    expect((await list(a, operator)).list.filter((v) => v.isDefault).map((v) => v.name)).toEqual(['own']);
    // A view the user does not see, or another screen's, is refused naming `id`.
    expect((await post(a, '/console/savedView/setDefault', { path: ORDERS, id: shared.id }, clerk)).json).toMatchObject({ code: 404, field: 'id' });
    expect((await post(a, '/console/savedView/setDefault', { path: '/member/index', id: own.id }, operator)).json).toMatchObject({ code: 400, field: 'id', key: 'savedView.otherPath' });
    await post(a, '/console/savedView/setDefault', { path: ORDERS, id: null }, operator);
    expect((await list(a, operator)).list.some((v) => v.isDefault)).toBe(false);
    await post(a, '/console/savedView/setDefault', { path: ORDERS, id: own.id }, operator);
    await post(a, '/console/savedView/del', { ids: [own.id] }, operator);
    expect((await list(a, operator)).list.some((v) => v.isDefault)).toBe(false);
  });

  test('limits: name length, views per user and screen, query size, roles; a duplicate name; each refused naming its field, nothing kept', async () => {
    const { a, operator, clerk } = await people();
    const name = 'n'.repeat(SAVED_VIEW_LIMITS.nameMax + 1);
    expect(await post(a, '/console/savedView/add', { path: ORDERS, name, query: '' }, operator)).toMatchObject({ status: 400, json: { code: 400, field: 'name' } });
    const query = `keyword=${'q'.repeat(SAVED_VIEW_LIMITS.queryMax)}`;
    expect(await post(a, '/console/savedView/add', { path: ORDERS, name: 'big', query }, operator)).toMatchObject({ status: 400, json: { field: 'query' } });
    const roleIds = Array.from({ length: SAVED_VIEW_LIMITS.rolesMax + 1 }, (_, i) => `r${i}`);
    expect(await post(a, '/console/savedView/add', { path: ORDERS, name: 'roles', query: '', shared: true, roleIds }, operator)).toMatchObject({ status: 400, json: { field: 'roleIds' } });
    expect((await list(a, operator)).total).toBe(0);

    for (let i = 0; i < SAVED_VIEW_LIMITS.perUserPerPath; i++) expect((await post(a, '/console/savedView/add', { path: ORDERS, name: `v${i}`, query: `pageNum=${i + 2}` }, operator)).json.code).toBe(200);
    expect((await post(a, '/console/savedView/add', { path: ORDERS, name: 'one more', query: '' }, operator)).json).toMatchObject({ code: 400, field: 'name', key: 'savedView.tooMany' });
    // The limit is per user and per screen.
    expect((await post(a, '/console/savedView/add', { path: '/member/index', name: 'one more', query: '' }, operator)).json.code).toBe(200);
    expect((await post(a, '/console/savedView/add', { path: ORDERS, name: 'one more', query: '' }, clerk)).json.code).toBe(200);
    expect((await list(a, operator)).total).toBe(SAVED_VIEW_LIMITS.perUserPerPath);

    expect((await post(a, '/console/savedView/add', { path: '/member/index', name: 'one more', query: 'x=1' }, operator)).json).toMatchObject({ code: 400, field: 'name', key: 'savedView.duplicateName' });
    const v1 = (await list(a, operator)).list.find((v) => v.name === 'v1')!;
    expect((await post(a, '/console/savedView/update', { id: v1.id, name: 'v2' }, operator)).json).toMatchObject({ code: 400, field: 'name', key: 'savedView.duplicateName' });
    expect((await list(a, operator)).list.find((v) => v.id === v1.id)).toMatchObject({ name: 'v1' });
  });

  test('bad input is refused naming the field, in the caller’s language', async () => {
    const { a, operator } = await people({ MESSAGES: 'localized' });
    const bad: [unknown, string][] = [
      [{ path: 'order/index', name: 'x', query: '' }, 'path'],
      [{ path: ORDERS, name: '   ', query: '' }, 'name'],
      [{ path: ORDERS, name: 'x', query: '?status=1' }, 'query'],
      [{ path: ORDERS, name: 'x', query: 'a=1#b' }, 'query'],
      [{ path: ORDERS, name: 'x\u0000', query: '' }, 'name'],
      [{ path: ORDERS, name: 'x', query: '', columns: ['ok', 'no way'] }, 'columns'],
      [{ path: ORDERS, name: 'x', query: '', shared: 'yes' }, 'shared'],
      [{ path: ORDERS, name: 'x', query: '', extra: 1 }, 'extra'],
      [{ path: ORDERS, query: '' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const r = await post(a, '/console/savedView/add', body, operator);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe(400);
      expect(r.json.field, JSON.stringify(body)).toBe(field);
    }
    expect((await post(a, '/console/savedView/update', { id: 0, name: 'x' }, operator)).json.field).toBe('id');
    expect((await post(a, '/console/savedView/del', { ids: [] }, operator)).json.field).toBe('ids');
    expect((await post(a, '/console/savedView/list', {}, operator)).json.field).toBe('path');
    expect((await list(a, operator)).total).toBe(0);
    const en = await post(a, '/console/savedView/add', { path: ORDERS, name: 'x', query: '', shared: true }, operator, { 'accept-language': 'en' });
    expect(en.json.message).toContain('a shared view names at least one role');
    const zh = await post(a, '/console/savedView/add', { path: ORDERS, name: 'x', query: '', shared: true }, operator);
    expect(zh.json.message).toContain('共享视图至少要选择一个角色');
  });
});

describe('proxy mode', () => {
  test('views are kept per platform user and shared by the platform’s role ids', async () => {
    // A platform: `admin` (role `super`) and `operator` (role `ops`) sign in; adminInfo names the token's user.
    const users = new Map<string, string>();
    upstream = await startUpstream((req, res) => {
      const path = req.url.split('?')[0];
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      if (path === '/v1/admin/login') {
        const body = JSON.parse(req.body.toString() || '{}') as { username: string };
        users.set(`Bearer tok-${body.username}`, body.username);
        return send({ code: 200, data: { token: `tok-${body.username}`, tokenHead: 'Bearer ' }, message: 'ok' });
      }
      const who = users.get(String(req.headers.authorization ?? ''));
      if (!who) return send({ code: 401, data: null, message: 'expired' });
      if (path === '/v1/admin/adminInfo') return send({ code: 200, data: { userId: who === 'admin' ? 1 : 2, username: who, roles: [{ id: who === 'admin' ? 'super' : 'ops' }] }, message: 'ok' });
      return send({ code: 200, data: { list: [], total: 0 }, message: 'ok' });
    });
    const { app: a } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: upstream.url });
    apps.push(a);
    const login = async (username: string) => {
      const r = await post(a, '/v1/admin/login', { username, password: 'pw', captchaToken: 'x', captchaCode: 'y' }, undefined, { 'content-type': 'application/json' });
      return `${r.json.data.tokenHead}${r.json.data.token}`;
    };
    const admin = await login('admin');
    const operator = await login('operator');
    const v = await post(a, '/console/savedView/add', { path: ORDERS, name: 'platform', query: 'status=1', shared: true, roleIds: ['ops'] }, admin);
    expect(v.json).toMatchObject({ code: 200, data: { ownerName: 'admin', shared: true } });
    expect((await list(a, operator)).list).toEqual([expect.objectContaining({ name: 'platform', mine: false, canEdit: false })]);
    expect((await post(a, '/console/savedView/update', { id: v.json.data.id, name: 'x' }, operator)).json.code).toBe(403);
    expect((await post(a, '/console/savedView/add', { path: ORDERS, name: 'mine', query: '', shared: true, roleIds: ['super'] }, operator)).json).toMatchObject({ code: 400, field: 'roleIds' });
    expect((await post(a, '/console/savedView/list', { path: ORDERS }, 'Bearer nobody')).json.code).toBe(401);
  });
});
