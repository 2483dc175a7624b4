import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeApp, signIn } from './helpers.js';

let app: FastifyInstance;
afterEach(() => app?.close());

test('sign in and read user info', async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
  const token = await signIn(app);
  const info = await call(app, 'POST', '/v1/admin/adminInfo', { token });
  expect(info.json.code).toBe(200);
  expect(info.json.data.username).toBe('admin');
  const none = await call(app, 'POST', '/v1/admin/adminInfo');
  expect(none.json.code).toBe(401);
});
