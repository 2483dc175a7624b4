import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../server/contract/index.js';
import { actionOfEndpoint, OPEN_ENDPOINTS } from '../../server/contract/resources.js';
import { call, makeApp, signIn } from './helpers.js';
import { lookupPaths } from '../../fixtures/system.factory.js';

/**
 * Permissions in mock mode: every contract endpoint for admin, operator and no token;
 * the last-super-administrator rule; role edits taking effect on menus, buttons and the API.
 */

let app: FastifyInstance;
let admin: string;
let operator: string;

beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' }));
  admin = await signIn(app);
  operator = await signIn(app, 'operator', 'operator123');
});
afterAll(() => app.close());
afterEach(async () => {
  await call(app, 'POST', '/v1/mock/reset', { body: {} });
});

const post = (token: string | undefined, url: string, body: unknown = {}) => call(app, 'POST', url, { body, ...(token ? { token } : {}) });

/** The README's operator: the business areas below, every action but delete. */
const OPERATOR_AREAS = new Set(['account', 'feedback', 'games', 'goods', 'inventory', 'member', 'operate', 'order', 'recommend', 'rent', 'social', 'specialConfig']);
const OPEN = new Set(OPEN_ENDPOINTS);
// Labels of records its lists reference (goods and orders name a merchant) are readable too.
const LOOKUPS = new Set(lookupPaths([...OPERATOR_AREAS]));
// The QA controls stay open without a token; everything else is guarded.
const GUARDED = ENDPOINTS.filter((e) => e.area !== 'mock' && !e.public);

describe('every contract endpoint', () => {
  const rows = GUARDED.map((e) => {
    const operatorMay = OPEN.has(e.path) || LOOKUPS.has(e.path) || (OPERATOR_AREAS.has(e.area) && actionOfEndpoint(e) !== 'del');
    return { path: e.path, method: e.method, operatorMay };
  });

  test('covers every guarded endpoint, and the operator is refused some in each of its forbidden areas', () => {
    expect(rows.length).toBeGreaterThan(400);
    expect(LOOKUPS).toContain('/v1/merchant/listAll');
    expect(rows.filter((r) => !r.operatorMay).length).toBeGreaterThan(100);
  });

  test.each(rows)('$path: admin allowed, operator $operatorMay, no token 401', async ({ path, method, operatorMay }) => {
    const send = (token?: string) => (method === 'GET' ? call(app, 'GET', path, token ? { token } : {}) : post(token, path));
    const anon = await send();
    expect(anon.json?.code).toBe(401);

    const asAdmin = await send(admin);
    expect(asAdmin.status).not.toBe(403);
    expect(asAdmin.json?.code ?? 200).not.toBe(403);
    expect(asAdmin.json?.code ?? 200).not.toBe(401);

    const asOperator = await send(operator);
    if (operatorMay) {
      expect(asOperator.status).not.toBe(403);
      expect(asOperator.json?.code ?? 200).not.toBe(401);
    } else {
      expect(asOperator.status).toBe(403);
      expect(asOperator.json).toMatchObject({ code: 403, data: null });
      expect(asOperator.json.message).toMatch(new RegExp(`^permission: .*${path.replace(/[/]/g, '\\/')}`));
    }
  });
});

describe('the operator cannot touch other accounts through the API', () => {
  const adminRow = async () => (await post(admin, '/v1/admin/info', { id: 1 })).json.data;

  test('reset the admin password, add a super account, delete the admin: 403 and nothing changes', async () => {
    const before = await adminRow();
    const superRole = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list.find((r: any) => r.roleKey === 'super');
    expect((await post(operator, '/v1/admin/update', { id: 1, password: 'hacked123' })).status).toBe(403);
    expect((await post(operator, '/v1/admin/resetPassword', { id: 1 })).status).toBe(403);
    expect((await post(operator, '/v1/admin/add', { username: 'evil', nickName: 'evil', password: 'evil1234', roleIds: [superRole.id], status: 1 })).status).toBe(403);
    expect((await post(operator, '/v1/admin/del', { ids: [1] })).status).toBe(403);
    expect((await post(operator, '/v1/role/update', { id: superRole.id, status: 0 })).status).toBe(403);
    expect(await adminRow()).toEqual(before);
    expect((await post(admin, '/v1/admin/list', { pageNum: 1, pageSize: 10, username: 'evil' })).json.data.total).toBe(0);
    // And the admin can still sign in with the old password.
    await expect(signIn(app)).resolves.toMatch(/^Bearer /);
  });

  test('own password stays open to the operator', async () => {
    const r = await post(operator, '/v1/admin/updatePassword', { oldPassword: 'wrong', newPassword: 'abc12345' });
    expect(r.json.message).toBe('oldPassword: wrong password');
  });
});

describe('the last super administrator', () => {
  test('cannot be deleted, disabled or demoted; the super role cannot be disabled or deleted', async () => {
    const roles = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list;
    const superId = roles.find((r: any) => r.roleKey === 'super').id;
    const opId = roles.find((r: any) => r.roleKey === 'operator').id;
    const demote = await post(admin, '/v1/admin/update', { id: 1, roleIds: [] });
    expect(demote.json.code).toBe(400);
    expect(demote.json.message).toMatch(/^roleIds: admin is the last super administrator/);
    expect((await post(admin, '/v1/role/updateStatus', { id: superId, status: 0 })).json.message).toMatch(/^status: the super administrator role/);
    expect((await post(admin, '/v1/role/del', { ids: [superId] })).json.message).toMatch(/^ids: .*super administrator role/);

    // With a second super administrator, admin may be demoted; that one then is the last.
    const boss = await post(admin, '/v1/admin/add', { username: 'boss', nickName: 'Boss', password: 'boss1234', roleIds: [superId], status: 1 });
    expect(boss.json.code).toBe(200);
    const bossToken = await signIn(app, 'boss', 'boss1234');
    expect((await post(bossToken, '/v1/admin/update', { id: 1, roleIds: [opId] })).json.code).toBe(200);
    expect((await post(bossToken, '/v1/admin/updateStatus', { id: boss.json.data.id, status: 0 })).json.message).toMatch(/^status: /);
    expect((await post(bossToken, '/v1/admin/del', { ids: [boss.json.data.id] })).json.message).toMatch(/^ids: /);
  });

  test('an account cannot give itself roles, and only a super administrator gives the super role', async () => {
    const roles = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list;
    const superId = roles.find((r: any) => r.roleKey === 'super').id;
    const financeId = roles.find((r: any) => r.roleKey === 'finance').id;
    const r = await post(admin, '/v1/admin/update', { id: 1, roleIds: [superId, financeId] });
    expect(r.json.message).toMatch(/^roleIds: you cannot give roles to the account you are signed in with/);
  });
});

describe('a role edit governs what its accounts see and may call', () => {
  test('taking the order menu and resources from the operator role hides the menu and buttons and refuses the API; giving delete adds the button', async () => {
    const roles = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list;
    const op = (await post(admin, '/v1/role/info', { id: roles.find((r: any) => r.roleKey === 'operator').id })).json.data;
    const menus = (await post(admin, '/v1/menu/list', { pageNum: 1, pageSize: 1000 })).json.data.list;
    const orderGroup = menus.find((m: any) => m.path === '/order');
    const orderMenuIds = new Set(menus.filter((m: any) => m.id === orderGroup.id || m.parentId === orderGroup.id).map((m: any) => m.id));
    const resources = (await post(admin, '/v1/resource/list', { pageNum: 1, pageSize: 1000 })).json.data.list;
    const orderRes = new Set(resources.filter((r: any) => r.url.startsWith('/v1/order/')).map((r: any) => r.id));
    const feedbackDel = resources.find((r: any) => r.url === '/v1/feedback/del');

    expect((await post(operator, '/v1/order/list', { pageNum: 1, pageSize: 10 })).json.code).toBe(200);
    const edit = await post(admin, '/v1/role/update', {
      id: op.id,
      menuIds: op.menuIds.filter((id: number) => !orderMenuIds.has(id)),
      resourceIds: [...op.resourceIds.filter((id: number) => !orderRes.has(id)), feedbackDel.id],
    });
    expect(edit.json.code).toBe(200);

    const menuPaths = (await post(operator, '/v1/admin/adminMenus')).json.data.map((m: any) => m.path);
    expect(menuPaths).not.toContain('/order');
    expect(menuPaths).toContain('/feedback');
    const codes: string[] = (await post(operator, '/v1/getPermCode')).json.data;
    expect(codes.some((c) => c.startsWith('OrderIndex:'))).toBe(false);
    expect(codes).toContain('FeedbackIndex:del');
    // Buttons follow the area's resources: still no delete in goods.
    expect(codes).toContain('GoodsIndex:update');
    expect(codes).not.toContain('GoodsIndex:del');
    expect((await post(operator, '/v1/admin/adminInfo')).json.data.btnPermission).toEqual(codes);
    const refused = await post(operator, '/v1/order/list', { pageNum: 1, pageSize: 10 });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('/v1/order/list');
    expect((await post(operator, '/v1/feedback/del', { ids: [999999] })).status).not.toBe(403);
  });

  test("a new role given only the Feedback and Order menus: its account's menus, menu names and codes are those two areas only", async () => {
    const menus = (await post(admin, '/v1/menu/list', { pageNum: 1, pageSize: 1000 })).json.data.list;
    const groups = menus.filter((m: any) => m.path === '/feedback' || m.path === '/order');
    const menuIds = menus.filter((m: any) => groups.some((g: any) => m.id === g.id || m.parentId === g.id)).map((m: any) => m.id);
    const resources = (await post(admin, '/v1/resource/list', { pageNum: 1, pageSize: 1000 })).json.data.list;
    const resourceIds = resources.filter((r: any) => /^\/v1\/(feedback|feedbackType|replay|feedbackAward|order)\//.test(r.url)).map((r: any) => r.id);
    const role = await post(admin, '/v1/role/add', { name: '反馈与订单', roleKey: 'fbOrder', sort: 9, status: 1, menuIds, resourceIds });
    expect(role.json.code).toBe(200);
    const account = await post(admin, '/v1/admin/add', { username: 'fbclerk', nickName: 'Clerk', password: 'clerk1234', roleIds: [role.json.data.id], status: 1 });
    expect(account.json.code).toBe(200);
    const clerk = await signIn(app, 'fbclerk', 'clerk1234');

    const info = (await post(clerk, '/v1/admin/adminInfo')).json.data;
    expect(info.roles).toEqual([{ id: 'fbOrder', name: '反馈与订单' }]);
    expect(info.menus).toContain('Feedback');
    expect(info.menus).toContain('OrderIndex');
    expect(info.menus).toContain('OrderDetail');
    expect(info.menus.filter((n: string) => !/^(Feedback|Order)/.test(n))).toEqual([]);
    expect((await post(clerk, '/v1/admin/adminMenus')).json.data.map((m: any) => m.path).sort()).toEqual(['/feedback', '/order']);
    const codes: string[] = (await post(clerk, '/v1/getPermCode')).json.data;
    expect(codes).toContain('FeedbackIndex:view');
    expect(codes).toContain('OrderIndex:view');
    expect(codes.filter((c) => !/^(Feedback|Order)/.test(c))).toEqual([]);
    expect(info.btnPermission).toEqual(codes);
    expect((await post(clerk, '/v1/goods/list', { pageNum: 1, pageSize: 10 })).status).toBe(403);
  });

  test('the demo accounts name the menus of their roles: every menu for admin, none of System for the operator', async () => {
    const all = (await post(admin, '/v1/menu/list', { pageNum: 1, pageSize: 1000 })).json.data.list.map((m: any) => m.name);
    expect([...(await post(admin, '/v1/admin/adminInfo')).json.data.menus].sort()).toEqual([...all].sort());
    const op: string[] = (await post(operator, '/v1/admin/adminInfo')).json.data.menus;
    expect(op).toContain('OrderIndex');
    expect(op).toContain('Home');
    expect(op.some((n) => n.startsWith('System'))).toBe(false);
  });

  test('a disabled role grants nothing', async () => {
    const roles = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list;
    const opId = roles.find((r: any) => r.roleKey === 'operator').id;
    expect((await post(admin, '/v1/role/updateStatus', { id: opId, status: 0 })).json.code).toBe(200);
    expect((await post(operator, '/v1/goods/list', { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await post(operator, '/v1/admin/adminMenus')).json.data).toEqual([]);
    expect((await post(operator, '/v1/admin/adminInfo')).json.data.roles).toEqual([]);
  });
});
