import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from '../helpers.js';

/**
 * One rule for acting on another account. An account manager that is not super
 * (a role holding the `/v1/admin/*` resources) may not reset, set the password of, update,
 * disable or delete an account holding a role it does not hold, nor give such a role; the refusal
 * names the field. It may still act on accounts whose every role it holds.
 */

let app: FastifyInstance;
let admin: string;
let manager: string;
let managerRole: number;
let financeRole: number;
let superRole: number;

const post = (token: string, url: string, body: unknown = {}) => call(app, 'POST', url, { token, body });

beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' }));
  admin = await signIn(app);
  const resources = (await post(admin, '/v1/resource/list', { pageNum: 1, pageSize: 500 })).json.data.list as { id: number; url: string }[];
  const adminResources = resources.filter((r) => r.url.startsWith('/v1/admin/')).map((r) => r.id);
  expect(adminResources.length).toBeGreaterThan(3);
  const role = await post(admin, '/v1/role/add', { name: 'Account manager', roleKey: 'accountManager', resourceIds: adminResources, menuIds: [], status: 1 });
  expect(role.json.code).toBe(200);
  managerRole = role.json.data.id;
  const roles = (await post(admin, '/v1/role/list', { pageNum: 1, pageSize: 50 })).json.data.list as { id: number; roleKey: string }[];
  superRole = roles.find((r) => r.roleKey === 'super')!.id;
  financeRole = roles.find((r) => r.roleKey === 'finance')!.id;
  const m = await post(admin, '/v1/admin/add', { username: 'manager', nickName: 'Manager', password: 'manager123', roleIds: [managerRole], status: 1 });
  expect(m.json.code).toBe(200);
  manager = await signIn(app, 'manager', 'manager123');
});
afterAll(() => app.close());

test('guard-accounts: a non-super account manager cannot take over the super administrator (resetPassword, update password, disable, delete)', async () => {
  const reset = await post(manager, '/v1/admin/resetPassword', { id: 1 });
  expect(reset.json.code).toBe(400);
  expect(reset.json.data).toBeNull();
  expect(reset.json.message).toMatch(/^id: admin 1 \(admin\) holds roles you do not hold/);

  const setPassword = await post(manager, '/v1/admin/update', { id: 1, password: 'hacked123' });
  expect(setPassword.json.code).toBe(400);
  expect(setPassword.json.message).toMatch(/^id: /);

  expect((await post(manager, '/v1/admin/updateStatus', { id: 1, status: 0 })).json.message).toMatch(/^id: /);
  expect((await post(manager, '/v1/admin/del', { ids: [1] })).json.message).toMatch(/^ids: /);

  // Nothing changed: the administrator signs in with the old password, the hacked one fails.
  await expect(signIn(app, 'admin', 'admin123')).resolves.toMatch(/^Bearer /);
  await expect(signIn(app, 'admin', 'hacked123')).rejects.toThrow();
});

test('guard-accounts: nor an account holding a role the manager lacks (finance), nor give that role', async () => {
  const f = await post(admin, '/v1/admin/add', { username: 'cashier', nickName: 'Cashier', password: 'cashier123', roleIds: [financeRole], status: 1 });
  expect(f.json.code).toBe(200);
  expect((await post(manager, '/v1/admin/resetPassword', { id: f.json.data.id })).json.message).toMatch(/^id: .*cashier/);
  expect((await post(manager, '/v1/admin/update', { id: f.json.data.id, nickName: 'x' })).json.message).toMatch(/^id: /);
  const give = await post(manager, '/v1/admin/add', { username: 'sneaky', nickName: 'Sneaky', password: 'sneaky123', roleIds: [financeRole], status: 1 });
  expect(give.json.message).toMatch(/^roleIds: you can only give roles you hold yourself/);
  expect((await post(manager, '/v1/admin/add', { username: 'boss2', nickName: 'Boss', password: 'boss1234', roleIds: [superRole], status: 1 })).json.message).toMatch(/^roleIds: /);
});

test('guard-accounts: an account holding only the manager\'s roles is still the manager\'s to manage', async () => {
  const clerk = await post(manager, '/v1/admin/add', { username: 'clerk', nickName: 'Clerk', password: 'clerk1234', roleIds: [managerRole], status: 1 });
  expect(clerk.json.code).toBe(200);
  const reset = await post(manager, '/v1/admin/resetPassword', { id: clerk.json.data.id });
  expect(reset.json.code).toBe(200);
  await expect(signIn(app, 'clerk', reset.json.data.password)).resolves.toMatch(/^Bearer /);
  expect((await post(manager, '/v1/admin/updateStatus', { id: clerk.json.data.id, status: 0 })).json.code).toBe(200);
  // The super administrator acts on anyone.
  expect((await post(admin, '/v1/admin/update', { id: clerk.json.data.id, nickName: 'Clerk 2' })).json.code).toBe(200);
});
