import { afterEach, expect, test } from 'vitest';
import { makeApp, signIn, call } from '../helpers.js';
import { startGuardPlatform } from './guard-platform.js';

/** Items 13 (the drift page's cache) and 15 (logout with a JSON type and no body). */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

test('guard-drift-sign-out: signing out through the console closes /console/drift for that token at once (proxy and hybrid)', async () => {
  for (const mode of ['proxy', 'hybrid']) {
    const platform = await startGuardPlatform();
    toClose.push(() => platform.close());
    const { app } = await makeApp({ MODE: mode, UPSTREAM_URL: platform.url });
    toClose.push(() => app.close());
    const drift = () => app.inject({ method: 'GET', url: '/console/drift', headers: { authorization: 'Bearer adm' } });
    expect((await drift()).statusCode, mode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/v1/admin/logout', headers: { authorization: 'Bearer adm', 'content-type': 'application/json' }, payload: '{}' });
    expect(out.json().code, mode).toBe(200);
    const after = await drift();
    expect(after.statusCode, mode).toBe(401);
    expect(after.json().code, mode).toBe(401);
  }
});

test('guard-logout-empty-json: logout with Content-Type application/json and no body answers 200 and the token dies', async () => {
  const { app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
  toClose.push(() => app.close());
  const token = await signIn(app);
  expect((await call(app, 'POST', '/v1/admin/adminInfo', { token, body: {} })).json.code).toBe(200);
  const out = await app.inject({ method: 'POST', url: '/v1/admin/logout', headers: { authorization: token, 'content-type': 'application/json' } });
  expect(out.statusCode).toBe(200);
  expect(out.json()).toMatchObject({ code: 200, data: null });
  expect((await call(app, 'POST', '/v1/admin/adminInfo', { token, body: {} })).json.code).toBe(401);

  // A logout whose body is not JSON at all still ends the session (the answer may refuse the body).
  const second = await signIn(app);
  await app.inject({ method: 'POST', url: '/v1/admin/logout', headers: { authorization: second, 'content-type': 'application/json' }, payload: '{not json' });
  expect((await call(app, 'POST', '/v1/admin/adminInfo', { token: second, body: {} })).json.code).toBe(401);
});
