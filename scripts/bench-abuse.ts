/**
 * `npm run bench:abuse`: how the server holds up under the abuse the hardening is for,
 * over real loopback HTTP against a server in its own process (so the load generator does not share
 * its event loop). Prints, never asserts:
 * - `/healthz` p50/p99 at rest, while an import of a limit-sized sheet (50,000 rows) runs, and while
 *   200 sign-in attempts arrive (with the default limits, and with the limits raised so every
 *   attempt is hashed);
 * - the mean sign-in time of a known and of an unknown account (they should match);
 * - the server's resident memory before, at its peak and after each scenario.
 * Sends traffic to 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { AWARD_COLUMNS } from '../server/contract/feedback.js';
import { MAX_IMPORT_ROWS, writeRows } from '../server/mock/store/sheet.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

interface Server {
  base: string;
  child: ChildProcess;
  rssMb: () => number;
  stop: () => Promise<void>;
}

/** Starts `server/main.ts` in its own Node process and waits for /healthz. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), MOCK_CAPTCHA_CODE: 'BENCH', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const rssMb = () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const stop = () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM')));
  return { base, child, rssMb, stop };
}

/** Samples the server's RSS every 50 ms while `during` runs; answers before, peak and after. */
async function memoryAround<T>(server: Server, during: () => Promise<T>): Promise<{ result: T; before: number; peak: number; after: number }> {
  const before = server.rssMb();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  try {
    const result = await during();
    peak = Math.max(peak, server.rssMb());
    return { result, before, peak, after: server.rssMb() };
  } finally {
    clearInterval(timer);
  }
}

/** Runs autocannon against /healthz until `work` ends; answers its latency figures and the work's result. */
async function healthzDuring<T>(base: string, work: () => Promise<T>): Promise<{ p50: number; p99: number; max: number; requests: number; result: T }> {
  let stop!: () => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon({ url: `${base}/healthz`, connections: 4, duration: 300 }, (err, res) => (err ? reject(err) : resolve(res)));
    stop = () => inst.stop();
  });
  const result = await work();
  stop();
  const r = await done;
  return { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, requests: r.requests.total, result };
}

async function signIn(base: string, username: string, password: string): Promise<{ code: number; token?: string }> {
  const t = await (await fetch(`${base}/v1/captcha/token`)).json();
  const res = await fetch(`${base}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captchaToken: t.data?.captchaToken ?? 'none', captchaCode: 'BENCH' }),
  });
  const json = await res.json();
  return { code: json.code, token: json.data?.token ? json.data.tokenHead + json.data.token : undefined };
}

/** `n` sign-in attempts, `parallel` at a time, with wrong passwords for `username`. */
async function flood(base: string, n: number, parallel: number, username: (i: number) => string): Promise<Record<number, number>> {
  const codes: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        const { code } = await signIn(base, username(i), `wrong-${i}`);
        codes[code] = (codes[code] ?? 0) + 1;
      }
    }),
  );
  return codes;
}

function line(label: string, h: { p50: number; p99: number; max: number; requests: number }, m: { before: number; peak: number; after: number }, extra = '') {
  console.log(
    `${label.padEnd(44)} /healthz p50 ${fmt(h.p50, 0).padStart(4)} ms  p99 ${fmt(h.p99, 0).padStart(5)} ms  max ${fmt(h.max, 0).padStart(5)} ms  (${h.requests} req)` +
      `  rss ${fmt(m.before, 0)} → peak ${fmt(m.peak, 0)} → ${fmt(m.after, 0)} MB${extra ? `  ${extra}` : ''}`,
  );
}

async function main() {
  const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => ({
    activityName: '双十一活动',
    memberId: (i % 1000) + 1,
    nickName: `会员${i}`,
    phone: `138${String(i).padStart(8, '0')}`,
    awardName: '一等奖礼品',
    awardLevel: (i % 10) + 1,
    remark: i % 2 ? '备注' : '',
  }));
  const sheet = await writeRows('获奖名单', AWARD_COLUMNS.map((c) => ({ ...c })), rows);
  console.log(`limit-sized sheet: ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, ${fmt(sheet.length / 1048576, 2)} MB .xlsx`);

  const server = await startServer({});
  try {
    const token = (await signIn(server.base, 'admin', 'admin123')).token!;
    const rest = await memoryAround(server, () => healthzDuring(server.base, () => new Promise((r) => setTimeout(r, 3000))));
    line('at rest (3 s)', rest.result, rest);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(sheet)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'winners.xlsx');
    const imp = await memoryAround(server, () =>
      healthzDuring(server.base, async () => {
        const t = performance.now();
        const res = await fetch(`${server.base}/api/v1/feedbackAward/importAwardExcel`, { method: 'POST', headers: { authorization: token }, body: form });
        const json = await res.json();
        return { ms: performance.now() - t, code: json.code, message: String(json.message).slice(0, 80), count: json.data?.count };
      }),
    );
    line('during a 50,000-row import', imp.result, imp, `import ${fmt(imp.result.result.ms, 0)} ms, code ${imp.result.result.code}${imp.result.result.count ? `, ${imp.result.result.count} rows` : `: ${imp.result.result.message}`}`);

    const fl = await memoryAround(server, () => healthzDuring(server.base, () => flood(server.base, 200, 20, (i) => (i % 2 ? 'admin' : `ghost${i % 7}`))));
    line('during 200 sign-ins (default limits)', fl.result, fl, `answers ${JSON.stringify(fl.result.result)}`);
  } finally {
    await server.stop();
  }

  // The same flood with the limits raised: every attempt is hashed, so this shows the hashing alone.
  const open = await startServer({ LOGIN_RATE_PER_IP: '100000', LOGIN_FAILURES_PER_ACCOUNT: '100000' });
  try {
    const fl = await memoryAround(open, () => healthzDuring(open.base, () => flood(open.base, 200, 20, (i) => (i % 2 ? 'admin' : `ghost${i}`))));
    line('during 200 sign-ins (limits raised)', fl.result, fl, `answers ${JSON.stringify(fl.result.result)}`);
    const timeOf = async (username: string) => {
      const t = performance.now();
      for (let i = 0; i < 20; i++) await signIn(open.base, username, 'wrong-password');
      return (performance.now() - t) / 20;
    };
    const known = await timeOf('admin');
    const unknown = await timeOf('no-such-account');
    console.log(`sign-in round trip (token + login), mean of 20: known account ${fmt(known)} ms, unknown account ${fmt(unknown)} ms`);
  } finally {
    await open.stop();
  }
}

await main();
