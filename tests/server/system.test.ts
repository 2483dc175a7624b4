import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers.js';

/** System actions: password reset shown once, the header bell's messages. */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' }));
  admin = await signIn(app);
});
afterAll(() => app.close());
afterEach(() => call(app, 'POST', '/v1/mock/reset', { body: {} }));
const post = (token: string, url: string, body: unknown = {}) => call(app, 'POST', url, { token, body });

test('a reset password is answered once, signs the account in, and ends its sessions; never for yourself', async () => {
  const operator = await signIn(app, 'operator', 'operator123');
  const operatorId = (await post(operator, '/v1/admin/adminInfo')).json.data.userId;
  const r = await post(admin, '/v1/admin/resetPassword', { id: operatorId });
  expect(r.json.code).toBe(200);
  expect(r.json.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
  expect((await post(operator, '/v1/admin/adminInfo')).json.code).toBe(401);
  await expect(signIn(app, 'operator', 'operator123')).rejects.toThrow();
  await expect(signIn(app, 'operator', r.json.data.password)).resolves.toMatch(/^Bearer /);
  expect(JSON.stringify((await post(admin, '/v1/admin/info', { id: operatorId })).json.data)).not.toContain(r.json.data.password);
  expect((await post(admin, '/v1/admin/resetPassword', { id: 1 })).json.message).toMatch(/^id: /);
});

test("the bell lists the user's published messages with the unread count; marking read lowers it", async () => {
  const operator = await signIn(app, 'operator', 'operator123');
  const mine = (await post(operator, '/v1/systemMessage/mine', { limit: 5 })).json.data;
  expect(mine.list.length).toBeGreaterThan(0);
  expect(mine.list.length).toBeLessThanOrEqual(5);
  expect(mine.unread).toBeGreaterThan(0);
  const times = mine.list.map((m: any) => m.publishTime);
  expect(times).toEqual([...times].sort().reverse());
  const read = await post(operator, '/v1/systemMessage/read', { ids: [mine.list[0].id] });
  expect(read.json.data.count).toBe(1);
  const after = (await post(operator, '/v1/systemMessage/mine', { limit: 5 })).json.data;
  expect(after.unread).toBe(mine.unread - 1);
  expect(after.list[0].read).toBe(true);
  expect((await post(operator, '/v1/systemMessage/read', { ids: [999999] })).json.code).toBe(404);
  expect((await post(operator, '/v1/systemMessage/read')).json.data.count).toBe(mine.unread - 1);
  expect((await post(operator, '/v1/systemMessage/mine')).json.data.unread).toBe(0);
});
