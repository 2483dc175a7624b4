import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';

// Node with tsx's loader in-process (not the tsx wrapper, which would stand between us and the signal).
const node = process.execPath;
const entry = ['--import', 'tsx', path.resolve('server/main.ts')];
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

/** A platform that answers after `delayMs`. */
async function slowUpstream(delayMs: number) {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"data":"late","message":"ok"}'), delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts `server/main.ts` as a real process and resolves with its port once it listens. */
function startConsole(env: Record<string, string>) {
  const child = spawn(node, entry, { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let out = '';
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/i) ?? out.match(/"address":"http:\/\/127\.0\.0\.1:(\d+)"/);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, exited, output: () => out };
}

test('SIGTERM lets an in-flight request finish, refuses new work and exits 0', async () => {
  const upstream = await slowUpstream(800);
  const app = startConsole({ MODE: 'proxy', UPSTREAM_URL: upstream, SHUTDOWN_GRACE_MS: '5000' });
  const port = await app.port;
  const inflight = fetch(`http://127.0.0.1:${port}/v1/slow`, { method: 'POST' }).then(async (r) => ({ status: r.status, body: await r.json() }));
  await new Promise((r) => setTimeout(r, 200));
  app.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 100));
  // New work is refused while the old request finishes: the connection is refused, or 503.
  const late = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } }).then((r) => r.status, () => 'refused');
  expect([503, 'refused']).toContain(late);
  const res = await inflight;
  expect(res).toEqual({ status: 200, body: { code: 200, data: 'late', message: 'ok' } });
  expect(await app.exited).toBe(0);
  expect(app.output()).toMatch(/shutting down/);
}, 20_000);

test('a bad setting stops the server at start with a message naming it', async () => {
  const app = startConsole({ PORT: '70000' });
  await expect(app.port).rejects.toThrow(/exited 2/);
  const child = spawn(node, entry, { env: { ...process.env, MODE: 'proxy', UPSTREAM_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((r) => child.once('exit', r));
  expect(code).toBe(2);
  expect(err).toContain('UPSTREAM_URL is required when MODE is "proxy"');
}, 20_000);

test('a seed without a snapshot is written by a child of the entry, then read back: sign-in works and the snapshot is kept', async () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-child-'));
  cleanups.push(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
  const app = startConsole({ MODE: 'mock', CACHE_DIR: cacheDir, SCALE: '0.05', MOCK_CAPTCHA_CODE: 'TEST', AUDIT_DB: ':memory:' });
  const port = await app.port;
  const base = `http://127.0.0.1:${port}`;
  const token = ((await (await fetch(`${base}/v1/captcha/token`)).json()) as { data: { captchaToken: string } }).data.captchaToken;
  const login = await fetch(`${base}/v1/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', captchaToken: token, captchaCode: 'TEST' }) });
  expect(((await login.json()) as { code: number }).code).toBe(200);
  const seeds = fs.readdirSync(path.join(cacheDir, 'seed'));
  expect(seeds).toHaveLength(1);
  expect(seeds[0]).toMatch(/^seed-\d+-scale-0\.05-at-\d{8}T\d{4}Z-[0-9a-f]{16}$/);
  expect(fs.readdirSync(path.join(cacheDir, 'seed', seeds[0]))).toContain('admin.v8');
}, 30_000);
