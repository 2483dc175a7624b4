import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, logSink, makeApp, signIn, testClock } from './helpers.js';
import { ROUTE_TABLE } from '../../server/contract/route-table.js';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function captcha(a: FastifyInstance) {
  const t = await call(a, 'GET', '/v1/captcha/token');
  return t.json.data.captchaToken as string;
}

/** The code behind a captcha token, read from the in-process store (as a person reads the image). */
function codeOf(a: FastifyInstance, token: string): string {
  return (a as any).__mockCtx.captcha.peek(token);
}

describe('captcha (spec §7 /v1/captcha/token, /v1/captcha/image)', () => {
  test('a token comes with a real rendered image of its code', async () => {
    ({ app } = await makeApp());
    const token = await captcha(app);
    const img = await app.inject({ url: `/v1/captcha/image?token=${token}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(img.body).toMatch(/^<svg[\s\S]*<path/);
    expect(img.headers['cache-control']).toBe('no-store');
  });

  test('an unknown token or a missing one is refused with a message naming the field', async () => {
    ({ app } = await makeApp());
    const bad = await app.inject({ url: '/v1/captcha/image?token=nope' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toMatch(/^token:/);
    const missing = await app.inject({ url: '/v1/captcha/image' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/token/);
  });
});

describe('login (spec §7 /v1/admin/login)', () => {
  test('the right code signs in; token and tokenHead come back', async () => {
    ({ app } = await makeApp());
    const token = await captcha(app);
    const r = await call(app, 'POST', '/v1/admin/login', { body: { username: 'admin', password: 'admin123', captchaToken: token, captchaCode: codeOf(app, token) } });
    expect(r.json.code).toBe(200);
    expect(r.json.data).toEqual({ token: expect.any(String), tokenHead: 'Bearer ' });
  });

  test('a wrong code is refused, and the token cannot be reused even with the right code', async () => {
    ({ app } = await makeApp());
    const token = await captcha(app);
    const code = codeOf(app, token);
    const wrong = await call(app, 'POST', '/v1/admin/login', { body: { username: 'admin', password: 'admin123', captchaToken: token, captchaCode: 'zzzz' } });
    expect(wrong.json.code).toBe(400);
    expect(wrong.json.message).toMatch(/^captchaCode:/);
    const reused = await call(app, 'POST', '/v1/admin/login', { body: { username: 'admin', password: 'admin123', captchaToken: token, captchaCode: code } });
    expect(reused.json.code).toBe(400);
    expect(reused.json.message).toMatch(/^captchaCode:/);
  });

  test('a wrong password is refused without saying which part was wrong', async () => {
    ({ app } = await makeApp());
    const token = await captcha(app);
    const r = await call(app, 'POST', '/v1/admin/login', { body: { username: 'admin', password: 'nope', captchaToken: token, captchaCode: codeOf(app, token) } });
    expect(r.json).toMatchObject({ code: 400, data: null, message: 'username: wrong account or password' });
  });

  test.each([
    [{}, /username: is required/],
    [{ username: 'admin', password: 'x', captchaToken: 't' }, /captchaCode: is required/],
    [{ username: '', password: 'x', captchaToken: 't', captchaCode: 'c' }, /^username:/],
    [{ username: 5, password: 'x', captchaToken: 't', captchaCode: 'c' }, /^username:/],
    [{ username: 'a', password: 'x', captchaToken: 't', captchaCode: 'c', extra: 1 }, /extra: is not allowed/],
  ])('bad input %j answers an envelope naming the field', async (body, message) => {
    ({ app } = await makeApp());
    const r = await call(app, 'POST', '/v1/admin/login', { body });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(400);
    expect(r.json.message).toMatch(message);
  });

  test('malformed JSON and a wrong content type never crash the server', async () => {
    ({ app } = await makeApp());
    const broken = await app.inject({ method: 'POST', url: '/v1/admin/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(400);
    const text = await app.inject({ method: 'POST', url: '/v1/admin/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().code).toBe(text.statusCode);
  });

  test('MOCK_CAPTCHA_CODE is accepted for any live token (UI tests)', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'QA42' }));
    await expect(signIn(app, 'admin', 'admin123', 'qa42')).resolves.toMatch(/^Bearer /);
  });
});

describe('signed-in endpoints', () => {
  test('admin: user info with roles, every button code, default home path; menus are the whole route table', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    const info = (await call(app, 'POST', '/v1/admin/adminInfo', { token })).json.data;
    expect(info).toMatchObject({ username: 'admin', roles: [{ id: 'super' }] });
    expect(info.homePath).toBeUndefined();
    expect(info.btnPermission).toContain('SystemAccount:del');
    const codes = (await call(app, 'POST', '/v1/getPermCode', { token })).json.data;
    expect(codes).toEqual(info.btnPermission);
    const menus = (await call(app, 'POST', '/v1/admin/adminMenus', { token })).json.data;
    expect(menus.map((m: any) => m.path)).toEqual(ROUTE_TABLE.map((r) => r.path));
    const order = menus.find((m: any) => m.path === '/order');
    expect(order).toMatchObject({ name: 'Order', sort: 10, icon: 'pi pi-shopping-cart', title: 'routes.order.order' });
    expect(order.children.find((c: any) => c.path === 'detail')).toMatchObject({ hidden: true, componentPath: 'order/detail' });
  });

  test('operator: fewer menus and buttons, its own home path', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app, 'operator', 'operator123');
    const info = (await call(app, 'POST', '/v1/admin/adminInfo', { token })).json.data;
    expect(info.homePath).toBe('/dashboard/analysis');
    expect(info.btnPermission).toContain('OrderIndex:update');
    expect(info.btnPermission).not.toContain('OrderIndex:del');
    expect(info.btnPermission.some((c: string) => c.startsWith('System'))).toBe(false);
    const menus = (await call(app, 'POST', '/v1/admin/adminMenus', { token })).json.data.map((m: any) => m.path);
    expect(menus).not.toContain('/system');
    expect(menus).toContain('/order');
  });

  test('basic data (spec §3) comes back with its five lists and is the same for the same seed', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SEED: '7' }));
    const token = await signIn(app);
    const a = (await call(app, 'POST', '/v1/admin/gameCategory', { token })).json.data;
    expect(Object.keys(a).sort()).toEqual(['gamePlatform', 'gameTag', 'goodsBrand', 'goodsCategory', 'memberLevel']);
    expect(a.gameTag[0]).toEqual({ tagName: expect.any(String), tagIdentity: expect.any(String) });
    // Eight game brands with Chinese names (not faker's food or transport companies).
    expect(a.goodsBrand).toHaveLength(8);
    for (const b of a.goodsBrand) expect(b.name).toMatch(/^[\u4e00-\u9fff]+(?:互娱|游戏|工作室|网络|互动|娱乐|数字)$/);
    await app.close();
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SEED: '7' }));
    const b = (await call(app, 'POST', '/v1/admin/gameCategory', { token: await signIn(app) })).json.data;
    expect(b).toEqual(a);
  });

  test('without a token, with a bad one, and after expiry every protected endpoint answers envelope 401', async () => {
    const clock = testClock();
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', TOKEN_TTL: '60' }, { now: clock.now }));
    for (const url of ['/v1/admin/adminInfo', '/v1/getPermCode', '/v1/admin/adminMenus', '/v1/admin/gameCategory', '/v1/admin/summary', '/v1/anything/else']) {
      expect((await call(app, 'POST', url)).json.code, url).toBe(401);
      expect((await call(app, 'POST', url, { token: 'Bearer forged' })).json.code, url).toBe(401);
    }
    const token = await signIn(app);
    clock.advance(59_000);
    expect((await call(app, 'POST', '/v1/admin/adminInfo', { token })).json.code).toBe(200);
    clock.advance(1_000);
    expect((await call(app, 'POST', '/v1/admin/adminInfo', { token })).json.code).toBe(401);
  });

  test('logout revokes the token', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    expect((await call(app, 'POST', '/v1/admin/logout', { token })).json.code).toBe(200);
    expect((await call(app, 'POST', '/v1/admin/adminInfo', { token })).json.code).toBe(401);
    // Logging out twice (or without a token) is harmless.
    expect((await call(app, 'POST', '/v1/admin/logout', { token })).json.code).toBe(200);
  });
});

test('logs never contain the Authorization header or passwords', async () => {
  const sink = logSink();
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', LOG_LEVEL: 'trace' }, { logStream: sink.stream }));
  const token = await signIn(app, 'admin', 'admin123');
  await call(app, 'POST', '/v1/admin/adminInfo', { token });
  await app.inject({ url: '/v1/captcha/image?token=secret-token&password=hunter2' });
  const text = sink.text();
  expect(text.length).toBeGreaterThan(100);
  expect(text).not.toContain(token.slice(7));
  expect(text).not.toContain('admin123');
  expect(text).not.toContain('hunter2');
  expect(text.toLowerCase()).not.toContain('authorization');
});

test('each answered API call is one JSON access line: level, time, reqId, method, url (secrets redacted), address, status, ms', async () => {
  const sink = logSink();
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', LOG_LEVEL: 'info' }, { logStream: sink.stream }));
  await app.inject({ url: '/v1/captcha/image?token=secret-token&password=hunter2' });
  const lines = sink.text().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const access = lines.filter((l) => l.msg === 'request');
  expect(access).toHaveLength(1);
  expect(access[0]).toMatchObject({ level: 30, method: 'GET', url: '/v1/captcha/image?token=[redacted]&password=[redacted]', remoteAddress: '127.0.0.1', pid: process.pid });
  expect(access[0].reqId).toEqual(expect.any(String));
  expect(access[0].statusCode).toEqual(expect.any(Number));
  expect(access[0].ms).toEqual(expect.any(Number));
  expect(Math.abs(Number(access[0].time) - Date.now())).toBeLessThan(60_000);
});

describe('console accounts live in the store', () => {
  test('a changed password takes effect at the next sign-in; the old one is refused', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.1' }));
    const token = await signIn(app, 'operator', 'operator123');
    const changed = await call(app, 'POST', '/v1/admin/updatePassword', { token, body: { oldPassword: 'operator123', newPassword: 'newPass99' } });
    expect(changed.json.code).toBe(200);
    await expect(signIn(app, 'operator', 'operator123')).rejects.toThrow(/wrong account or password/);
    await expect(signIn(app, 'operator', 'newPass99')).resolves.toMatch(/^Bearer /);
  });

  test('a disabled account cannot sign in, and its live session ends', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.1' }));
    const admin = await signIn(app);
    const operatorToken = await signIn(app, 'operator', 'operator123');
    const operatorId = (await call(app, 'POST', '/v1/admin/adminInfo', { token: operatorToken })).json.data.userId;
    expect((await call(app, 'POST', '/v1/admin/updateStatus', { token: admin, body: { id: operatorId, status: 0 } })).json.code).toBe(200);
    await expect(signIn(app, 'operator', 'operator123')).rejects.toThrow(/username: this account is disabled/);
    expect((await call(app, 'POST', '/v1/admin/adminInfo', { token: operatorToken })).json.code).toBe(401);
  });

  test('basic data follows edits of game tags', async () => {
    ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.1' }));
    const token = await signIn(app);
    const before = (await call(app, 'POST', '/v1/admin/gameCategory', { token })).json.data.gameTag;
    const added = await call(app, 'POST', '/v1/gameTag/add', { token, body: { tagName: '解谜', tagIdentity: 'puzzle' } });
    expect(added.json.code).toBe(200);
    const after = (await call(app, 'POST', '/v1/admin/gameCategory', { token })).json.data.gameTag;
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual({ tagName: '解谜', tagIdentity: 'puzzle' });
  });
});
