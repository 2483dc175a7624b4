import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CaptchaStore, clientKeyOf, MAX_PENDING } from '../../../server/mock/captcha.js';
import { makeApp, testClock } from '../helpers.js';

/**
 * And the lockout note. The captcha store had a global cap: 508 addresses × 20
 * captchas filled it and nobody got a captcha for five minutes. Failed sign-ins locked a username
 * from every address, so ten requests a quarter hour kept `admin` out. Now quotas are per address
 * (the biggest holders pay when memory is full) and failures lock the (address, username) pair;
 * every attempt still needs a right captcha, and junk with wrong captchas does not use up the
 * address's sign-in budget.
 */

const SMALL = { SCALE: '0.05', MOCK_CAPTCHA_CODE: 'TEST' };
let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function login(a: FastifyInstance, username: string, password: string, remoteAddress: string, captchaCode = 'TEST') {
  const t = (await a.inject({ url: '/v1/captcha/token', remoteAddress })).json().data.captchaToken;
  const res = await a.inject({ method: 'POST', url: '/v1/admin/login', remoteAddress, payload: { username, password, captchaToken: t, captchaCode } });
  return res.json() as { code: number; key?: string; field?: string };
}

describe('captcha quotas per address, no global kill switch', () => {
  test("508 addresses × 20 captchas: a new client still gets one, an early client's captcha survives, memory stays bounded", () => {
    const store = new CaptchaStore(() => 0, null);
    const early = store.issue('192.0.2.1');
    for (let a = 0; a < 508; a++) for (let i = 0; i < 20; i++) store.issue(`10.${a >> 8}.${a & 255}.1`);
    const late = store.issue('192.0.2.2');
    expect(late).not.toBeNull();
    expect(store.peek(late.captchaToken)).toBeDefined();
    expect(store.peek(early.captchaToken)).toBeDefined();
    expect(store.size).toBeLessThanOrEqual(MAX_PENDING);
  });

  test('a full store evicts from the biggest holders, oldest first', () => {
    const store = new CaptchaStore(() => 0, null, 20, 10);
    const small = store.issue('a');
    const big = Array.from({ length: 9 }, () => store.issue('b'));
    store.issue('c');
    expect(store.peek(small.captchaToken)).toBeDefined();
    expect(store.peek(big[0].captchaToken)).toBeUndefined();
    expect(store.peek(big[8].captchaToken)).toBeDefined();
    expect(store.size).toBeLessThanOrEqual(10);
  });

  test('an IPv6 client is its /64 (one subscriber cannot hold billions of quotas); IPv4-mapped is IPv4', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(clientKeyOf('10.0.0.1')).toBe('10.0.0.1');
    const store = new CaptchaStore(() => 0, null, 3);
    const first = store.issue(clientKeyOf('2001:db8:1:2::1'));
    for (let i = 2; i < 6; i++) store.issue(clientKeyOf(`2001:db8:1:2::${i}`));
    expect(store.peek(first.captchaToken)).toBeUndefined();
  });

  test('over HTTP: a flood of captcha requests from many addresses never answers 503', async () => {
    ({ app } = await makeApp({ ...SMALL, CAPTCHA_PER_CLIENT: '20' }));
    for (let a = 0; a < 30; a++) for (let i = 0; i < 21; i++) await app.inject({ url: '/v1/captcha/token', remoteAddress: `10.2.${a}.1` });
    const r = await app.inject({ url: '/v1/captcha/token', remoteAddress: '192.0.2.99' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.captchaToken).toMatch(/^[\w-]{20,}$/);
  });
});

describe('sign-in limits: by address and username pair, captcha always required', () => {
  test('ten failures from one address lock that pair, not the username from everywhere', async () => {
    const clock = testClock();
    ({ app } = await makeApp({ ...SMALL }, { now: clock.now }));
    for (let i = 0; i < 10; i++) expect((await login(app, 'admin', `wrong${i}`, '10.0.0.1')).code).toBe(400);
    expect(await login(app, 'admin', 'admin123', '10.0.0.1')).toMatchObject({ code: 429, key: 'login.tooManyForAccount', field: 'username' });
    // Another username from the same address is its own pair.
    expect((await login(app, 'operator', 'operator123', '10.0.0.1')).code).toBe(200);
    // The real administrator, elsewhere, signs in; with a wrong captcha even the right password is refused.
    expect(await login(app, 'admin', 'admin123', '10.0.0.2', 'WRONG')).toMatchObject({ code: 400, key: 'login.captchaWrong' });
    expect((await login(app, 'admin', 'admin123', '10.0.0.2')).code).toBe(200);
    clock.advance(901_000);
    expect((await login(app, 'admin', 'admin123', '10.0.0.1')).code).toBe(200);
  });

  test('junk sign-ins with wrong captchas do not use up the address budget (the captcha is checked first)', async () => {
    ({ app } = await makeApp({ ...SMALL, LOGIN_RATE_PER_IP: '60' }));
    for (let i = 0; i < 61; i++) expect((await login(app, 'admin', 'x', '10.0.0.5', 'NOPE')).key).toBe('login.captchaWrong');
    expect((await login(app, 'admin', 'admin123', '10.0.0.5')).code).toBe(200);
  });
});
