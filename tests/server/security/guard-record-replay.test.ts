import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readRecording } from '../../../server/platform/recording.js';
import { makeApp, signIn } from '../helpers.js';
import { ADMIN_ONLY_MARK, startGuardPlatform } from './guard-platform.js';

/** And 14 (replay) and 3 (record). */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-record-'));
  toClose.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const post = (app: FastifyInstance, url: string, body: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: token } : {} });

/** Records the administrator, then the operator and an anonymous caller asking the same things, through proxy mode. */
async function record(dir: string) {
  const platform = await startGuardPlatform();
  toClose.push(() => platform.close());
  const { app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: platform.url, RECORD_DIR: dir });
  for (const url of ['/v1/admin/adminInfo', '/v1/admin/list', '/v1/cdkCode/list', '/v1/feedbackType/listAll']) expect((await post(app, url, {}, 'Bearer adm')).json().code, url).toBe(200);
  // After the administrator: the operator is refused, an anonymous caller is signed out, and invented paths are 404s.
  expect((await post(app, '/v1/admin/list', {}, 'Bearer ops')).json().code).toBe(403);
  expect((await post(app, '/v1/admin/list', {})).json().code).toBe(401);
  expect((await post(app, '/v1/feedbackType/listAll', {}, 'Bearer ops')).json().code).toBe(200);
  for (let i = 0; i < 20; i++) await post(app, `/v1/invented${i}/list`, { pad: 'x'.repeat(1000) }, 'Bearer adm');
  for (let i = 0; i < 20; i++) await post(app, `/v1/member/list`, { pageNum: i }, 'Bearer forged');
  await app.close();
}

test('guard-record-successful-by-role: refusals and 404s never overwrite or fill the recording; answers are kept per role set', async () => {
  const dir = tmpDir();
  await record(dir);
  const recs = readRecording(dir);
  expect(recs.every((r) => r.status === 200 && JSON.parse(r.body).code === 200)).toBe(true);
  expect(recs.some((r) => r.path.startsWith('/v1/invented') || r.path === '/v1/member/list')).toBe(false);
  // The administrator's admin list survived the operator's 403 and the anonymous 401.
  const adminList = recs.filter((r) => r.path === '/v1/admin/list');
  expect(adminList).toHaveLength(1);
  expect(adminList[0].roles).toBe('super');
  expect(adminList[0].body).toContain(ADMIN_ONLY_MARK);
  // The same request by two roles: two recordings, each marked with who asked.
  expect(recs.filter((r) => r.path === '/v1/feedbackType/listAll').map((r) => r.roles).sort()).toEqual(['operator', 'super']);
});

test('guard-replay-permission: replay answers through the mock\'s session and permission gate; the operator never gets the administrator\'s recordings', async () => {
  const dir = tmpDir();
  await record(dir);
  const { app } = await makeApp({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
  toClose.push(() => app.close());
  const admin = await signIn(app);
  const operator = await signIn(app, 'operator', 'operator123');

  for (const url of ['/v1/admin/list', '/v1/cdkCode/list', '/v1/admin/resetPassword']) {
    const res = await post(app, url, url.endsWith('resetPassword') ? { id: 1 } : {}, operator);
    expect(res.statusCode, url).toBe(403);
    expect(res.json().message, url).toMatch(/^permission: /);
    expect(res.body, url).not.toContain(ADMIN_ONLY_MARK);
  }
  // adminInfo is open to everyone, but the administrator's recording is not the operator's answer.
  const info = await post(app, '/v1/admin/adminInfo', {}, operator);
  expect(info.headers['x-served-by']).toBe('mock');
  expect(info.json().data.roles.map((r: { id: string }) => r.id)).toEqual(['operator']);
  // Each role set gets its own recording.
  expect((await post(app, '/v1/feedbackType/listAll', {}, operator)).json().data[0].typeName).toBe('types for operator');
  const mine = await post(app, '/v1/feedbackType/listAll', {}, admin);
  expect(mine.headers['x-served-by']).toBe('replay');
  expect(mine.json().data[0].typeName).toBe('types for super');
  const list = await post(app, '/v1/admin/list', {}, admin);
  expect(list.headers['x-served-by']).toBe('replay');
  expect(list.body).toContain(ADMIN_ONLY_MARK);
  // No session: 401, as before.
  expect((await post(app, '/v1/admin/list', {})).json().code).toBe(401);
});

test('guard-replay-drift: /console/drift in replay answers the administrator (200), refuses the operator (403) and no token (401)', async () => {
  const dir = tmpDir();
  const { app } = await makeApp({ MODE: 'replay', RECORD_DIR: dir, MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
  toClose.push(() => app.close());
  const drift = (token?: string) => app.inject({ method: 'GET', url: '/console/drift', headers: token ? { authorization: token } : {} });
  const ok = await drift(await signIn(app));
  expect(ok.statusCode).toBe(200);
  expect(ok.json().code).toBe(200);
  expect((await drift(await signIn(app, 'operator', 'operator123'))).statusCode).toBe(403);
  expect((await drift()).statusCode).toBe(401);
});
