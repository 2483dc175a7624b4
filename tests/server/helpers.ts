import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';

/**
 * The mock data's reference instant in server tests: pinned, so a test's figures and dates are the
 * same on any day (the running console anchors its data to its start instead).
 */
export const PINNED_SEED_DATE = '2026-11-01T08:00:00Z';

/** A test clock: `now()` returns `t`, `advance(ms)` moves it. */
export function testClock(start = Date.UTC(2026, 10, 21, 8, 0, 0)) {
  const c = { t: start, now: () => c.t, advance: (ms: number) => void (c.t += ms) };
  return c;
}

/** Collects log lines written by the app. */
export function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

/**
 * Builds the real app in-process for a test (mock mode, MOCK_CAPTCHA_CODE unset unless given),
 * and closes it when the test ends.
 */
export async function makeApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<{ app: FastifyInstance; config: Config }> {
  // Raw messages (`<field key>: <English>`) unless a test asks for MESSAGES=localized: most tests
  // assert which field a refusal names; tests/server/messages.test.ts covers the localized answers.
  // No load shedding unless a test asks for it (hardening.test.ts): on a busy machine a worker's
  // stalled event loop shed an unrelated test's request with a 503 (auth's basic data).
  // The four eyes' amounts and counts out of reach unless a test asks (approvals.test.ts): a large
  // random refund of another test's is that test's rule, not a wait for a second person.
  const config = loadConfig([], { LOG_LEVEL: 'silent', MESSAGES: 'raw', AUDIT_DB: ':memory:', SHED_EVENT_LOOP_DELAY_MS: '0', SEED_DATE: PINNED_SEED_DATE, ...APPROVALS_OUT_OF_REACH, ...env });
  const app = await buildApp(config, deps);
  await app.ready();
  return { app, config };
}

/** Four-eyes thresholds no seeded amount or batch reaches (privileged role grants still wait, server/contract/approvals.ts). */
export const APPROVALS_OUT_OF_REACH = { APPROVAL_REFUND_CENTS: '100000000000', APPROVAL_WALLET_CENTS: '100000000000', APPROVAL_REVEAL_COUNT: '100000', APPROVAL_VOID_COUNT: '100000' };

/** Calls an API endpoint and returns the parsed envelope and HTTP status. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, opts: { body?: unknown; token?: string } = {}) {
  const res = await app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.token ? { authorization: opts.token } : {},
  });
  let json: any = null;
  try {
    json = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, json, res };
}

/** Signs in through the captcha flow (reading the code from the store via MOCK_CAPTCHA_CODE) and returns the Authorization value. */
export async function signIn(app: FastifyInstance, username = 'admin', password = 'admin123', code = 'TEST'): Promise<string> {
  const t = await call(app, 'GET', '/v1/captcha/token');
  const r = await call(app, 'POST', '/v1/admin/login', { body: { username, password, captchaToken: t.json.data.captchaToken, captchaCode: code } });
  if (r.json?.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(r.json)}`);
  return r.json.data.tokenHead + r.json.data.token;
}
