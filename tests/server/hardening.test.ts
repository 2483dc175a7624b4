import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp, signIn, testClock } from './helpers.js';
import { startUpstream } from './upstream.js';
import { generate, generateAsync } from '../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';
import { MAX_IMPORT_CELLS, MAX_IMPORT_ROWS, MAX_ZIP_ENTRIES } from '../../server/mock/store/sheet.js';
import { CaptchaStore } from '../../server/mock/captcha.js';
import { scryptAsync, verifyConsoleAccountAsync } from '../../server/mock/accounts.js';
import { ALL, addPayload, mockCtx, post } from './contract/harness.js';
import { DATE_PATTERN } from '../../server/contract/fields.js';
import { loadConfig } from '../../server/config.js';

/**
 * No input or client can stall the server, and every refusal is the envelope. These
 * tests talk real HTTP over loopback where Node itself answers (timeouts, header limits, the
 * connection cap); `inject` where the app answers.
 */

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** Small data: these tests are about connections, not records. */
const SMALL = { SCALE: '0.05' };

async function listen(env: Record<string, string> = {}) {
  ({ app } = await makeApp({ ...SMALL, ...env }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

/** Opens a raw connection, writes `chunks` (more can be written later) and collects everything until the server closes it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d) => (received += d));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

/** Status line and parsed JSON body of a raw HTTP answer. */
function parse(raw: string): { status: number; json: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const body = raw.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  let json: any = null;
  try {
    json = JSON.parse(body);
  } catch {
    /* not JSON */
  }
  return { status, json };
}

describe('finding 7: envelopes everywhere', () => {
  test('a 100 KB query string answers a 431 envelope (Fastify answered its own body)', async () => {
    const port = await listen();
    const c = rawClient(port);
    c.socket.write(`GET /v1/order/list?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const r = parse(await c.closed);
    expect(r.status).toBe(431);
    expect(r.json).toEqual({ code: 431, data: null, message: expect.stringMatching(/header/i), field: null, key: 'request.headersTooLarge', params: { max: expect.any(Number) } });
  });

  test('a 10 KB URL answers a 414 envelope', async () => {
    ({ app } = await makeApp(SMALL));
    const res = await app.inject({ url: `/v1/order/list?q=${'a'.repeat(10_000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 414, data: null, message: expect.stringMatching(/URI too long/), key: 'request.uriTooLong' });
  });

  test('a malformed request line and a bad URL component answer 400 envelopes', async () => {
    const port = await listen();
    const c = rawClient(port);
    c.socket.write('GET /v1/x HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    const r = parse(await c.closed);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, data: null });
    const bad = await app.inject({ url: '/v1/%zz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, message: expect.stringMatching(/^path:/) });
  });

  test('parser errors answer envelopes: bad JSON, unknown content type, proto keys', async () => {
    ({ app } = await makeApp(SMALL));
    for (const [type, payload, status] of [
      ['application/json', '{bad', 400],
      ['application/xml', '<a/>', 415],
      ['application/json', '{"__proto__":{"x":1}}', 400],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/v1/admin/login', headers: { 'content-type': type }, payload });
      expect(res.statusCode).toBe(status);
      // The envelope, with the refusal's field, key and values.
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'data', 'field', 'key', 'message', 'params']);
    }
  });

  test('a 2 MB body over a real connection answers the 413 envelope, not a reset', async () => {
    const port = await listen();
    const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) });
    const res = await fetch(`http://127.0.0.1:${port}/v1/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, data: null });
  });
});

describe('finding 5: slow clients are cut off', () => {
  test('a body trickling slower than BODY_TIMEOUT_MS is cut off with a 408 envelope', async () => {
    const port = await listen({ BODY_TIMEOUT_MS: '300' });
    const c = rawClient(port);
    c.socket.write('POST /v1/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user');
    const r = parse(await c.closed);
    expect(r.status).toBe(408);
    expect(r.json).toMatchObject({ code: 408, data: null });
  });

  test('headers that never finish are cut off after HEADERS_TIMEOUT_MS with a 408 envelope', async () => {
    const port = await listen({ HEADERS_TIMEOUT_MS: '300' });
    const c = rawClient(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const r = parse(await c.closed);
    expect(r.status).toBe(408);
    expect(r.json).toMatchObject({ code: 408 });
  });

  test('connections beyond MAX_CONNECTIONS are refused', async () => {
    const port = await listen({ MAX_CONNECTIONS: '2' });
    const open = [rawClient(port), rawClient(port)];
    await Promise.all(open.map((c) => new Promise((r) => c.socket.once('connect', r))));
    // The first two are held open by the server; a third is closed at once.
    const third = rawClient(port);
    third.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await third.closed).toBe('');
    for (const c of open) c.socket.destroy();
  });

  test('under pressure the server sheds load with a 503 envelope and Retry-After', async () => {
    ({ app } = await makeApp({ ...SMALL, SHED_EVENT_LOOP_DELAY_MS: '20' }));
    let res = await app.inject({ url: '/healthz' });
    const started = Date.now();
    // Hold the event loop the way a stalled handler would, then ask until the sampler has seen it.
    while (res.statusCode !== 503 && Date.now() - started < 5000) {
      const t = Date.now();
      while (Date.now() - t < 200) {
        /* busy */
      }
      // Two turns of the event loop, so its timers (the sampler) run before asking.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      res = await app.inject({ url: '/healthz' });
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 503, data: null, message: expect.stringMatching(/busy/i) });
  });
});

describe('finding 6: impossible values are refused', () => {
  /** The first entity whose add payload has a writable field of this kind, with a valid payload cloned from a seeded row. */
  function entityWith(kind: string, a: FastifyInstance) {
    for (const e of ALL) {
      if (!e.endpoints.some((ep) => ep.op === 'add')) continue;
      const field = e.writableFields.find((f) => (e.fields[f] as Record<string, unknown>)['x-kind'] === kind && (e.fields[f] as Record<string, unknown>).type === 'string');
      const p = field ? addPayload(a, e) : null;
      if (field && p) return { e, field, payload: p.payload };
    }
    throw new Error(`no entity with a ${kind} field`);
  }

  async function addWith(a: FastifyInstance, token: string, kind: string, value: string) {
    const { e, field, payload } = entityWith(kind, a);
    const before = mockCtx(a).store.col(e.name).size;
    const r = await post(a, token, `/v1/${e.name}/add`, { ...payload, [field]: value });
    return { r, field, changed: mockCtx(a).store.col(e.name).size !== before };
  }

  test('dates must be real calendar days: 2025-02-31 and 2025-02-29 are refused naming the field, 2024-02-29 is a day', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    for (const [kind, bad] of [['datetime', '2025-02-31 10:00:00'], ['datetime', '2025-02-29 00:00:00'], ['datetime', '2025-04-31 08:00:00']] as const) {
      const { r, field, changed } = await addWith(app, token, kind, bad);
      expect(r.json).toMatchObject({ code: 400, message: expect.stringContaining(`${field}:`) });
      expect(changed).toBe(false);
    }
    expect(new RegExp(DATE_PATTERN).test('2024-02-29')).toBe(true);
    expect(new RegExp(DATE_PATTERN).test('2025-02-31')).toBe(false);
  });

  test('text may not hold NUL, other control characters or lone surrogates; tab and newline are fine', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    for (const bad of ['a\u0000b', 'a\u001bb', 'x\ud800y', '\udfff', 'a\u0085b']) {
      const r = await post(app, token, '/v1/feedbackType/add', { typeName: bad });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 400, message: expect.stringMatching(/^typeName: must/) });
    }
    const nested = await post(app, token, '/v1/order/list', { keyword: 'a\u0000' });
    expect(nested.json.message).toMatch(/^keyword:/);
    const ok = await post(app, token, '/v1/feedbackType/add', { typeName: 'Tab\tand 😀 emoji' });
    expect(ok.json.code).toBe(200);
  });

  test('integers beyond 2^53 − 1 (rounded by JSON.parse) and 1e300 are refused naming the field, in ids, references and paging; the store is unchanged', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    const raw = (url: string, payload: string) => app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': 'application/json' }, payload });
    const member = [...mockCtx(app).store.col('member').values()][0] as { id: number };
    const cases: [string, string, string][] = [
      ['/v1/member/info', '{"id":9007199254740993}', 'id'],
      ['/v1/member/info', '{"id":9007199254740992}', 'id'],
      ['/v1/member/info', '{"id":1e300}', 'id'],
      ['/v1/goods/del', '{"ids":[9007199254740993]}', 'ids.0'],
      ['/v1/goods/list', '{"pageNum":1,"pageSize":10,"categoryId":9007199254740993}', 'categoryId'],
      ['/v1/member/list', '{"pageNum":1e300,"pageSize":10}', 'pageNum'],
      ['/v1/member/update', `{"id":${member.id},"gradeId":9007199254740993}`, 'gradeId'],
    ];
    const before = JSON.stringify(mockCtx(app).store.col('member').get(member.id));
    for (const [url, payload, field] of cases) {
      const r = await raw(url, payload);
      expect(r.statusCode, `${url} ${payload}`).toBe(400);
      expect(r.json(), `${url} ${payload}`).toMatchObject({ code: 400, data: null, field, message: `${field}: must be <= 9007199254740991` });
    }
    expect(JSON.stringify(mockCtx(app).store.col('member').get(member.id))).toBe(before);
    // The largest safe integer is still an integer (it names no record here).
    expect((await raw('/v1/member/info', '{"id":9007199254740991}')).json()).toMatchObject({ code: 404, field: 'id' });
  });

  test('URLs are absolute http(s) or a path on this server: //evil.example and /\\evil.example are refused', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    for (const bad of ['//evil.example/x.png', '/\\evil.example', 'javascript:alert(1)', 'https://\\evil.example']) {
      const { r, field, changed } = await addWith(app, token, 'image', bad);
      expect(r.json).toMatchObject({ code: 400, message: expect.stringMatching(new RegExp(`^${field}: must be an http\\(s\\) URL`)) });
      expect(changed).toBe(false);
    }
    for (const good of ['/upload/goods/a.png', 'https://cdn.example.com/a.png']) {
      const { r } = await addWith(app, token, 'image', good);
      expect(r.json.code).toBe(200);
    }
  });
});

describe('finding 3: sign-in cannot be brute-forced or used to find accounts', () => {
  async function login(a: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') {
    const t = (await a.inject({ url: '/v1/captcha/token', remoteAddress })).json().data.captchaToken;
    const res = await a.inject({ method: 'POST', url: '/v1/admin/login', remoteAddress, payload: { username, password, captchaToken: t, captchaCode: 'TEST' } });
    return { res, json: res.json() };
  }

  test('after LOGIN_FAILURES_PER_ACCOUNT wrong passwords even the right one waits, with the time to wait; later it works', async () => {
    const clock = testClock();
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST', LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_LOCK_SECONDS: '600', LOGIN_RATE_PER_IP: '1000' }, { now: clock.now }));
    for (let i = 0; i < 5; i++) expect((await login(app, 'admin', `wrong${i}`)).json.code).toBe(400);
    const locked = await login(app, 'admin', 'admin123');
    expect(locked.json).toEqual({ code: 429, data: { retryAfter: 600 }, message: expect.stringMatching(/^username: too many failed sign-ins.*try again in 600 s/), field: 'username', key: 'login.tooManyForAccount', params: { wait: 600 } });
    expect(locked.res.headers['retry-after']).toBe('600');
    // An unknown account is locked the same way: the answer does not tell which accounts exist.
    for (let i = 0; i < 5; i++) expect((await login(app, 'nobody-here', `wrong${i}`)).json.message).toBe('username: wrong account or password');
    expect((await login(app, 'nobody-here', 'x')).json).toMatchObject({ code: 429, message: expect.stringMatching(/^username: too many failed sign-ins/) });
    clock.advance(601_000);
    expect((await login(app, 'admin', 'admin123')).json.code).toBe(200);
  });

  test('a client address making more than LOGIN_RATE_PER_IP attempts a minute waits; another address does not', async () => {
    const clock = testClock();
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST', LOGIN_RATE_PER_IP: '3' }, { now: clock.now }));
    for (const u of ['a1', 'a2', 'a3']) expect((await login(app, u, 'x', '10.0.0.1')).json.code).toBe(400);
    const limited = await login(app, 'admin', 'admin123', '10.0.0.1');
    expect(limited.json).toMatchObject({ code: 429, data: { retryAfter: 60 }, message: expect.stringMatching(/from this address; try again in 60 s/) });
    expect((await login(app, 'admin', 'admin123', '10.0.0.2')).json.code).toBe(200);
    clock.advance(61_000);
    expect((await login(app, 'admin', 'admin123', '10.0.0.1')).json.code).toBe(200);
  });

  test('failed sign-ins are recorded on the account (failedLoginCount, lastFailedLoginTime) and cleared by a good one', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    await login(app, 'operator', 'nope1');
    await login(app, 'operator', 'nope2');
    const token = await signIn(app);
    const operator = async () => ((await post(app, token, '/v1/admin/list', { username: 'operator', pageSize: 100 })).json.data.list as { username: string }[]).find((r) => r.username === 'operator');
    expect(await operator()).toMatchObject({ username: 'operator', failedLoginCount: 2, lastFailedLoginTime: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
    await login(app, 'operator', 'operator123');
    expect(await operator()).toMatchObject({ failedLoginCount: 0 });
  });

  test('known, unknown, demo and generated accounts cost exactly one scrypt each (same work, same timing)', async () => {
    ({ app } = await makeApp(SMALL));
    const rows = [...mockCtx(app).store.col('admin').values()] as never[];
    const staff = (rows as { username: string; password: string }[]).find((r) => !r.password.startsWith('scrypt:') && r.password !== 'see-accounts-json');
    for (const [u, p] of [['admin', 'admin123'], ['admin', 'bad'], ['no-such-user', 'bad'], [staff?.username ?? 'admin', 'bad']]) {
      let calls = 0;
      const counting = async (pw: string, salt: string, n: number) => {
        calls++;
        return scryptAsync(pw, salt, n);
      };
      await verifyConsoleAccountAsync(rows, u, p, counting);
      expect(calls, `${u}/${p}`).toBe(1);
    }
  });

  test('hashing runs off the event loop: a health check sent during a sign-in answers first', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const order: string[] = [];
    const t = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
    const signing = app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: t, captchaCode: 'TEST' } }).then(() => order.push('login'));
    await app.inject({ url: '/healthz' }).then(() => order.push('healthz'));
    await signing;
    expect(order).toEqual(['healthz', 'login']);
  });

  test('password changes hash off the event loop: health checks keep answering beside six concurrent changes', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const rows = [...mockCtx(app).store.col('admin').values()] as unknown as { username: string; password: string; status: number }[];
    // Six accounts: the two demo accounts and four generated ones (their seed password is plain).
    const staff = rows.filter((r) => r.status === 1 && !r.password.startsWith('scrypt:') && r.password !== 'see-accounts-json').slice(0, 4);
    const accounts = [['admin', 'admin123'], ['operator', 'operator123'], ...staff.map((r) => [r.username, r.password])];
    expect(accounts).toHaveLength(6);
    const tokens = await Promise.all(accounts.map(([u, p]) => signIn(app, u, p)));
    const changes = tokens.map((token, i) =>
      app.inject({ method: 'POST', url: '/v1/admin/updatePassword', headers: { authorization: token }, payload: { oldPassword: accounts[i][1], newPassword: `Changed-${i}-pass` } }).then((r) => r.json()),
    );
    let pending = true;
    const all = Promise.all(changes).finally(() => (pending = false));
    // One health check after another, each after a turn of the event loop, until every change has answered.
    let healthy = 0;
    while (pending) {
      await new Promise((r) => setImmediate(r));
      const h = await app.inject({ url: '/healthz' });
      if (pending && h.statusCode === 200) healthy++;
    }
    const answers = await all;
    // Twelve hashes (old and new of six changes): a loop held by each of them would turn only
    // between hashes; free, it answers many health checks during each one.
    expect(healthy).toBeGreaterThan(4 * 12);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200, 200]);
    // Each new password signs in (the hash stored is the one of the new password).
    expect(await signIn(app, 'operator', 'Changed-1-pass')).toMatch(/\S/);
  });
});

describe('finding 4: one client cannot void the captchas of others', () => {
  test('10,001 captchas asked by one client leave another client\'s captcha valid', () => {
    const store = new CaptchaStore(() => 0, null);
    const mine = store.issue('10.0.0.1')!;
    for (let i = 0; i < 10_001; i++) store.issue('10.0.0.66');
    expect(store.verify(mine.captchaToken, store.peek(mine.captchaToken)!)).toBe(true);
  });

  test('a client beyond CAPTCHA_PER_CLIENT loses only its own oldest; when all clients together are full, the biggest holder loses its oldest', async () => {
    const store = new CaptchaStore(() => 0, null, 3, 5);
    const a = [store.issue('a')!, store.issue('a')!, store.issue('a')!, store.issue('a')!];
    expect(store.peek(a[0].captchaToken)).toBeUndefined();
    expect(store.peek(a[3].captchaToken)).toBeDefined();
    const b = [store.issue('b')!, store.issue('b')!];
    // A full store no longer refuses a new client (that was a kill switch); the biggest holder pays.
    expect(store.issue('c')).not.toBeNull();
    expect(store.peek(b[0].captchaToken)).toBeDefined();
    ({ app } = await makeApp({ ...SMALL, CAPTCHA_PER_CLIENT: '2' }));
    const first = (await app.inject({ url: '/v1/captcha/token', remoteAddress: '10.1.1.1' })).json().data.captchaToken;
    for (let i = 0; i < 5; i++) await app.inject({ url: '/v1/captcha/token', remoteAddress: '10.9.9.9' });
    expect((await app.inject({ url: `/v1/captcha/image?token=${first}` })).statusCode).toBe(200);
  });
});

describe('finding 8: proxy mode', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  async function proxied(env: Record<string, string> = {}) {
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        server: 'nginx/1.18.0',
        'x-powered-by': 'Express',
        'set-cookie': ['SESSION=abc; Domain=platform.example; Path=/; HttpOnly', 'lang=zh; Domain=platform.example'],
      });
      res.end('{"code":200,"data":null,"message":"ok"}');
    });
    closers.push(() => up.close());
    ({ app } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url, ...env }));
    return up;
  }

  test('the QA-control block holds however the path is spelled, under /v1 and /api/v1', async () => {
    const up = await proxied();
    for (const url of ['/v1/mock/reset', '/v1//mock/reset', '/v1/Mock/reset', '/v1/mock%2freset', '/v1/mock%252Freset', '/api/v1/mock/reset', '/API/V1/MOCK/info', '/v1/%6d%6f%63%6b/reset', '/v1\\mock/reset']) {
      const res = await app.inject({ method: 'POST', url, payload: { seed: 1 } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 404, data: null, message: 'QA controls exist only in mock mode', key: 'qa.onlyInMock' });
    }
    expect(up.received).toHaveLength(0);
    // Other paths still go through.
    expect((await app.inject({ method: 'POST', url: '/v1/mockery/list', payload: {} })).statusCode).toBe(200);
  });

  test('Server, X-Powered-By and the platform\'s Set-Cookie are not relayed; X-Forwarded-Host is PUBLIC_HOST, not the client\'s', async () => {
    const up = await proxied({ PUBLIC_HOST: 'console.example.com' });
    const res = await app.inject({ method: 'POST', url: '/v1/order/list', payload: {}, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(up.received[0].headers['x-forwarded-host']).toBe('console.example.com');
  });
});

describe('finding 1: spreadsheets are checked before they are parsed', () => {
  /** A zip of the given parts (stored deflated); `lie` declares every unpacked size as 100 bytes. */
  function zip(parts: [name: string, data: Buffer][], lie = false): Buffer {
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const [name, data] of parts) {
      const packed = zlib.deflateRawSync(data, { level: 9 });
      const n = Buffer.from(name);
      const crc = zlib.crc32(data);
      const size = lie ? 100 : data.length;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(packed.length, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(n.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(packed.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(n.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, n, packed);
      centrals.push(central, n);
      offset += 30 + n.length + packed.length;
    }
    const dir = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(parts.length, 8);
    end.writeUInt16LE(parts.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, dir, end]);
  }
  const BASE: [string, Buffer][] = [
    ['[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>')],
    ['xl/workbook.xml', Buffer.from('<?xml version="1.0"?><workbook/>')],
  ];
  const sheetOf = (xml: string): [string, Buffer] => ['xl/worksheets/sheet1.xml', Buffer.from(xml)];

  async function importFile(a: FastifyInstance, token: string, data: Buffer, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename = 'w.xlsx') {
    const boundary = 'hardening-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await a.inject({ method: 'POST', url: '/api/v1/feedbackAward/importAwardExcel', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    return res.json();
  }

  test('a zip bomb is refused naming the unpacked-size limit, whether its sizes are declared or hidden', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    // 40 MB of blanks packs into ~40 KB (the finding's bomb was 200 MB in 202 KB).
    const bomb: [string, Buffer] = ['xl/worksheets/sheet1.xml', Buffer.alloc(40 * 1024 * 1024, 0x20)];
    for (const lie of [false, true]) {
      const file = zip([...BASE, bomb], lie);
      expect(file.length).toBeLessThan(1024 * 1024);
      expect(await importFile(app, token, file)).toMatchObject({ code: 413, message: expect.stringMatching(/^file: the \.xlsx unpacks to .*20 MB/) });
    }
  });

  test('too many zip entries, rows or cells are refused naming the limit', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    const many = zip([...BASE, ...Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i): [string, Buffer] => [`xl/media/${i}.txt`, Buffer.from('x')])]);
    expect(await importFile(app, token, many)).toMatchObject({ code: 413, message: expect.stringMatching(new RegExp(`more than the ${MAX_ZIP_ENTRIES} a spreadsheet import takes`)) });
    const rows = zip([...BASE, sheetOf(`<worksheet><sheetData>${'<row><c r="A1"><v>1</v></c></row>'.repeat(MAX_IMPORT_ROWS + 2)}</sheetData></worksheet>`)]);
    expect(await importFile(app, token, rows)).toMatchObject({ code: 413, message: expect.stringMatching(/more than 50000 rows/) });
    const cells = zip([...BASE, sheetOf(`<worksheet><sheetData><row>${'<c t="n"/>'.repeat(MAX_IMPORT_CELLS + 1)}</row></sheetData></worksheet>`)]);
    expect(await importFile(app, token, cells)).toMatchObject({ code: 413, message: expect.stringMatching(/more than 1000000 cells/) });
  });

  test('the declared type, the name and the sniffed bytes must all be an .xlsx', async () => {
    ({ app } = await makeApp({ ...SMALL, MOCK_CAPTCHA_CODE: 'TEST' }));
    const token = await signIn(app);
    const good = zip([...BASE, sheetOf('<worksheet/>')]);
    expect(await importFile(app, token, good, 'image/png')).toMatchObject({ code: 400, message: expect.stringMatching(/^file: not an \.xlsx spreadsheet \(it was sent as image\/png/) });
    expect(await importFile(app, token, good, 'application/octet-stream', 'w.exe')).toMatchObject({ code: 400, message: expect.stringMatching(/^file: not an \.xlsx/) });
    expect(await importFile(app, token, Buffer.from('PK\u0003\u0004 but not a zip at all'))).toMatchObject({ code: 400, message: expect.stringMatching(/^file: not an \.xlsx/) });
    expect(await importFile(app, token, zip([['a.txt', Buffer.from('x')]]))).toMatchObject({ code: 400, message: expect.stringMatching(/^file: not an \.xlsx/) });
  });
});

describe('finding 9: QA controls and the production build', () => {
  test('a reset to a new seed lets other requests through while it builds (a health check sent during it answers first)', async () => {
    ({ app } = await makeApp(SMALL));
    const order: string[] = [];
    const seed = 900_000 + Math.floor(Math.random() * 90_000);
    const resetting = app.inject({ method: 'POST', url: '/v1/mock/reset', payload: { seed } }).then((r) => {
      order.push('reset');
      return r.json();
    });
    await app.inject({ url: '/healthz' }).then(() => order.push('healthz'));
    const done = await resetting;
    expect(order).toEqual(['healthz', 'reset']);
    expect(done).toMatchObject({ code: 200, data: { seed } });
    expect(mockCtx(app).store.seed).toBe(seed);
  });

  test('the same seed gives the same data whether built at once or in slices', async () => {
    const a = generate(4242, 0.05, SEED_STEPS);
    const b = await generateAsync(4242, 0.05, SEED_STEPS, 0);
    for (const name of Object.keys(a.tables) as (keyof typeof a.tables)[]) expect(b.tables[name], name).toEqual(a.tables[name]);
  });

  test('QA_CONTROLS=off answers 404 for every QA control and changes nothing', async () => {
    ({ app } = await makeApp({ ...SMALL, QA_CONTROLS: 'off' }));
    const seed = mockCtx(app).store.seed;
    for (const url of ['/v1/mock/reset', '/v1/mock/info', '/v1/mock/faults/add', '/api/v1/mock/reset']) {
      const res = await app.inject({ method: 'POST', url, payload: { seed: 5, path: '/v1/*', drop: true } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 404, data: null, message: 'QA controls are switched off on this server', key: 'qa.off' });
    }
    expect(mockCtx(app).store.seed).toBe(seed);
    expect(mockCtx(app).faults.size).toBe(0);
  });

  test('source maps are not served unless PUBLIC_SOURCE_MAPS=on; every answer has a Permissions-Policy', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-maps-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dist, 'main-ABCD1234.js'), 'console.log(1)\n//# sourceMappingURL=main-ABCD1234.js.map');
    fs.writeFileSync(path.join(dist, 'main-ABCD1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    ({ app } = await makeApp({ ...SMALL, DIST_DIR: dist }));
    expect((await app.inject({ url: '/main-ABCD1234.js' })).statusCode).toBe(200);
    const map = await app.inject({ url: '/main-ABCD1234.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    for (const url of ['/', '/healthz', '/v1/order/list']) expect((await app.inject({ url })).headers['permissions-policy'], url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    await app.close();
    ({ app } = await makeApp({ ...SMALL, DIST_DIR: dist, PUBLIC_SOURCE_MAPS: 'on' }));
    expect((await app.inject({ url: '/main-ABCD1234.js.map' })).statusCode).toBe(200);
  });
});

describe('the new settings are validated at start', () => {
  test('bad values stop the server with a message naming the setting', () => {
    expect(() => loadConfig([], { QA_CONTROLS: 'maybe' })).toThrow(/QA_CONTROLS must be "on" or "off"/);
    expect(() => loadConfig([], { PUBLIC_HOST: 'https://x.example/' })).toThrow(/PUBLIC_HOST must be a host name/);
    expect(() => loadConfig([], { BODY_TIMEOUT_MS: '5' })).toThrow(/BODY_TIMEOUT_MS must be between 100/);
    expect(() => loadConfig(['--max-connections', '0'])).toThrow(/--max-connections must be between 1/);
    const c = loadConfig([], { PUBLIC_SOURCE_MAPS: 'on', PUBLIC_HOST: 'Console.Example.com:8443', SHED_EVENT_LOOP_DELAY_MS: '0' });
    expect(c).toMatchObject({ publicSourceMaps: true, publicHost: 'console.example.com:8443', shedEventLoopDelayMs: 0, qaControls: true, loginRatePerIp: 60 });
  });
});
