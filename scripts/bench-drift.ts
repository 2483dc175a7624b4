/**
 * `node --import tsx scripts/bench-drift.ts [--n=20000]`
 *
 * Micro-bench of the contract-drift monitor (server/platform/drift.ts): the cost per
 * exchange of `observe()` (what the proxy's hot path pays: a queue push) and of the deferred check
 * (JSON parse + compiled TypeBox check, plus the drift bookkeeping when the answer differs), on
 * real list answers of the mock (member/list and order/list, 10 and 100 rows; the same bytes the
 * platform would send). Prints µs per exchange and the implied exchanges per second of one core.
 * In-process and single-threaded; nothing is asserted. The proxy throughput ratio with validation
 * on and off is `npm run bench` once the monitor is wired into the proxy.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDriftMonitor } from '../server/platform/drift.js';
import type { Exchange } from '../server/platform/exchange.js';

const N = Number(process.argv.find((a) => a.startsWith('--n='))?.split('=')[1] ?? 20_000);

function exchange(path: string, body: Buffer): Exchange {
  return {
    method: 'POST', path, query: '', routeKey: `POST ${path}`, requestHeaders: {},
    request: { body: null, contentType: 'application/json', length: 0, truncated: false, binary: false },
    status: 200, answerHeaders: {}, answer: { body, contentType: 'application/json', length: body.length, truncated: false, binary: false },
    servedBy: 'platform', at: Date.now(),
  };
}

function time(label: string, n: number, fn: () => void): number {
  for (let i = 0; i < Math.min(2000, n); i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  const us = ((performance.now() - t0) * 1000) / n;
  console.log(`${label.padEnd(58)} ${us.toFixed(2).padStart(8)} µs   ${Math.round(1e6 / us).toLocaleString('en').padStart(10)} /s`);
  return us;
}

async function main() {
  const config = loadConfig([], { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'BENCH', MESSAGES: 'raw', SHED_EVENT_LOOP_DELAY_MS: '0' });
  const app = await buildApp(config);
  await app.ready();
  const captcha = (await app.inject({ method: 'GET', url: '/v1/captcha/token' })).json().data.captchaToken;
  const login = (await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: captcha, captchaCode: 'BENCH' } })).json().data;
  const token = login.tokenHead + login.token;
  const answer = async (path: string, pageSize: number) => Buffer.from((await app.inject({ method: 'POST', url: path, headers: { authorization: token }, payload: { pageNum: 1, pageSize } })).body);

  console.log(`contract-drift monitor, ${N} exchanges per row (node ${process.version})\n`);
  const m = createDriftMonitor();
  for (const [path, size] of [['/v1/member/list', 10], ['/v1/member/list', 100], ['/v1/goods/list', 10]] as const) {
    const body = await answer(path, size);
    const ex = exchange(path, body);
    const kb = (body.length / 1024).toFixed(1);
    if (!body.toString('utf8', 0, 20).startsWith('{"code":200')) throw new Error(`${path}: not a success answer: ${body.toString('utf8', 0, 200)}`);
    time(`${path} ${size} rows (${kb} KB): parse only`, N, () => JSON.parse(body.toString('utf8')));
    time(`${path} ${size} rows (${kb} KB): observe + check, matching`, N, () => m.checkNow(ex));
    // Every row's status out of the contract: the finding is counted on an existing entry.
    const drifted = Buffer.from(body.toString('utf8').replace(/"status":(\d+)/g, '"status":77'));
    const dx = exchange(path, drifted);
    time(`${path} ${size} rows (${kb} KB): observe + check, drifted`, Math.round(N / 4), () => m.checkNow(dx));
  }
  const q = createDriftMonitor({ maxPending: Number.MAX_SAFE_INTEGER, maxChecksPerSecond: Number.MAX_SAFE_INTEGER });
  const ex = exchange('/v1/member/list', await answer('/v1/member/list', 10));
  time('observe() alone (the hot path: a queue push)', N, () => q.observe(ex));
  await q.flush();
  // As the proxy runs it: one busy endpoint, 20 answers a second checked, the rest sampled out.
  const busy = createDriftMonitor();
  const bx = exchange('/v1/member/list', await answer('/v1/member/list', 10));
  const t0 = performance.now();
  for (let i = 0; i < N; i++) busy.observe({ ...bx, at: t0 + i / 10 });
  await busy.flush();
  const us = ((performance.now() - t0) * 1000) / N;
  console.log(`${'observe + deferred check, default sampling (10,000 req/s)'.padEnd(58)} ${us.toFixed(2).padStart(8)} µs   (${busy.stats().checked} of ${N} checked)`);
  console.log(`\nkept drift entries: ${m.list().length}; queued then checked: ${q.stats().checked}`);
  await app.close();
}

void main();
