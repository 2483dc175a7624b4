/**
 * `npm run bench`: prints speed and memory figures of the server (never asserted by tests).
 * - boot: time to build the mock-mode app and have it ready, and its heap;
 * - in-process throughput of the session endpoints and of the SPA shell via `inject`;
 * - real HTTP on loopback: sequential and 16-way concurrent requests per second.
 * Bounded in count and time; sends traffic to 127.0.0.1 only.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const N = Number(process.env.BENCH_N ?? 3000);

function fmt(n: number, d = 1) {
  return n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
}

async function main() {
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const config = loadConfig([], { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'BENCH', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config);
  await app.ready();
  const bootMs = performance.now() - t0;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1048576;
  console.log(`boot (mock mode, seed ${config.seed}): ${fmt(bootMs)} ms, heap +${fmt(heapMb)} MB, rss ${fmt(process.memoryUsage().rss / 1048576)} MB`);

  const cap = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
  const login = (
    await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: cap, captchaCode: 'BENCH' } })
  ).json().data;
  const authorization = login.tokenHead + login.token;

  const cases: [string, () => Promise<unknown>][] = [
    ['POST /v1/admin/adminInfo', () => app.inject({ method: 'POST', url: '/v1/admin/adminInfo', headers: { authorization } })],
    ['POST /v1/admin/adminMenus', () => app.inject({ method: 'POST', url: '/v1/admin/adminMenus', headers: { authorization } })],
    ['POST /v1/admin/summary', () => app.inject({ method: 'POST', url: '/v1/admin/summary', headers: { authorization } })],
    ['GET /v1/captcha/token (renders a captcha)', () => app.inject({ url: '/v1/captcha/token' })],
    ['GET /order/index (SPA shell, br)', () => app.inject({ url: '/order/index', headers: { 'accept-encoding': 'br' } })],
  ];
  console.log(`\nin-process (inject), ${N} requests each:`);
  for (const [name, fn] of cases) {
    for (let i = 0; i < 50; i++) await fn();
    const s = performance.now();
    for (let i = 0; i < N; i++) await fn();
    const ms = performance.now() - s;
    console.log(`  ${name.padEnd(44)} ${fmt((N / ms) * 1000, 0).padStart(8)} req/s  ${fmt((ms / N) * 1000, 0).padStart(6)} µs/req`);
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1/admin/adminInfo`;
  const one = () => fetch(url, { method: 'POST', headers: { authorization } }).then((r) => r.arrayBuffer());
  console.log(`\nloopback HTTP (${url.replace(/:\d+/, ':PORT')}), ${N} requests:`);
  for (const concurrency of [1, 16]) {
    let next = 0;
    const s = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < N) await one();
      }),
    );
    const ms = performance.now() - s;
    console.log(`  concurrency ${String(concurrency).padStart(2)}: ${fmt((N / ms) * 1000, 0).padStart(8)} req/s`);
  }
  global.gc?.();
  const m = process.memoryUsage();
  // RSS keeps what V8 once took; heapUsed after a full GC says whether anything is retained.
  console.log(`\nafter run: rss ${fmt(m.rss / 1048576)} MB, heap used ${fmt(m.heapUsed / 1048576)} MB${global.gc ? ' (after a full GC)' : ''}`);
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
