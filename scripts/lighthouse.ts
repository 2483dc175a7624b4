/**
 * `npm run lighthouse [-- --no-build] [-- --pages=/login,/games/index] [-- --runs=3] [-- --json=DIR]`
 *
 * Lighthouse (desktop preset) against the built console (performance ≥ 98;
 * accessibility and best practices ≥ 98), on `/login` and on a list page signed in as `admin`.
 * The console runs as in production (`node dist/server/main.js`, mock mode) on a free loopback
 * port. Chromium is Debian's (`/usr/bin/chromium`, or `CHROMIUM_PATH`), started by playwright-core
 * with a persistent profile and a remote-debugging port that Lighthouse drives.
 *
 * Signed-in pages: the session lives in local storage (encrypted, web/lib/storage.ts), which HTTP
 * headers cannot carry. The script signs in through the API, writes the token into the profile's
 * storage from a same-origin blank page (as tests/e2e/harness.ts does), and runs Lighthouse with
 * `disableStorageReset` so the audit loads the page signed in (its default clears the origin's
 * storage first), after emptying the HTTP cache itself (a first visit, like the login page's).
 * Lighthouse opens its tab in the same default browser context, so it sees the storage.
 *
 * Each page is audited `--runs` times (default 3) and the run with the median performance score is
 * reported, as Lighthouse's docs advise (on a shared 2-core machine one run moves by several
 * points, and a busy machine stretches every main-thread task). Prints that run's four category
 * scores, every run's performance score, and the audits that did not pass (score < 0.9) with their
 * display values. `--json=DIR` also writes the reported runs in full. Scores are read, not asserted.
 */
import { consoleStorageEntries } from './lib/console-storage.js';
import { freePort } from './lib/free-port.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { StorageKey } from '../web/lib/storage.js';
import { build } from './build.js';
import { PROJECT_ROOT } from './lib/web-bundle.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/** The pages audited: the login page (signed out) and the others signed in as admin. */
const PAGES = (opt('pages') ?? '/login,/games/index').split(',');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The flags the e2e harness starts Chromium with (headless, no sandbox as root, no background traffic). */
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
const CAPTCHA = 'LH01';
const SERVER = path.join(PROJECT_ROOT, 'dist', 'server', 'main.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(opt('runs') ?? 3));


/** Starts the built console in mock mode and waits for `/healthz`. */
async function startConsole(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MODE: 'mock', LOG_LEVEL: 'warn', MOCK_CAPTCHA_CODE: CAPTCHA },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the console exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error('the console did not answer /healthz within 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The envelope's data of an API call; throws on any code but 200. */
async function api<T>(base: string, method: 'GET' | 'POST', p: string, body?: unknown): Promise<T> {
  const init: RequestInit = method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : { method };
  const env = (await (await fetch(base + p, init)).json()) as { code: number; data: T; message: string };
  if (env.code !== 200) throw new Error(`${method} ${p} answered ${env.code}: ${env.message}`);
  return env.data;
}

/** Signs admin in through the API; the token as the console stores it (`tokenHead + token`). */
async function adminToken(base: string): Promise<string> {
  const { captchaToken } = await api<{ captchaToken: string }>(base, 'GET', '/v1/captcha/token');
  const r = await api<{ token: string; tokenHead: string }>(base, 'POST', '/v1/admin/login', { username: 'admin', password: 'admin123', captchaToken, captchaCode: CAPTCHA });
  return r.tokenHead + r.token;
}

/** Signs admin in and writes the token into the profile's storage from a same-origin blank page (no console boots there). */
async function seedSession(context: BrowserContext, base: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const blank = `${base}/__lighthouse_blank__`;
  await page.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto(blank);
  const entries = consoleStorageEntries({ [StorageKey.token]: await adminToken(base) });
  await page.evaluate((list) => list.forEach(([k, v]) => localStorage.setItem(k, v)), entries);
  await page.goto('about:blank');
  // Lighthouse keeps the HTTP cache when it keeps storage: empty it, so the audit is a first visit.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** Audits that did not pass: a score under 0.9 (numeric and binary audits; informative ones have none). */
function failing(lhr: Result): { id: string; title: string; score: number; value: string }[] {
  return Object.values(lhr.audits)
    .filter((a) => typeof a.score === 'number' && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => ({ id: a.id, title: a.title, score: a.score!, value: a.displayValue ?? '' }))
    .sort((a, b) => a.score - b.score);
}

async function main() {
  if (!flag('no-build') || !fs.existsSync(SERVER)) {
    console.log('building …');
    await build({ serverOut: SERVER, quiet: true });
  }
  const jsonDir = opt('json');
  if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });
  const server = await startConsole();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'console-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  const summary: string[] = [];
  try {
    for (const route of PAGES) {
      const signedIn = route !== '/login';
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (signedIn) await seedSession(context, server.url);
        const run = await lighthouse(
          server.url + route,
          { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: signedIn },
          desktopConfig,
        );
        if (run && !run.lhr.runtimeError) runs.push(run.lhr);
        else console.log(`  (${route}: run ${i + 1} failed: ${run?.lhr.runtimeError?.code ?? 'no result'})`);
      }
      if (!runs.length) throw new Error(`Lighthouse gave no result for ${route}`);
      const perf = (r: Result) => r.categories.performance?.score ?? 0;
      const lhr = [...runs].sort((a, b) => perf(a) - perf(b))[Math.floor((runs.length - 1) / 2)];
      if (jsonDir) fs.writeFileSync(path.join(jsonDir, `${route.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}.json`), JSON.stringify(lhr));
      const scores = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ');
      const landed = lhr.finalDisplayedUrl.replace(server.url, '');
      console.log(`\n${route}${landed !== route ? ` (landed on ${landed})` : ''}${signedIn ? ', signed in as admin' : ''}`);
      console.log(`  ${scores}  (median of ${runs.length}; performance per run: ${runs.map((r) => Math.round(perf(r) * 100)).join(', ')})`);
      for (const f of failing(lhr)) console.log(`  ✗ ${f.id} (${f.score.toFixed(2)})${f.value ? ` ${f.value}` : ''}: ${f.title}`);
      summary.push(`| \`${route}\` | ${CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)).join(' | ')} |`);
    }
  } finally {
    await context.close();
    server.child.kill('SIGTERM');
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(`\n| page | ${CATEGORIES.join(' | ')} |\n|---|${CATEGORIES.map(() => '---').join('|')}|\n${summary.join('\n')}`);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
