/**
 * `npm run bench:export [-- --rows=N] [-- --seconds=S] [-- --connections=C]`
 *
 * The export centre's figures (docs/performance.md "Export jobs"), each beside a peer in the same run:
 * - an export job of N order rows (default 1,000,000) in a console from the sources, mock mode, its
 *   orders a fixture of N rows (FIXTURES_DIR: the seeded orders repeated with new ids and numbers),
 *   beside a bare script paging the same endpoint over HTTP and writing the same cells with the same
 *   writer (scripts/lib/bench-export-peer.ts): rows per second and peak RSS growth of each process;
 * - the console's `/v1/order/list` p99 (a page of 20, C connections for S seconds) while a job
 *   runs vs without one.
 * Before the measured runs the peer reads every order once (the mock keeps each answered row's
 * bytes: that growth is the mock's, not the job's). Traffic goes to 127.0.0.1 only; every child is stopped at the end. Nothing is asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './lib/free-port.js';
import { PROJECT_ROOT } from './lib/web-bundle.js';

const argv = process.argv.slice(2);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(opt('rows') ?? 1_000_000);
const SECONDS = Number(opt('seconds') ?? 10);
const CONNECTIONS = Number(opt('connections') ?? 10);
const COLUMNS = [
  { field: 'orderNo', header: '订单号' },
  { field: 'memberNickName', header: '买家' },
  { field: 'itemCount', header: '件数' },
  { field: 'payAmount', header: '实付金额' },
  { field: 'payType', header: '支付方式' },
  { field: 'status', header: '状态' },
  { field: 'riskLevel', header: '风险' },
  { field: 'createTime', header: '下单时间' },
  { field: 'payTime', header: '支付时间' },
];
const LIST_BODY = JSON.stringify({ pageNum: 1, pageSize: 20, status: 3 });

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

function request(port: number, p: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method: opts.method ?? 'GET', headers: { 'content-type': 'application/json', ...opts.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const post = async (port: number, p: string, body: unknown, authorization?: string) => JSON.parse((await request(port, p, { method: 'POST', body: JSON.stringify(body), headers: authorization ? { authorization } : {} })).body.toString());

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
}

/** A console from the sources (mock mode, fixed captcha), answering /healthz. */
async function startConsole(env: Record<string, string>): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', '--max-old-space-size=6144', '--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MOCK_CAPTCHA_CODE: 'BENCH', LOG_LEVEL: 'warn', AUDIT_DB: ':memory:', SHED_EVENT_LOOP_DELAY_MS: '0', MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const until = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`console exited with code ${child.exitCode}`);
    try {
      if ((await request(port, '/healthz')).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error('console did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      children.delete(child);
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { port, child, stop };
}

async function signIn(port: number): Promise<string> {
  const cap = JSON.parse((await request(port, '/v1/captcha/token')).body.toString()).data.captchaToken;
  const res = await post(port, '/v1/admin/login', { username: 'admin', password: 'admin123', captchaToken: cap, captchaCode: 'BENCH' });
  if (res.code !== 200) throw new Error(`bench sign-in failed: ${res.message}`);
  return res.data.tokenHead + res.data.token;
}

/** Writes FIXTURES_DIR/order.json: the seeded orders repeated to `rows` records with new ids and order numbers. */
async function orderFixture(dir: string, rows: number): Promise<void> {
  const seed = await startConsole({});
  const token = await signIn(seed.port);
  const base: Record<string, unknown>[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await post(seed.port, '/v1/order/list', { pageNum, pageSize: 1000 }, token);
    base.push(...r.data.list);
    if (base.length >= r.data.total || !r.data.list.length) break;
  }
  await seed.stop();
  const out = fs.createWriteStream(path.join(dir, 'order.json'));
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('[');
  for (let i = 0; i < rows; i++) {
    const row = { ...base[i % base.length], id: i + 1, orderNo: `B${String(i + 1).padStart(12, '0')}` };
    await write((i ? ',' : '') + JSON.stringify(row));
  }
  await write(']');
  await new Promise<void>((r) => out.end(() => r()));
}

interface JobRun {
  rows: number;
  ms: number;
  peakRssGrowthMb: number;
  status: string;
}

/** Starts an export job of every order and waits for its end, sampling the console's RSS. */
async function runJob(port: number, pid: number, token: string): Promise<JobRun> {
  const base = rssMb(pid);
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const t0 = performance.now();
  const added = await post(port, '/console/exportJob/add', { path: '/order/index', entity: 'order', title: '订单管理', body: {}, columns: COLUMNS }, token);
  if (added.code !== 200) throw new Error(`export job refused: ${added.message}`);
  let info = added.data;
  while (info.status === 'queued' || info.status === 'running') {
    // As the jobs screen reads a running job: once a second or so.
    await new Promise((r) => setTimeout(r, 1000));
    info = (await post(port, '/console/exportJob/info', { id: added.data.id }, token)).data;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { rows: info.rows, ms, peakRssGrowthMb: Math.max(peak, rssMb(pid)) - base, status: info.status };
}

function runPeer(port: number, token: string, file: string): Promise<{ rows: number; ms: number; peakRssGrowthMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', 'scripts/lib/bench-export-peer.ts', String(port), token, file, '1000', '{}', JSON.stringify(COLUMNS)], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' } });
    children.add(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      children.delete(child);
      if (code !== 0) return reject(new Error(`peer exited with code ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

async function listLoad(port: number, token: string, seconds: number) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}/v1/order/list`, method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: LIST_BODY, connections: CONNECTIONS, duration: seconds, timeout: 10 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  try {
    const t0 = performance.now();
    await orderFixture(work, ROWS);
    console.log(`fixture: ${ROWS.toLocaleString('en-US')} orders (${(fs.statSync(path.join(work, 'order.json')).size / 1024 / 1024).toFixed(0)} MB JSON) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const exportsDir = path.join(work, 'exports');
    const c = await startConsole({ FIXTURES_DIR: work, EXPORT_DIR: exportsDir, EXPORT_MAX_ROWS: String(ROWS), EXPORT_QUOTA_MB: '100000', CACHE_DIR: 'off' });
    const pid = c.child.pid!;
    const token = await signIn(c.port);
    const total = (await post(c.port, '/v1/order/list', { pageNum: 1, pageSize: 1 }, token)).data.total;
    console.log(`console: ${total.toLocaleString('en-US')} orders, RSS ${rssMb(pid).toFixed(0)} MB after boot`);
    // Warm: the list's indexes, and every order read once (the mock keeps each answered row's
    // bytes), so the job's RSS growth is the job's, not the mock's first reading.
    await listLoad(c.port, token, 2);
    await runPeer(c.port, token, path.join(work, 'warm.xlsx'));

    const alone = await runJob(c.port, pid, token);
    const peer = await runPeer(c.port, token, path.join(work, 'peer.xlsx'));
    const without = await listLoad(c.port, token, SECONDS);
    // The list under load while a job runs: the load starts with the job.
    const jobDuring = runJob(c.port, pid, token);
    await new Promise((r) => setTimeout(r, 500));
    const during = await listLoad(c.port, token, SECONDS);
    const loaded = await jobDuring;
    const jobFile = fs.readdirSync(exportsDir).find((f) => f.endsWith('.xlsx'));
    const jobBytes = jobFile ? fs.statSync(path.join(exportsDir, jobFile)).size : 0;
    await c.stop();

    const rps = (r: { rows: number; ms: number }) => r.rows / (r.ms / 1000);
    const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
    console.log('');
    console.log(`| what | export job (console) | peer (bare script) | ratio |`);
    console.log(`| --- | --- | --- | --- |`);
    console.log(`| ${n0(alone.rows)} order rows, ${COLUMNS.length} columns | ${n0(rps(alone))} rows/s (${(alone.ms / 1000).toFixed(1)} s, ${alone.status}) | ${n0(rps(peer))} rows/s (${(peer.ms / 1000).toFixed(1)} s) | ${(rps(alone) / rps(peer)).toFixed(2)}× |`);
    console.log(`| peak RSS growth | ${alone.peakRssGrowthMb.toFixed(0)} MB | ${peer.peakRssGrowthMb.toFixed(0)} MB | |`);
    console.log(`| workbook | ${(jobBytes / 1024 / 1024).toFixed(1)} MB | ${(fs.statSync(path.join(work, 'peer.xlsx')).size / 1024 / 1024).toFixed(1)} MB | |`);
    console.log(`| order/list p99, ${CONNECTIONS} connections, ${SECONDS} s | during a job: ${during.p99} ms (p50 ${during.p50} ms, ${n0(during.rps)} req/s${during.errors ? `, ${during.errors} errors` : ''}) | without: ${without.p99} ms (p50 ${without.p50} ms, ${n0(without.rps)} req/s${without.errors ? `, ${without.errors} errors` : ''}) | ${(during.p99 / Math.max(without.p99, 1)).toFixed(2)}× |`);
    console.log(`| job under that load | ${n0(rps(loaded))} rows/s (${(loaded.ms / 1000).toFixed(1)} s, ${loaded.status}), peak RSS growth ${loaded.peakRssGrowthMb.toFixed(0)} MB | | |`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
