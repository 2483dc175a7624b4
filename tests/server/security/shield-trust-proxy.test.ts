import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { makeApp } from '../helpers.js';

/**
 * Behind a reverse proxy (nginx terminating TLS) every client had the proxy's
 * address, so one client's captcha flood voided everyone's captchas and one client's sign-ins used
 * everyone's budget. `TRUST_PROXY` names the proxy; then clients are told apart by
 * `X-Forwarded-For`, and without it the header is ignored (a client cannot pick its own address).
 * Real HTTP over loopback: the proxy is this test, at 127.0.0.1.
 */

const SMALL = { SCALE: '0.05', MOCK_CAPTCHA_CODE: 'TEST' };
let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function listen(env: Record<string, string>): Promise<string> {
  ({ app } = await makeApp({ ...SMALL, ...env }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/** A client behind the proxy: every request carries its `X-Forwarded-For`. */
function client(base: string, forwardedFor: string) {
  const headers = { 'x-forwarded-for': forwardedFor };
  return {
    captcha: async (): Promise<string> => ((await (await fetch(`${base}/v1/captcha/token`, { headers })).json()) as { data: { captchaToken: string } }).data.captchaToken,
    imageStatus: async (token: string) => (await fetch(`${base}/v1/captcha/image?token=${token}`, { headers })).status,
    signIn: async (username: string, password: string) => {
      const captchaToken = await client(base, forwardedFor).captcha();
      const res = await fetch(`${base}/v1/admin/login`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, captchaToken, captchaCode: 'TEST' }),
      });
      return ((await res.json()) as { code: number }).code;
    },
  };
}

/** A client's pending captcha survives another's flood, and their sign-in budgets are their own. */
async function separateBudgets(base: string) {
  const a = client(base, '203.0.113.10');
  const b = client(base, '198.51.100.20');
  const kept = await b.captcha();
  for (let i = 0; i < 6; i++) await a.captcha();
  const captchaKept = (await b.imageStatus(kept)) === 200;
  for (let i = 0; i < 3; i++) await a.signIn('nobody', 'wrong');
  const aLimited = await a.signIn('admin', 'admin123');
  const bSignIn = await b.signIn('admin', 'admin123');
  return { captchaKept, aLimited, bSignIn };
}

describe('TRUST_PROXY setting', () => {
  test('off by default; true, a hop count, or addresses and CIDR ranges', () => {
    expect(loadConfig([], {}).trustProxy).toBe(false);
    expect(loadConfig([], { TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig([], { TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig([], { TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig(['--trust-proxy', '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback']).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  test('a bad value stops the start with a message naming the setting and the item', () => {
    for (const bad of ['10.0.0.0/33', 'nginx', '300.1.1.1', '::1/129', '10.0.0.1/8/2', '17']) {
      expect(() => loadConfig([], { TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig([], { TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY /);
    }
    expect(() => loadConfig([], { TRUST_PROXY: 'nginx' })).toThrow(/got "nginx"/);
  });
});

describe('behind a trusted proxy, clients are told apart by X-Forwarded-For', () => {
  test('TRUST_PROXY=<the proxy address>: separate captcha quotas and sign-in budgets', async () => {
    const base = await listen({ TRUST_PROXY: '127.0.0.1', CAPTCHA_PER_CLIENT: '3', LOGIN_RATE_PER_IP: '3' });
    expect(await separateBudgets(base)).toEqual({ captchaKept: true, aLimited: 429, bSignIn: 200 });
  });

  test('TRUST_PROXY=1 (one hop) does the same', async () => {
    const base = await listen({ TRUST_PROXY: '1', CAPTCHA_PER_CLIENT: '3', LOGIN_RATE_PER_IP: '3' });
    expect(await separateBudgets(base)).toEqual({ captchaKept: true, aLimited: 429, bSignIn: 200 });
  });

  test('untrusted (default, or a list without the peer) the header is ignored: one address, one budget', async () => {
    for (const env of [{}, { TRUST_PROXY: '10.9.9.9' }] as Record<string, string>[]) {
      const base = await listen({ ...env, CAPTCHA_PER_CLIENT: '3', LOGIN_RATE_PER_IP: '3' });
      expect(await separateBudgets(base), JSON.stringify(env)).toEqual({ captchaKept: false, aLimited: 429, bSignIn: 429 });
      await app!.close();
      app = null;
    }
  });
});

/**
 * Behind nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`, the header is
 * the client's own value with the address nginx saw appended: only the right-most entry is the
 * proxy's word. The peer here is nginx (inject's `remoteAddress`); the client writes the rest.
 */
describe('trust counts hops from the right, and only an IP is ever the client address', () => {
  const NGINX = '10.0.0.5';
  const inject = (a: FastifyInstance, method: 'GET' | 'POST', url: string, forwardedFor: string, opts: { body?: unknown; token?: string } = {}) =>
    a.inject({
      method,
      url,
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': forwardedFor, ...(opts.token ? { authorization: opts.token } : {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  const signInAs = async (a: FastifyInstance, forwardedFor: string, password: string) => {
    const token = (await inject(a, 'GET', '/v1/captcha/token', forwardedFor)).json().data.captchaToken;
    return (await inject(a, 'POST', '/v1/admin/login', forwardedFor, { body: { username: 'admin', password, captchaToken: token, captchaCode: 'TEST' } })).json();
  };
  /** The client at 203.0.113.7 writes a different left-most address on every request. */
  const picked = (i: number) => `198.51.100.${i}, 203.0.113.7`;

  for (const value of ['true', '1', NGINX]) {
    test(`TRUST_PROXY=${value}: a client's own X-Forwarded-For entries do not move its sign-in budget`, async () => {
      ({ app } = await makeApp({ ...SMALL, TRUST_PROXY: value, LOGIN_RATE_PER_IP: '3' }));
      for (let i = 0; i < 3; i++) expect((await signInAs(app, picked(i), 'wrong')).code).toBe(400);
      const locked = await signInAs(app, picked(9), 'admin123');
      expect(locked.code).toBe(429);
      // Another client behind the same nginx keeps its own budget.
      expect((await signInAs(app, '203.0.113.8', 'admin123')).code).toBe(200);
    });
  }

  test('TRUST_PROXY=2 (a load balancer, then nginx): the second entry from the right is the client', async () => {
    ({ app } = await makeApp({ ...SMALL, TRUST_PROXY: '2', LOGIN_RATE_PER_IP: '3' }));
    for (let i = 0; i < 3; i++) expect((await signInAs(app, `198.51.100.${i}, 203.0.113.7, 10.0.0.1`, 'wrong')).code).toBe(400);
    expect((await signInAs(app, '198.51.100.99, 203.0.113.7, 10.0.0.2', 'admin123')).code).toBe(429);
    expect((await signInAs(app, '203.0.113.8, 10.0.0.1', 'admin123')).code).toBe(200);
  });

  test('the audit trail keeps the address nginx saw, never the client-written one or a value that is not an IP', async () => {
    ({ app } = await makeApp({ ...SMALL, TRUST_PROXY: 'true' }));
    const signed = await signInAs(app, '203.0.113.7', 'admin123');
    const token = signed.data.tokenHead + signed.data.token;
    const g = (await inject(app, 'POST', '/v1/goods/list', '203.0.113.7', { token, body: { pageNum: 1, pageSize: 1 } })).json().data.list[0];
    const update = (forwardedFor: string, n: number) => inject(app!, 'POST', '/v1/goods/update', forwardedFor, { token, body: { id: g.id, goodsName: `${g.goodsName}${n}` } });
    expect((await update('198.51.100.1, 203.0.113.7', 1)).json().code).toBe(200);
    // Not an IP where the proxy's entry should be: the nearest address that is one (the peer's).
    for (const [n, junk] of ['<script>alert(1)</script>', '203.0.113.7:4711', 'fe80::1%<b>', '[::1]', 'unknown'].entries()) {
      expect((await update(junk, n + 2)).json().code).toBe(200);
    }
    const list = (await inject(app, 'POST', '/console/auditLog/list', '203.0.113.7', { token, body: { pageNum: 1, pageSize: 50 } })).json().data.list as { ip: string; operation: string }[];
    const ips = list.filter((e) => e.operation === 'goods.update').map((e) => e.ip);
    expect(ips).toEqual([NGINX, NGINX, NGINX, NGINX, NGINX, '203.0.113.7']);
  });
});
