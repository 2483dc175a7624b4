import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { createCache, memoryStorage } from '../../web/lib/storage';
import { createAesCipher } from '../../web/lib/cipher';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';

/** Debian's Chromium and the flags this machine needs (no sandbox as root, no background networking). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
/** The captcha code the e2e server accepts for every captcha. */
export const CAPTCHA = 'E2E1';
export const SCREENS = path.resolve('tests/e2e/__screens__');

export interface E2EServer {
  app: FastifyInstance;
  url: string;
  clock: { now: () => number; advance: (ms: number) => void };
}

/**
 * Starts the real console (mock mode, built bundle from `npm run build`) on a free loopback port,
 * with a controllable clock so token expiry can be shown without waiting.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const distDir = path.resolve(process.env.DIST_DIR || 'dist/web');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('dist/web is missing: run `npm run build` before the e2e tests');
  let offset = 0;
  const clock = { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
  const config = loadConfig([], { LOG_LEVEL: 'warn', MOCK_CAPTCHA_CODE: CAPTCHA, HOST: '127.0.0.1', PORT: '0', DIST_DIR: distDir, ...env });
  const app = await buildApp(config, { now: clock.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, clock };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh page (own storage) that fails the test on uncaught page errors and logs console errors. */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; locale?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 820 }, locale: opts.locale ?? 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, context, errors };
}

/** Fills and submits the login form the way a person does, with the e2e captcha code. */
export async function signIn(page: Page, username = 'admin', password = 'admin123', captcha = CAPTCHA) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('[data-testid=captcha-image]').waitFor();
  await page.locator('#captchaCode').fill(captcha);
  await page.locator('[data-testid=login-submit]').click();
}

/** Saves a screenshot for a person to look at (tests/e2e/__screens__, not committed). */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

/**
 * One server and one browser for a test file: started before its tests, closed after them.
 * `use` receives both once they are up (files keep them in their own variables).
 */
export function e2eLifecycle(env: Record<string, string>, use: (server: E2EServer, browser: Browser) => void): void {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launch();
    use(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.app.close();
  });
}

/**
 * Writes values into the page's local storage the way the console's own cache does (production
 * builds encrypt them), then reloads so the console starts with them (e.g. a project config patch).
 */
export async function seedStorage(page: Page, values: Record<string, unknown>) {
  const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
  const backend = memoryStorage();
  const cache = createCache({ backend, prefix: `GAME_CONSOLE__${version}__`, cipher: createAesCipher() });
  for (const [k, v] of Object.entries(values)) cache.set(k, v);
  const raw: [string, string][] = [];
  for (let i = 0; i < backend.length; i++) raw.push([backend.key(i)!, backend.getItem(backend.key(i)!)!]);
  await page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), raw);
  await page.reload();
}
