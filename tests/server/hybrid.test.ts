import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError } from '../../server/config.js';
import { makeApp, testClock } from './helpers.js';
import { startPlatformStub, STUB_ADMIN_TOKEN, STUB_CAPTCHA_CODE, STUB_FEEDBACK_TYPES, STUB_MEMBER, STUB_OPERATOR_TOKEN, type PlatformStub } from './platform-stub.js';
import { overHttp } from './over-http.js';

const toClose: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (toClose.length) await toClose.pop()!();
});

async function stub(): Promise<PlatformStub> {
  const s = await startPlatformStub();
  toClose.push(() => s.close());
  return s;
}

async function hybrid(platform: PlatformStub, env: Record<string, string> = {}, now?: () => number): Promise<FastifyInstance> {
  const { app } = await makeApp({ MODE: 'hybrid', UPSTREAM_URL: platform.url, ...env }, now ? { now } : {});
  toClose.push(() => app.close());
  return app;
}

const post = (app: FastifyInstance, url: string, body: unknown = {}, token = STUB_ADMIN_TOKEN) =>
  overHttp(app, { method: 'POST', url, payload: body as object, headers: { authorization: token } });

function multipart(size: number) {
  const boundary = `----hybrid-${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="codes.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    randomBytes(size),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('hybrid: each answer from the right side, marked', () => {
  test('an endpoint the platform has is the platform’s (x-served-by: platform)', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const res = await post(app, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 });
    expect(res.headers['x-served-by']).toBe('platform');
    expect(res.json().data.list.map((r: { typeName: string }) => r.typeName)).toEqual(STUB_FEEDBACK_TYPES.map((t) => t.typeName));
    expect(platform.count('/v1/feedbackType/list')).toBe(1);
  });

  test('a contract endpoint the platform answers 404 comes from the mock, with the same body; the next call does not ask the platform', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const first = await post(app, '/v1/member/list', { pageNum: 1, pageSize: 3 });
    expect(first.headers['x-served-by']).toBe('mock');
    expect(first.json().code).toBe(200);
    // The body reached the mock whole: pageSize 3 → three rows of the seeded members.
    expect(first.json().data.list).toHaveLength(3);
    expect(first.json().data.total).toBeGreaterThan(3);
    expect(platform.count('/v1/member/list')).toBe(1);

    const second = await post(app, '/v1/member/list', { pageNum: 2, pageSize: 5 });
    expect(second.headers['x-served-by']).toBe('mock');
    expect(second.json().data.list).toHaveLength(5);
    expect(platform.count('/v1/member/list')).toBe(1);
  });

  test('a 501 falls back to the mock too', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const res = await post(app, '/v1/order/list', { pageNum: 1, pageSize: 2 });
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.json().data.list).toHaveLength(2);
  });

  test('a 404 for a path outside the contract is the platform’s answer, relayed as is', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const res = await post(app, '/v1/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-served-by']).toBe('platform');
    expect(res.json().error).toBe('Not Found');
  });

  test('MOCK_ENDPOINTS sends matching endpoints to the mock without asking the platform', async () => {
    const platform = await stub();
    const app = await hybrid(platform, { MOCK_ENDPOINTS: '/v1/feedbackType/**, /v1/nothing*' });
    const res = await post(app, '/v1/feedbackType/list', { pageNum: 1, pageSize: 10 });
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.json().data.list.map((r: { typeName: string }) => r.typeName)).not.toContain('Platform bug');
    expect(platform.count('/v1/feedbackType/list')).toBe(0);
    // Other endpoints still go to the platform.
    expect((await post(app, '/v1/feedbackAward/getAwardList', { pageNum: 1, pageSize: 10 })).headers['x-served-by']).toBe('platform');
  });

  test('a binary download streams from the platform byte for byte', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const res = await post(app, '/v1/feedbackAward/exportAwardExcel');
    expect(res.headers['x-served-by']).toBe('platform');
    expect(res.headers['content-disposition']).toContain('awards.xlsx');
    const { STUB_XLSX } = await import('./platform-stub.js');
    expect(res.rawPayload.equals(STUB_XLSX)).toBe(true);
  });

  test('mock mode marks its answers x-served-by: mock; /healthz tells the client whether to show the marker', async () => {
    const { app } = await makeApp({});
    toClose.push(() => app.close());
    expect((await overHttp(app, { method: 'GET', url: '/v1/captcha/token' })).headers['x-served-by']).toBe('mock');
    expect((await overHttp(app, { method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok', mode: 'mock', mockMarker: true, audit: { state: 'ok' } });
    const platform = await stub();
    const off = await hybrid(platform, { MOCK_MARKER: 'off' });
    expect((await overHttp(off, { method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok', mode: 'hybrid', mockMarker: false, audit: { state: 'ok' } });
  });
});

describe('hybrid: uploads are never sent twice', () => {
  test('an upload to an endpoint the platform has reaches it once', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const { body, contentType } = multipart(3 * 1024 * 1024);
    const res = await overHttp(app, { method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', payload: body, headers: { authorization: STUB_ADMIN_TOKEN, 'content-type': contentType } });
    expect(res.headers['x-served-by']).toBe('platform');
    expect(res.json().data.count).toBe(body.length);
    expect(platform.uploads()).toBe(1);
    expect(platform.count('/api/v1/feedbackAward/importAwardExcel')).toBe(1);
  });

  test('an upload the platform answers 404 is not replayed to the mock: the 404 is relayed, and the next upload goes to the mock before its body is read', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const { body, contentType } = multipart(512 * 1024);
    const headers = { authorization: STUB_ADMIN_TOKEN, 'content-type': contentType };
    const first = await overHttp(app, { method: 'POST', url: '/v1/cdkCode/importExcel', payload: body, headers });
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-served-by']).toBe('platform');
    expect(platform.count('/v1/cdkCode/importExcel')).toBe(1);

    const second = await overHttp(app, { method: 'POST', url: '/v1/cdkCode/importExcel', payload: body, headers });
    expect(second.headers['x-served-by']).toBe('mock');
    // The mock read the upload (it is not a spreadsheet, so it refuses it with a 400 envelope naming the file).
    expect(second.json().code).toBe(400);
    expect(platform.count('/v1/cdkCode/importExcel')).toBe(1);
  });
});

describe('hybrid: a JSON body too large to keep is not replayed', () => {
  test('a 300 KB JSON call that got a 404 gets the platform’s 404; the next one goes to the mock', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const body = { pageNum: 1, pageSize: 2, keyword: 'k'.repeat(300 * 1024) };
    const first = await post(app, '/v1/member/list', body);
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-served-by']).toBe('platform');
    const second = await post(app, '/v1/member/list', { pageNum: 1, pageSize: 2 });
    expect(second.headers['x-served-by']).toBe('mock');
    expect(platform.count('/v1/member/list')).toBe(1);
  });
});

describe('hybrid: remembered fallback', () => {
  test('a remembered 404 expires after MOCK_FALLBACK_TTL and the platform is asked again', async () => {
    const platform = await stub();
    const clock = testClock();
    const app = await hybrid(platform, { MOCK_FALLBACK_TTL: '60' }, clock.now);
    await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    expect(platform.count('/v1/member/list')).toBe(1);
    clock.advance(59_000);
    await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    expect(platform.count('/v1/member/list')).toBe(1);
    clock.advance(2_000);
    const again = await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    expect(again.headers['x-served-by']).toBe('mock');
    expect(platform.count('/v1/member/list')).toBe(2);
  });

  test('an endpoint the platform has answered with a success keeps its 404s: a missing record is relayed, for this client and every other', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const found = await post(app, '/v1/member/info', { id: STUB_MEMBER.id });
    expect(found.headers['x-served-by']).toBe('platform');
    expect(found.json().data).toEqual(STUB_MEMBER);
    // A Spring-style 404 (not an envelope) for a missing id is that record's absence, not "not built".
    const missing = await post(app, '/v1/member/info', { id: 424242 });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-served-by']).toBe('platform');
    expect(missing.json()).toMatchObject({ status: 404, path: '/v1/member/info' });
    // Nothing was remembered: the next caller (another user) still reaches the platform's record.
    const again = await post(app, '/v1/member/info', { id: STUB_MEMBER.id }, STUB_OPERATOR_TOKEN);
    expect(again.headers['x-served-by']).toBe('platform');
    expect(again.json().data).toEqual(STUB_MEMBER);
    expect(platform.count('/v1/member/info')).toBe(3);
  });

  test('an endpoint never seen succeeding still falls back on a Spring-style 404; an HTTP 200 refusal is no success', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    // The platform's "session expired" (HTTP 200, envelope 401) answers for any path: it proves nothing.
    const refused = await post(app, '/v1/member/info', { id: STUB_MEMBER.id }, 'Bearer not-a-session');
    expect(refused.headers['x-served-by']).toBe('platform');
    expect(refused.json().code).toBe(401);
    const first = await post(app, '/v1/member/info', { id: 424242 });
    expect(first.headers['x-served-by']).toBe('mock');
    expect(platform.count('/v1/member/info')).toBe(2);
  });

  test('MOCK_FALLBACK_TTL=0 asks the platform every time', async () => {
    const platform = await stub();
    const app = await hybrid(platform, { MOCK_FALLBACK_TTL: '0' });
    await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    await post(app, '/v1/member/list', { pageNum: 1, pageSize: 1 });
    expect(platform.count('/v1/member/list')).toBe(2);
  });
});

describe('hybrid: the session is the platform’s', () => {
  test('sign-in goes to the platform, and the mock accepts its token for the endpoints it answers', async () => {
    const platform = await stub();
    const app = await hybrid(platform);
    const cap = (await overHttp(app, { method: 'GET', url: '/v1/captcha/token' })).json().data.captchaToken;
    const login = await overHttp(app, { method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: cap, captchaCode: STUB_CAPTCHA_CODE } });
    expect(login.headers['x-served-by']).toBe('platform');
    const token = login.json().data.tokenHead + login.json().data.token;
    expect(token).toBe(STUB_ADMIN_TOKEN);
    // adminMenus is not built on the stub: the mock answers it for the platform's user (role super).
    const menus = await post(app, '/v1/admin/adminMenus', undefined, token);
    expect(menus.headers['x-served-by']).toBe('mock');
    expect(menus.json().code).toBe(200);
    expect(menus.json().data.length).toBeGreaterThan(5);
  });

  test('a token the platform refuses is refused by the mock too (envelope 401)', async () => {
    const platform = await stub();
    const app = await hybrid(platform, { MOCK_ENDPOINTS: '/v1/member/**' });
    const res = await post(app, '/v1/member/list', { pageNum: 1 }, 'Bearer forged');
    expect(res.headers['x-served-by']).toBe('mock');
    expect(res.json().code).toBe(401);
  });

  test('roles map by value: the platform’s operator gets the mock operator role’s permissions', async () => {
    const platform = await stub();
    const app = await hybrid(platform, { MOCK_ENDPOINTS: '/v1/member/**,/v1/role/**' });
    expect((await post(app, '/v1/member/list', { pageNum: 1 }, STUB_OPERATOR_TOKEN)).json().code).toBe(200);
    const role = await post(app, '/v1/role/list', { pageNum: 1 }, STUB_OPERATOR_TOKEN);
    expect(role.statusCode).toBe(403);
    expect(role.json().code).toBe(403);
    // The platform was asked who the token is once, not per call.
    expect(platform.count('/v1/admin/adminInfo')).toBe(1);
  });

  test('sign-in endpoints never fall back to the mock', async () => {
    const platform = await stub();
    const app = await hybrid(platform, { MOCK_ENDPOINTS: '/v1/**' });
    const res = await overHttp(app, { method: 'GET', url: '/v1/captcha/token' });
    expect(res.headers['x-served-by']).toBe('platform');
    expect(res.json().data.captchaToken).toBe('stub-captcha');
  });
});

describe('settings', () => {
  test('bad or misplaced hybrid, replay and record settings name themselves', () => {
    const load = (env: Record<string, string>) => () => loadConfig([], env);
    expect(load({ MODE: 'hybrid' })).toThrow(/UPSTREAM_URL is required when MODE is "hybrid"/);
    expect(load({ MODE: 'proxy', UPSTREAM_URL: 'http://x', MOCK_ENDPOINTS: '/v1/a' })).toThrow(/MOCK_ENDPOINTS is allowed only when MODE is hybrid/);
    expect(load({ MODE: 'hybrid', UPSTREAM_URL: 'http://x', MOCK_ENDPOINTS: 'v1/a' })).toThrow(/MOCK_ENDPOINTS must list path globs/);
    expect(load({ MODE: 'hybrid', UPSTREAM_URL: 'http://x', MOCK_FALLBACK_TTL: 'soon' })).toThrow(/MOCK_FALLBACK_TTL must be a whole number/);
    expect(load({ MODE: 'mock', RECORD_DIR: '/tmp/r' })).toThrow(/RECORD_DIR is allowed only when MODE is proxy or hybrid or replay/);
    expect(load({ MODE: 'replay' })).toThrow(/RECORD_DIR is required when MODE is "replay"/);
    expect(load({ MODE: 'replay', RECORD_DIR: '/tmp/r', REPLAY_FALLBACK: 'maybe' })).toThrow(/REPLAY_FALLBACK must be mock or 404/);
    expect(load({ MODE: 'mock', REPLAY_FALLBACK: '404' })).toThrow(/REPLAY_FALLBACK is allowed only when MODE is replay/);
    expect(load({ MODE: 'proxy', UPSTREAM_URL: 'http://x', RECORD_MAX_MB: '5' })).toThrow(/RECORD_MAX_MB needs RECORD_DIR/);
    expect(load({ MODE: 'proxy', UPSTREAM_URL: 'http://x', FIXTURES_DIR: '/tmp/f' })).toThrow(/FIXTURES_DIR is allowed only when MODE is mock or hybrid or replay/);
    expect(load({ MOCK_MARKER: 'maybe' })).toThrow(/MOCK_MARKER must be "on" or "off"/);
    expect(load({ MODE: 'nope' })).toThrow(ConfigError);
    const c = loadConfig([], { MODE: 'hybrid', UPSTREAM_URL: 'http://x', MOCK_ENDPOINTS: '/v1/a/**, /v1/b*' });
    expect(c.mockEndpoints).toEqual(['/v1/a/**', '/v1/b*']);
    expect(c.mockFallbackTtl).toBe(300);
  });
});

describe('parts', () => {
  test('MOCK_ENDPOINTS globs: * within a segment, ** across', async () => {
    const { globToRegExp } = await import('../../server/modes/hybrid.js');
    expect(globToRegExp('/v1/feedback/**').test('/v1/feedback/findAll')).toBe(true);
    expect(globToRegExp('/v1/feedback*').test('/v1/feedbackType')).toBe(true);
    expect(globToRegExp('/v1/feedback*').test('/v1/feedback/list')).toBe(false);
    expect(globToRegExp('/v1/*/list').test('/v1/member/list')).toBe(true);
    expect(globToRegExp('/v1/*/list').test('/v1/a/b/list')).toBe(false);
    expect(globToRegExp('/v1/a.b').test('/v1/aXb')).toBe(false);
  });

  test('a FIXTURES_DIR file that is not an entity or has bad ids stops the start naming the file', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadFixtureTables } = await import('../../server/mock/store/fixtures.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixtures-'));
    toClose.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, 'feedbackType.json'), JSON.stringify([{ id: 2, typeName: 'b' }, { id: 1, typeName: 'a' }]));
    expect(loadFixtureTables(dir).feedbackType!.map((r) => r.id)).toEqual([1, 2]);
    fs.writeFileSync(path.join(dir, 'feedbackType.json'), JSON.stringify([{ id: 1 }, { id: 1 }]));
    expect(() => loadFixtureTables(dir)).toThrow(/feedbackType\.json record 1 needs a distinct positive integer id/);
    fs.rmSync(path.join(dir, 'feedbackType.json'));
    fs.writeFileSync(path.join(dir, 'nosuch.json'), '[]');
    expect(() => loadFixtureTables(dir)).toThrow(/nosuch\.json names no entity/);
  });
});
