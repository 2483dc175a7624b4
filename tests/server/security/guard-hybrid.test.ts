import { afterEach, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp } from '../helpers.js';
import { PLATFORM_MEMBER, startGuardPlatform } from './guard-platform.js';

/** And 13 (hybrid's session cache): hybrid's fallback and mapping. */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

async function hybrid(env: Record<string, string> = {}) {
  const platform = await startGuardPlatform();
  toClose.push(() => platform.close());
  const { app } = await makeApp({ MODE: 'hybrid', UPSTREAM_URL: platform.url, ...env });
  toClose.push(() => app.close());
  return { app, platform };
}

const post = (app: FastifyInstance, url: string, body: unknown, token: string) => app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: token } });

test('guard-hybrid-missing-record: one user\'s 404 for a missing record is relayed and switches nothing to the mock for anyone', async () => {
  const { app, platform } = await hybrid();
  const missing = await post(app, '/v1/member/info', { id: 999 }, 'Bearer ops');
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['x-served-by']).toBe('platform');
  expect(missing.json()).toMatchObject({ code: 404, message: 'id: no such member' });

  // The administrator still reads the platform's records, on that endpoint and others.
  const record = await post(app, '/v1/member/info', { id: 7 }, 'Bearer adm');
  expect(record.headers['x-served-by']).toBe('platform');
  expect(record.json().data.nickName).toBe(PLATFORM_MEMBER);
  const list = await post(app, '/v1/member/list', { pageNum: 1, pageSize: 10 }, 'Bearer adm');
  expect(list.headers['x-served-by']).toBe('platform');
  expect(platform.received.filter((r) => r.url === '/v1/member/info')).toHaveLength(2);
});

test('guard-hybrid-write-not-replayed: a write the platform received and answered 501 is relayed, never answered again by the mock', async () => {
  const { app, platform } = await hybrid();
  const res = await post(app, '/v1/member/update', { id: 7, nickName: 'changed' }, 'Bearer adm');
  expect(res.statusCode).toBe(501);
  expect(res.headers['x-served-by']).toBe('platform');
  expect(platform.received.filter((r) => r.url === '/v1/member/update')).toHaveLength(1);
  // A read the platform lacks (Spring's 404, no envelope) still falls back to the mock.
  const notBuilt = await post(app, '/v1/memberGrade/list', { pageNum: 1, pageSize: 2 }, 'Bearer adm');
  expect(notBuilt.headers['x-served-by']).toBe('mock');
  expect(notBuilt.json().code).toBe(200);
});

test('guard-hybrid-map-by-role: a platform user named admin holding only the operator role gets the operator\'s permissions from the mock', async () => {
  const { app } = await hybrid({ MOCK_ENDPOINTS: '/v1/admin/**,/v1/memberGrade/**' });
  const accounts = await post(app, '/v1/admin/list', { pageNum: 1, pageSize: 5 }, 'Bearer fake-admin');
  expect(accounts.headers['x-served-by']).toBe('mock');
  expect(accounts.statusCode).toBe(403);
  expect(accounts.json().message).toMatch(/^permission: /);
  // What the operator role allows still works; the real super administrator keeps everything.
  expect((await post(app, '/v1/memberGrade/list', { pageNum: 1, pageSize: 2 }, 'Bearer fake-admin')).json().code).toBe(200);
  expect((await post(app, '/v1/admin/list', { pageNum: 1, pageSize: 5 }, 'Bearer adm')).json().code).toBe(200);
});

test('guard-hybrid-sign-out: signing out drops the cached session at once; the mock refuses the token', async () => {
  const { app } = await hybrid({ MOCK_ENDPOINTS: '/v1/memberGrade/**' });
  expect((await post(app, '/v1/memberGrade/list', { pageNum: 1, pageSize: 2 }, 'Bearer adm')).json().code).toBe(200);
  const out = await app.inject({ method: 'POST', url: '/v1/admin/logout', headers: { authorization: 'Bearer adm' } });
  expect(out.json().code).toBe(200);
  const after = await post(app, '/v1/memberGrade/list', { pageNum: 1, pageSize: 2 }, 'Bearer adm');
  expect(after.headers['x-served-by']).toBe('mock');
  expect(after.json().code).toBe(401);
  expect((await post(app, '/v1/memberGrade/update', { id: 1, gradeName: 'x' }, 'Bearer adm')).json().code).toBe(401);
});
