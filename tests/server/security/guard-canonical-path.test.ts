import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { canonicalPath } from '../../../server/plugins/canonical-path.js';
import { makeApp } from '../helpers.js';
import { startPlatformStub, STUB_ADMIN_TOKEN, type PlatformStub } from '../platform-stub.js';

/**
 * And 12: one canonical path per request, used by every path decision. Through
 * real HTTP (`listen` on port 0 and `fetch`, which sends percent escapes as written), since
 * `inject` may normalise the path.
 */

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

async function serve(env: Record<string, string>): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await makeApp(env);
  toClose.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${port}` };
}

async function send(base: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, servedBy: res.headers.get('x-served-by') };
}

async function signInOver(base: string, username: string, password: string): Promise<string> {
  const t = (await send(base, 'GET', '/v1/captcha/token')).json.data.captchaToken;
  const r = await send(base, 'POST', '/v1/admin/login', { username, password, captchaToken: t, captchaCode: 'TEST' });
  return r.json.data.tokenHead + r.json.data.token;
}

describe('the canonical path', () => {
  test('guard-canonical-path: escapes, doubled slashes, backslashes and ;params are undone; case and dot segments are kept', () => {
    expect(canonicalPath('/v1/%6dock/faults/add')).toBe('/v1/mock/faults/add');
    expect(canonicalPath('/v1/%256Dock//faults%2fadd')).toBe('/v1/mock/faults/add');
    expect(canonicalPath('/v1\\mock;x/reset')).toBe('/v1/mock/reset');
    expect(canonicalPath('/v1/admin/adminInf%6f')).toBe('/v1/admin/adminInfo');
    expect(canonicalPath('/v1/Mock/reset')).toBe('/v1/Mock/reset');
    expect(canonicalPath('/v1/member/list')).toBe('/v1/member/list');
  });
});

describe('QA_CONTROLS=off holds however the path is spelled (item 7)', () => {
  test('guard-qa-percent-escape: the public demo account cannot add a fault through /v1/%6dock/faults/add', async () => {
    const { base } = await serve({ QA_CONTROLS: 'off', MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
    const token = await signInOver(base, 'operator', 'operator123');
    for (const path of ['/v1/%6dock/faults/add', '/v1/%6Dock/faults/add', '/v1/mo%63k/faults/add', '/v1/%256dock/faults/add', '/v1/mock/faults/add']) {
      const res = await send(base, 'POST', path, { path: '/v1/*', drop: true }, token);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toMatchObject({ code: 404, data: null, key: 'qa.off' });
    }
    for (const path of ['/v1/%6dock/faults/list', '/v1/%6dock/reset']) expect((await send(base, 'POST', path, {}, token)).status, path).toBe(404);
    // No fault was set: every client's calls still go through.
    const list = await send(base, 'POST', '/v1/member/list', { pageNum: 1, pageSize: 1 }, token);
    expect(list.status).toBe(200);
    expect(list.json.code).toBe(200);
  });

  test('guard-permission-percent-escape: an escaped spelling of a forbidden endpoint is still forbidden', async () => {
    const { base } = await serve({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' });
    const token = await signInOver(base, 'operator', 'operator123');
    for (const path of ['/v1/admin/list', '/v1/%61dmin/list', '/v1/admin/lis%74']) {
      const res = await send(base, 'POST', path, { pageNum: 1, pageSize: 1 }, token);
      expect(res.status, path).toBe(403);
      expect(res.json.message, path).toMatch(/^permission: /);
    }
    // And an escaped spelling of a public endpoint stays public to the same rule.
    expect((await send(base, 'POST', '/v1/member/lis%74', { pageNum: 1, pageSize: 1 })).json.code).toBe(401);
  });
});

describe('hybrid: the platform-only session paths in any spelling (item 12)', () => {
  async function hybrid(): Promise<{ base: string; platform: PlatformStub }> {
    const platform = await startPlatformStub();
    toClose.push(() => platform.close());
    const { base } = await serve({ MODE: 'hybrid', UPSTREAM_URL: platform.url, MOCK_ENDPOINTS: '/v1/admin/**,/v1/captcha/**' });
    return { base, platform };
  }

  test('guard-hybrid-platform-only-escapes: captcha, login and adminInfo spelled with escapes never reach the mock, and no mock session exists', async () => {
    const { base, platform } = await hybrid();
    const captcha = await send(base, 'GET', '/v1/captcha/%74oken');
    expect(captcha.servedBy).toBe('platform');
    const login = await send(base, 'POST', '/v1/admin/%6cogin', { username: 'admin', password: 'admin123', captchaToken: 'x', captchaCode: 'TEST' });
    expect(login.servedBy).toBe('platform');
    expect(login.json?.data?.token).toBeUndefined();
    const info = await send(base, 'POST', '/v1/admin/adminInf%6f', {}, STUB_ADMIN_TOKEN);
    expect(info.servedBy).toBe('platform');
    expect(platform.received.map((r) => r.url)).toEqual(['/v1/captcha/%74oken', '/v1/admin/%6cogin', '/v1/admin/adminInf%6f']);

    // The plain spelling of MOCK_ENDPOINTS still reaches the mock, which accepts only the platform's sessions.
    const list = await send(base, 'POST', '/v1/admin/list', { pageNum: 1, pageSize: 1 }, STUB_ADMIN_TOKEN);
    expect(list.servedBy).toBe('mock');
    expect(list.json.code).toBe(200);
  });
});
