/**
 * `npx tsx scripts/login-first-visit.ts [-- --dist=DIR] [-- --json]`
 *
 * What a fresh Chromium profile downloads for `/login`: the built console (`node dist/server/main.js`,
 * mock mode, or the server bundle beside `--dist`) on a free loopback port, Debian's Chromium
 * (`/usr/bin/chromium` or `CHROMIUM_PATH`) loading `/login` with `Accept-Encoding: br` as it always
 * sends, until the network has been idle for 500 ms. Prints every script fetched before idle with its
 * bytes on the wire (brotli body, as `Content-Length` says) and their sum, then the other resources.
 * This is the set the build's size report counts as the login route's JS (scripts/lib/report.ts);
 * `--json` prints `{ scripts: [{ path, type, bytes, encoding }], scriptBytes, other }` instead. Reads, asserts nothing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { firstVisit } from './lib/first-visit.js';
import { freePort } from './lib/free-port.js';
import { PROJECT_ROOT } from './lib/web-bundle.js';

const argv = process.argv.slice(2);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const DIST = path.resolve(opt('dist') ?? path.join(PROJECT_ROOT, 'dist', 'web'));
const SERVER = path.join(path.dirname(DIST), 'server', 'main.js');

async function main() {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MODE: 'mock', LOG_LEVEL: 'warn', DIST_DIR: DIST, SHED_EVENT_LOOP_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const until = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the console exited with code ${child.exitCode}`);
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > until) throw new Error('the console did not answer /healthz within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const { scripts, scriptBytes, other } = await firstVisit(browser, `${base}/login`);
      if (argv.includes('--json')) {
        console.log(JSON.stringify({ scripts, scriptBytes, other }, null, 2));
        return;
      }
      const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
      console.log(`/login, fresh profile, until network idle: ${scripts.length} scripts, ${kb(scriptBytes).trim()} KB on the wire`);
      for (const f of scripts) console.log(`  ${kb(f.bytes)} KB ${f.encoding.padEnd(8)} ${f.path}`);
      console.log(`other resources (${other.length}, ${kb(other.reduce((s, f) => s + f.bytes, 0)).trim()} KB):`);
      for (const f of other) console.log(`  ${kb(f.bytes)} KB ${f.encoding.padEnd(8)} ${f.type.padEnd(10)} ${f.path}`);
    } finally {
      await browser.close();
    }
  } finally {
    child.kill('SIGKILL');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
