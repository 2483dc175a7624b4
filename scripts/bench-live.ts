/**
 * `npm run bench:live [-- --streams=1000] [-- --writes=200] [-- --seconds=5] [-- --no-replicas]`:
 * the live events' figures, each beside its peer or goal, on consoles started from source in
 * child processes (mock mode, audit trail in memory):
 *
 * - write → event: an administrator's write on one console, the moment another user's open stream
 *   receives its event (p50, p95, max over `--writes`), on one replica; and across two replicas
 *   sharing a PostgreSQL database (LISTEN/NOTIFY; a throwaway cluster from Debian's `postgresql`
 *   binaries under the OS temp dir, left out when they are missing or with `--no-replicas`): the
 *   write through replica A, the stream on replica B. Goals: p95 ≤ 250 ms and ≤ 1 s.
 * - fan-out: `--streams` open streams on one console: RSS growth from opening them, the console's
 *   CPU time per fanned-out event (per write, and per event delivered), beside a bare `node:http`
 *   server holding as many `text/event-stream` answers and writing the same event text to each.
 *   Goal: RSS growth ≤ 100 MB.
 * - lists with the streams connected: `/v1/order/list` throughput (autocannon, 20 connections),
 *   with the streams open and after they are closed, alternating. Goal ≥ 0.9×.
 *
 * Nothing is asserted; figures print as they come.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './lib/free-port.js';
import { PROJECT_ROOT } from './lib/web-bundle.js';

const argv = process.argv.slice(2);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const STREAMS = Number(opt('streams') ?? 1000);
const WRITES = Number(opt('writes') ?? 200);
const SECONDS = Number(opt('seconds') ?? 5);
const REPLICAS = !argv.includes('--no-replicas');

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

interface Proc {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

function post(port: number, p: string, body: unknown, token?: string): Promise<{ code?: number; data?: any; message?: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...(token ? { authorization: token } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function startNode(args: string[], env: Record<string, string>, ready: (port: number) => Promise<boolean>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}): ${args.join(' ')}`);
    if (await ready(port).catch(() => false)) break;
    if (Date.now() > until) throw new Error('process did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        children.delete(child);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A console from source (tsx), mock mode, its own audit trail in memory unless `env` says. */
function startConsole(env: Record<string, string> = {}): Promise<Proc> {
  return startNode(['--max-semi-space-size=4', '--import', 'tsx', 'server/main.ts'], { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', LOG_LEVEL: 'warn', AUDIT_DB: ':memory:', MOCK_CAPTCHA_CODE: 'BENCH', WATCH_INTERVAL_SECONDS: '0', MAX_CONNECTIONS: String(STREAMS + 500), ...env }, (port) =>
    new Promise((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    }),
  );
}

async function signIn(port: number, username: string, password: string): Promise<string> {
  const cap = await new Promise<string>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/v1/captcha/token' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()).data.captchaToken));
    }).on('error', reject);
  });
  const r = await post(port, '/v1/admin/login', { username, password, captchaToken: cap, captchaCode: 'BENCH' });
  if (r.code !== 200) throw new Error(`sign-in failed: ${r.message}`);
  return `${r.data.tokenHead}${r.data.token}`;
}

/** One open event stream: counts `change` events and calls `onChange` with each one's data. */
interface Stream {
  ready: Promise<void>;
  changes: number;
  onChange: ((data: string) => void) | null;
  close(): void;
}

function openStream(port: number, p: string, token?: string): Stream {
  let readyResolve!: () => void;
  const s: Stream = { ready: new Promise((r) => (readyResolve = r)), changes: 0, onChange: null, close: () => req.destroy() };
  const req = http.get({ host: '127.0.0.1', port, path: p, headers: token ? { authorization: token } : {}, agent: false }, (res) => {
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buf += chunk;
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        if (/^event: (ready|resync)$/m.test(block)) readyResolve();
        if (/^event: change$/m.test(block)) {
          s.changes++;
          s.onChange?.(/^data: (.*)$/m.exec(block)?.[1] ?? '');
        }
      }
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  return s;
}

/** CPU ms (user + system) of a process so far (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}
function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
}
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Write → event latency: `writes` updates through `writePort` as `writer`, each timed until `stream` hears it. */
async function latency(writePort: number, writer: string, stream: Stream): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const id = 1 + (i % 5);
    const name = `bench ${i}`;
    const heard = new Promise<number>((resolve) => {
      stream.onChange = (data) => {
        if (data.includes('"entity":"feedbackType"') && data.includes(`"recordId":${id},`)) resolve(performance.now());
      };
    });
    const t0 = performance.now();
    const r = await post(writePort, '/v1/feedbackType/update', { id, typeName: name }, writer);
    if (r.code !== 200) throw new Error(`write refused: ${r.message}`);
    out.push((await within(heard, 30_000, `the event of write ${i} never came`)) - t0);
  }
  stream.onChange = null;
  return out;
}

function report(what: string, xs: number[], goal: string) {
  console.log(`  ${what}: p50 ${ms(pct(xs, 0.5))}, p95 ${ms(pct(xs, 0.95))}, max ${ms(Math.max(...xs))} over ${xs.length} writes  (goal ${goal})`);
}

/** The peer of the fan-out: a bare node:http server holding event streams and writing each published event to all. */
const SSE_PEER = `
const http = require('node:http');
const streams = new Set();
http.createServer((req, res) => {
  if (req.url.startsWith('/events')) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write('retry: 3000\\nevent: ready\\ndata: {"head":0}\\n\\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  if (req.url === '/publish') {
    let n = 0;
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const e = JSON.parse(Buffer.concat(chunks).toString());
      const text = 'id: ' + e.id + '\\nevent: change\\ndata: ' + JSON.stringify(e) + '\\n\\n';
      for (const s of streams) { s.write(text); n++; }
      res.end(JSON.stringify({ code: 200, data: n }));
    });
    return;
  }
  res.end('ok');
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** `p`, or an error saying `what` after `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms)))]).finally(() => clearTimeout(timer));
}

/** Opens `n` streams, writes `writes` events through `publish`, and measures RSS growth and CPU per event of `pid`. */
async function fanOut(pid: number, open: () => Stream, publish: (i: number) => Promise<void>, n: number, writes: number) {
  await new Promise((r) => setTimeout(r, 1000));
  const rss0 = rssMb(pid);
  const streams: Stream[] = [];
  for (let i = 0; i < n; i++) {
    streams.push(open());
    if (i % 100 === 99) await within(Promise.all(streams.slice(-100).map((s) => s.ready)), 60_000, `streams ${i - 98}–${i + 1} did not open`);
  }
  await within(Promise.all(streams.map((s) => s.ready)), 60_000, `${n} streams did not all open`);
  await new Promise((r) => setTimeout(r, 1000));
  const rss1 = rssMb(pid);
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < writes; i++) await publish(i);
  const until = Date.now() + 120_000;
  while (streams.some((s) => s.changes < writes) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  const cpu = cpuMs(pid) - cpu0;
  const delivered = streams.reduce((a, s) => a + Math.min(s.changes, writes), 0);
  return { streams, rssGrowth: rss1 - rss0, cpuPerWrite: cpu / writes, cpuPerDeliveredUs: (cpu * 1000) / Math.max(1, delivered), delivered };
}

async function listLoad(port: number, token: string): Promise<number> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/v1/order/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ pageNum: 1, pageSize: 20 }),
    connections: 20,
    duration: SECONDS,
  });
  return r.requests.average;
}

/** A throwaway PostgreSQL cluster (Debian's binaries), or null when they are missing. */
async function startPostgres(): Promise<{ url: string; stop(): void } | null> {
  const bin = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-pg-'));
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asUser.length) spawnSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(asUser[0] ?? cmd, asUser.length ? [...asUser.slice(1), cmd, ...args] : args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  };
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'bench']);
  run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://bench@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

console.log(`bench:live — ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// One replica: latency, fan-out, lists.
{
  const c = await startConsole();
  const admin = await signIn(c.port, 'admin', 'admin123');
  const operator = await signIn(c.port, 'operator', 'operator123');
  const s = openStream(c.port, '/console/events', operator);
  await s.ready;
  await latency(c.port, admin, s); // warm-up
  console.log('\n== write → event, one replica ==');
  report('admin writes, the operator’s stream hears', await latency(c.port, admin, s), 'p95 ≤ 250 ms');
  s.close();

  console.log(`\n== fan-out to ${STREAMS} streams ==`);
  let n = 0;
  const ours = await fanOut(c.pid, () => openStream(c.port, '/console/events', operator), async (i) => {
    const r = await post(c.port, '/v1/feedbackType/update', { id: 1 + (i % 5), typeName: `fan ${i} ${n++}` }, admin);
    if (r.code !== 200) throw new Error(r.message);
  }, STREAMS, 50);
  const peer = await startNode(['-e', SSE_PEER], {}, (port) => new Promise((resolve) => http.get({ host: '127.0.0.1', port, path: '/' }, (res) => (res.resume(), resolve(true))).on('error', () => resolve(false))));
  const bare = await fanOut(peer.pid, () => openStream(peer.port, '/events'), async (i) => {
    await post(peer.port, '/publish', { id: i + 1, entity: 'feedbackType', recordId: 1 + (i % 5), op: 'update', by: { userId: 1, username: 'admin' }, fields: ['typeName'], at: Date.now() });
  }, STREAMS, 50);
  console.log(`  RSS growth from opening them: ours ${ours.rssGrowth.toFixed(1)} MB, bare node:http SSE ${bare.rssGrowth.toFixed(1)} MB  (goal ≤ 100 MB)`);
  console.log(`  CPU per write fanned out: ours ${ms(ours.cpuPerWrite)} (${ours.cpuPerDeliveredUs.toFixed(1)} µs per event delivered, ${ours.delivered} delivered), bare ${ms(bare.cpuPerWrite)} (${bare.cpuPerDeliveredUs.toFixed(1)} µs, ${bare.delivered}); ratio ${(ours.cpuPerWrite / Math.max(0.001, bare.cpuPerWrite)).toFixed(2)}×`);
  for (const x of bare.streams) x.close();
  await peer.stop();

  console.log('\n== order list with the streams connected ==');
  const withS: number[] = [];
  const withoutS: number[] = [];
  withS.push(await listLoad(c.port, admin));
  for (const x of ours.streams) x.close();
  await new Promise((r) => setTimeout(r, 1000));
  withoutS.push(await listLoad(c.port, admin));
  const again = await fanOut(c.pid, () => openStream(c.port, '/console/events', operator), async () => undefined, STREAMS, 0);
  withS.push(await listLoad(c.port, admin));
  for (const x of again.streams) x.close();
  await new Promise((r) => setTimeout(r, 1000));
  withoutS.push(await listLoad(c.port, admin));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`  with ${STREAMS} streams ${avg(withS).toFixed(0)} req/s (${withS.map((x) => x.toFixed(0)).join(', ')}), without ${avg(withoutS).toFixed(0)} req/s (${withoutS.map((x) => x.toFixed(0)).join(', ')}): ${(avg(withS) / avg(withoutS)).toFixed(2)}×  (goal ≥ 0.9×; 2 alternating rounds of ${SECONDS} s)`);
  await c.stop();
}

// Two replicas on one PostgreSQL.
if (REPLICAS) {
  const pg = await startPostgres().catch((e: Error) => {
    console.log(`\n(two replicas left out: ${e.message})`);
    return null;
  });
  if (!pg) console.log('\n(two replicas left out: no PostgreSQL binaries)');
  else {
    try {
      const env = { CONSOLE_DATABASE_URL: pg.url, AUDIT_KEY: 'bench-live-audit-key-0123456789abcdef' };
      const a = await startConsole(env);
      const b = await startConsole(env);
      const admin = await signIn(a.port, 'admin', 'admin123');
      const operator = await signIn(b.port, 'operator', 'operator123');
      const s = openStream(b.port, '/console/events', operator);
      await s.ready;
      await latency(a.port, admin, s);
      console.log('\n== write → event, across two replicas (PostgreSQL LISTEN/NOTIFY) ==');
      report('written through replica A, heard on replica B', await latency(a.port, admin, s), 'p95 ≤ 1 s');
      s.close();
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      pg.stop();
    }
  }
}
process.exit(0);
