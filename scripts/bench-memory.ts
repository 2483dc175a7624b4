/**
 * `npm run bench:memory [-- --requests=N] [-- --audit-db=off|FILE] [-- --holders] [-- --smaps]
 *   [-- --snapshot=FILE [-- --snapshot-from=N]]`: the server's memory after a long varied run.
 *
 * Builds the app in this process (mock mode, scale 0.25, the audit trail in memory unless
 * `--audit-db` says, as `npm run fuzz` does) and sends `N` requests (default 36,000) through
 * `inject`, in turns of the two fuzzers' seeds: the contract fuzzer's variations
 * (tests/server/fuzz-cases.ts, 6 per endpoint) and the document fuzzer's valid and invalid requests
 * for every documented operation (tests/server/document-fuzz.ts, 4 per operation), every seed a new
 * set of bodies. Answers are read and dropped, not checked (`npm run fuzz` checks them). Then a data
 * reset (`POST /v1/mock/reset`) and a garbage collection.
 *
 * Prints RSS (anonymous + file-backed), heapUsed, heapTotal and external memory, each after two
 * full collections, at start, after the run and after the reset, beside a peer measured in the same
 * run: a bare Fastify app in a child process started with the same node flags, answering the same
 * number of requests through `inject` with a JSON echo of each body. Diagnostics, printed after the
 * run: `--holders` the entries of the mock store's caches, sessions and captchas; `--smaps` the
 * anonymous memory by mapping kind and V8's spaces; `--snapshot=FILE` heap snapshots at start (or
 * after `--snapshot-from` requests) and after the run (FILE.start.heapsnapshot,
 * FILE.run.heapsnapshot; the readings after a snapshot count the snapshot's own memory).
 * Needs `--expose-gc` (the npm script passes it with the memory flags of `npm run serve`); other
 * node flags are measured by starting node with them directly. Nothing is asserted.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';

const argv = process.argv.slice(2);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const REQUESTS = Number(opt('requests') ?? 36_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('bench:memory needs node --expose-gc (run it through npm run bench:memory)');

interface Reading {
  rss: number;
  heap: number;
  /** V8's committed heap, external memory (Buffers, strings outside the heap), in MB. */
  heapTotal: number;
  external: number;
  /** RSS split (Linux, /proc/self/status): anonymous memory, and file-backed pages (the node binary's code mapped in); 0 elsewhere. */
  anon: number;
  file: number;
}

/** RSS and heapUsed in MB after two full collections (the second takes what the first's finalizers freed). */
function reading(): Reading {
  gc!();
  gc!();
  const m = process.memoryUsage();
  const mb = (n: number) => n / 1024 / 1024;
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    /* not Linux */
  }
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb(m.rss), heap: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

/** The peer: a bare Fastify app echoing each JSON body, `n` varied requests through inject. */
async function peer(n: number): Promise<Reading[]> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.all('/*', async (req) => ({ code: 200, message: 'ok', data: req.body ?? null }));
  await app.ready();
  const start = reading();
  for (let i = 0; i < n; i++) {
    const body = { id: i, keyword: `k${i}`.repeat(1 + (i % 7)), tags: Array.from({ length: i % 5 }, (_x, j) => j * i) };
    await app.inject({ method: 'POST', url: `/v1/p${i % 97}/list?x=${i}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }
  const run = reading();
  const after = reading();
  await app.close();
  return [start, run, after];
}

if (argv.includes('--peer')) {
  process.stdout.write(JSON.stringify(await peer(REQUESTS)));
  process.exit(0);
}

const { loadConfig } = await import('../server/config.js');
const { buildApp } = await import('../server/app.js');
const { cases, firstIdOf } = await import('../tests/server/fuzz-cases.js');
const { DocumentValidator, documentCases, lastIdOf } = await import('../tests/server/document-fuzz.js');

/** Runs the peer in a child with this process's node flags and environment. */
function runPeer(): Promise<Reading[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--peer', `--requests=${REQUESTS}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Reading[]) : reject(new Error(`the peer exited with ${code}`))));
  });
}

const started = performance.now();
const app = await buildApp(loadConfig([], { LOG_LEVEL: 'silent', MOCK_CAPTCHA_CODE: 'BENCH', SCALE: '0.25', AUDIT_DB: opt('audit-db') ?? ':memory:' }));
await app.ready();
const signIn = async () => {
  const c = (await app.inject({ url: '/v1/captcha/token' })).json().data.captchaToken;
  const l = (await app.inject({ method: 'POST', url: '/v1/admin/login', payload: { username: 'admin', password: 'admin123', captchaToken: c, captchaCode: 'BENCH' } })).json();
  return l.data.tokenHead + l.data.token;
};
let token = await signIn();
const validator = new DocumentValidator();
const start = reading();
const snapshotFrom = Number(opt('snapshot-from') ?? 0);
if (opt('snapshot') && !snapshotFrom) console.log(`heap snapshot at start: ${writeHeapSnapshot(`${opt('snapshot')}.start.heapsnapshot`)}`);

let sent = 0;
const send = async (inject: InjectOptions, isPublic = false) => {
  const res = await app.inject(inject);
  sent++;
  if (opt('snapshot') && sent === snapshotFrom) {
    gc!();
    console.log(`heap snapshot after ${sent} requests: ${writeHeapSnapshot(`${opt('snapshot')}.start.heapsnapshot`)}`);
  }
  // A fuzzed change of the signed-in account may end the session: sign in again.
  if (!isPublic && res.statusCode === 401 && inject.headers && 'authorization' in inject.headers) token = await signIn();
  else if (!isPublic && String(res.headers['content-type'] ?? '').startsWith('application/json') && res.body.includes('"code":401')) token = await signIn();
};
for (let seed = 1000; sent < REQUESTS; seed++) {
  for (const c of cases(seed, 6, firstIdOf(app), token)) {
    if (sent >= REQUESTS) break;
    await send(c.inject);
  }
  for (const c of documentCases(validator, seed, 4, lastIdOf(app), () => token)) {
    if (sent >= REQUESTS) break;
    await send(c.inject, c.op.public || c.kind === 'noToken');
  }
}
const runSeconds = (performance.now() - started) / 1000;
const run = reading();
if (argv.includes('--holders')) {
  type Col = { rows: Map<number, unknown>; views: Map<string, { rows: unknown[] }>; indexes: Map<string, Map<unknown, unknown[]>>; textIndexes: Map<string, { text: string }>; writers: Map<number, unknown>; cacheSizes(): { answers: number; answerRows: number; jsonRows: number } };
  const ctx = (app as unknown as { __mockCtx: { store: { cols: Map<string, Col> }; sessions: { byToken: Map<string, unknown> }; captcha: { pending: Map<string, unknown> } } }).__mockCtx;
  const sum = { rows: 0, viewRows: 0, indexRows: 0, results: 0, resultRows: 0, textChars: 0, json: 0, writers: 0 };
  for (const c of ctx.store.cols.values()) {
    sum.rows += c.rows.size;
    for (const v of c.views.values()) sum.viewRows += v.rows.length;
    for (const i of c.indexes.values()) for (const b of i.values()) sum.indexRows += b.length;
    const kept = c.cacheSizes();
    sum.results += kept.answers;
    sum.resultRows += kept.answerRows;
    for (const t of c.textIndexes.values()) sum.textChars += t.text.length;
    sum.json += kept.jsonRows;
    sum.writers += c.writers.size;
  }
  console.log(`holders: ${ctx.store.cols.size} collections ${JSON.stringify(sum)}, sessions ${ctx.sessions.byToken.size}, captchas ${ctx.captcha.pending.size}`);
}
if (argv.includes('--smaps')) {
  const maps = readFileSync('/proc/self/smaps', 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  const rows = maps.map((m) => ({ head: m.split('\n')[0], rss: Number(/\nRss:\s+(\d+)/.exec(m)?.[1] ?? 0) / 1024, anon: Number(/\nAnonymous:\s+(\d+)/.exec(m)?.[1] ?? 0) / 1024 }));
  const byKind = new Map<string, number>();
  for (const r of rows) {
    const [range, , , , , file] = r.head.split(/\s+/);
    const [a, b] = range.split('-').map((x) => parseInt(x, 16));
    const size = (b - a) / 1024 / 1024;
    const kind = file || (size >= 60 && size <= 64.1 ? 'anon ~64 MB (malloc arena)' : size < 0.3 ? 'anon < 0.3 MB' : size <= 1.1 ? 'anon 0.3-1 MB' : 'anon > 1 MB');
    byKind.set(kind, (byKind.get(kind) ?? 0) + r.anon);
  }
  for (const [k, v] of [...byKind].sort((x, y) => y[1] - x[1]).slice(0, 4)) console.log(`smaps anon ${v.toFixed(1)} MB  ${k}`);
  const h = getHeapStatistics();
  console.log(`v8 physical ${(h.total_physical_size / 1048576).toFixed(0)} MB, malloced ${(h.malloced_memory / 1048576).toFixed(0)} MB (peak ${(h.peak_malloced_memory / 1048576).toFixed(0)}), contexts ${h.number_of_native_contexts}`);
  for (const sp of getHeapSpaceStatistics()) if (sp.space_size > 1048576) console.log(`  ${sp.space_name} ${(sp.space_size / 1048576).toFixed(0)} MB, used ${(sp.space_used_size / 1048576).toFixed(0)} MB`);
}
if (opt('snapshot')) console.log(`heap snapshot after the run: ${writeHeapSnapshot(`${opt('snapshot')}.run.heapsnapshot`)}`);
await app.inject({ method: 'POST', url: '/v1/mock/reset', payload: {} });
const after = reading();
await app.close();
const [pStart, pRun, pAfter] = await runPeer();

const mb = (n: number) => `${n.toFixed(0)} MB`;
console.log(`${sent} requests in ${runSeconds.toFixed(1)} s (node ${process.version}, flags ${process.execArgv.filter((a) => a.startsWith('--') && a !== '--import').join(' ')})`);
console.log('| reading | console RSS (anon + file) | console heapUsed / heapTotal / external | peer RSS (anon + file) | peer heapUsed / heapTotal / external |');
console.log('|---|---|---|---|---|');
for (const [name, c, p] of [
  ['at start', start, pStart],
  ['after the run', run, pRun],
  ['after a data reset and GC', after, pAfter],
] as const) {
  const parts = (r: Reading) => `${mb(r.heap)} / ${mb(r.heapTotal)} / ${mb(r.external)}`;
  const rss = (r: Reading) => `${mb(r.rss)} (${r.anon.toFixed(0)} + ${r.file.toFixed(0)})`;
  console.log(`| ${name} | ${rss(c)} | ${parts(c)} | ${rss(p)} | ${parts(p)} |`);
}
process.exit(0);
