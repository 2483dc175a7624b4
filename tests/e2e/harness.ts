import fs from 'node:fs';
import { consoleStorageEntries } from '../../scripts/lib/console-storage.js';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { StorageKey } from '../../web/lib/storage';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';

/**
 * Debian's Chromium and the flags this machine needs (no sandbox as root, no background networking).
 * `--disable-threaded-animation` runs the compositor's animations on the main thread: with
 * every animation stilled ({@link STILL_CSS}) nothing is lost, and Chromium's display compositor
 * (its GPU process, software compositing here) drew about half as much per screen change: 1.9–2.3 s
 * against 3.5–4.3 s of its CPU over a boot and six screens, and 11 resources of the smoke took
 * 35–40 s of Chromium and node CPU against 40–42 s. `E2E_THREADED_ANIMATION=1` puts it back.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic', ...(process.env.E2E_THREADED_ANIMATION ? [] : ['--disable-threaded-animation'])];
/** The captcha code the e2e server accepts for every captcha. */
export const CAPTCHA = 'E2E1';
export const SCREENS = path.resolve('tests/e2e/__screens__');

export interface E2EServer {
  app: FastifyInstance;
  url: string;
  clock: { now: () => number; advance: (ms: number) => void };
  /** The mock data's seed (SEED), which {@link resetMock} restores. */
  seed: number;
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
  // No load shedding: the server shares its event loop with the test driving the browser, and a
  // busy machine's lag would turn requests away (503) mid-test; shedding has its own server test.
  const config = loadConfig([], { LOG_LEVEL: 'warn', MOCK_CAPTCHA_CODE: CAPTCHA, HOST: '127.0.0.1', PORT: '0', DIST_DIR: distDir, AUDIT_DB: ':memory:', SHED_EVENT_LOOP_DELAY_MS: '0', ...env });
  const app = await buildApp(config, { now: clock.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, clock, seed: config.seed };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Test-only switch "still": every page of the suite shows no motion. CSS animations and
 * transitions take no time (a dialog, an overlay, a theme's colours are at their end state at once,
 * a spinner does not spin), and the context asks for reduced motion, which the console's charts
 * honour (web/components/chart.tsx). What a test sees is the settled screen it used to wait for;
 * nothing is painted frame after frame on this 2-core machine. Only the time CSS motion takes is
 * removed: PrimeReact's enter/exit timers and every other behaviour stay as shipped.
 */
export const STILL_CSS = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition-duration:0s!important;transition-delay:0s!important;scroll-behavior:auto!important}';

/** Runs in the page before its scripts: adds {@link STILL_CSS} as an inline style (the CSP allows inline styles) once the document has a root. */
function stillScript(css: string) {
  const add = () => {
    const style = document.createElement('style');
    style.dataset.e2e = 'still';
    style.textContent = css;
    (document.head ?? document.documentElement).append(style);
  };
  if (document.documentElement) add();
  else
    new MutationObserver((_, o) => {
      if (!document.documentElement) return;
      o.disconnect();
      add();
    }).observe(document, { childList: true });
}

/** A fresh page (own storage) that fails the test on uncaught page errors and logs console errors. */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; locale?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 820 }, locale: opts.locale ?? 'zh-CN', reducedMotion: 'reduce' });
  await context.addInitScript(stillScript, STILL_CSS);
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

/**
 * Saves a screenshot for a person to review (tests/e2e/__screens__, not committed), only when
 * `E2E_SCREENS=1`: no test compares them, so the ordinary run spends no time on them. Before the
 * shot it lets running CSS animations and transitions end (up to 3 s), so the picture is the settled screen.
 */
export async function shot(page: Page, name: string) {
  if (!process.env.E2E_SCREENS) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 3000 }).catch(() => undefined);
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

/** Writes values into the page's local storage the way the console's cache does; the page must be on the console's origin. */
export async function writeStorage(page: Page, values: Record<string, unknown>) {
  await page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), consoleStorageEntries(values));
}

/**
 * Writes values into the page's local storage the way the console's own cache does (production
 * builds encrypt them), then reloads so the console starts with them (e.g. a project config patch).
 */
export async function seedStorage(page: Page, values: Record<string, unknown>) {
  await writeStorage(page, values);
  await page.reload();
}

/** The demo accounts (fixtures/accounts): `admin` lands on the workbench, `operator` on the dashboard. */
export const ACCOUNTS = {
  admin: { password: 'admin123', home: '/home/work' },
  operator: { password: 'operator123', home: '/dashboard/analysis' },
} as const;
export type Account = keyof typeof ACCOUNTS;

/** Calls the server's API (POST with a JSON body, or GET), signed in when `token` is given, and answers the envelope's data; throws on any code but 200. */
async function api<T>(server: Pick<E2EServer, 'url'>, method: 'GET' | 'POST', path: string, body: unknown = {}, token?: string): Promise<T> {
  const auth: Record<string, string> = token ? { authorization: token } : {};
  const init: RequestInit = method === 'POST' ? { method, headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) } : { method, headers: auth };
  const env = (await (await fetch(server.url + path, init)).json()) as { code: number; data: T; message: string };
  if (env.code !== 200) throw new Error(`${method} ${path} answered ${env.code}: ${env.message}`);
  return env.data;
}

/**
 * A test's own API call beside the screen (to find a record to open, or to check what a screen
 * saved): POST `body` as JSON to `path` with the stored form of the token ({@link apiToken});
 * answers the envelope's data, throws naming the path on any code but 200.
 */
export function apiCall<T>(server: Pick<E2EServer, 'url'>, path: string, body: unknown, token: string): Promise<T> {
  return api<T>(server, 'POST', path, body, token);
}

/** Signs in through the API (spec §7 captcha + login, the e2e captcha code) and answers the stored form of the token (`tokenHead + token`). */
export async function apiToken(server: Pick<E2EServer, 'url'>, user: Account = 'admin'): Promise<string> {
  const { captchaToken } = await api<{ captchaToken: string }>(server, 'GET', '/v1/captcha/token');
  const r = await api<{ token: string; tokenHead: string }>(server, 'POST', '/v1/admin/login', { username: user, password: ACCOUNTS[user].password, captchaToken, captchaCode: CAPTCHA });
  return r.tokenHead + r.token;
}

/**
 * Signs `page` in through the API: logs in with the e2e captcha code and stores the token where the
 * console keeps it (local storage `TOKEN__`, web/app/session.tsx `persist`), so the next load of
 * the console restores the session (user info, routes) as after a reload. Does not navigate to a
 * console route; `extra` storage values (locale, project config…) are written with the token.
 */
export async function signInByApi(page: Page, server: Pick<E2EServer, 'url'>, user: Account = 'admin', extra: Record<string, unknown> = {}) {
  const token = await apiToken(server, user);
  await storeToken(page, server, token, extra);
  return token;
}

/**
 * Stores a session token (and `extra` storage values) where the console keeps it, from a blank
 * same-origin page that boots no console: a console page would run its own session logic on the
 * storage meanwhile (the login route drops a token it did not issue). Does not navigate further.
 */
export async function storeToken(page: Page, server: Pick<E2EServer, 'url'>, token: string, extra: Record<string, unknown> = {}) {
  // Storage belongs to the origin; the blank page asks for no favicon, whose 404 would count as a console error.
  if (!page.url().startsWith(server.url + '/')) {
    const blank = `${server.url}/__e2e_blank__`;
    await page.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
    await page.goto(blank);
    await page.unroute(blank);
  }
  await writeStorage(page, { [StorageKey.token]: token, ...extra });
}

/** Restores the server's seeded mock data (its own seed, even after a test reset to another) and clears injected faults (`POST /v1/mock/reset`; sessions stay). */
export async function resetMock(server: E2EServer) {
  await api(server, 'POST', '/v1/mock/reset', { seed: server.seed });
}

/**
 * Deletes every preference the signed-in account keeps on the server (`/console/preference/*`):
 * the account then starts as a new one, with the defaults or whatever its browser storage holds.
 */
export async function clearPreferences(server: Pick<E2EServer, 'url'>, token: string): Promise<void> {
  const list = await apiCall<{ key: string }[]>(server, '/console/preference/list', {}, token);
  await Promise.all(list.map((p) => apiCall(server, '/console/preference/update', { key: p.key, value: null }, token)));
}

export interface OpenOptions {
  user?: Account;
  /**
   * Keep what the account saved on the server by earlier pages (its settings and list layouts).
   * Default false: the account's server-side preferences are cleared first, so a fresh page starts
   * as a fresh account does (tests of one file share the demo accounts, which carry preferences
   * from page to page as the console is meant to).
   */
  keepPreferences?: boolean;
  /** Seeded before the console loads (e.g. `{ [StorageKey.locale]: 'en' }`, a project config patch). */
  seed?: Record<string, unknown>;
  width?: number;
  height?: number;
  /** Runs on the fresh page before anything loads (routes to intercept, listeners). */
  before?: (page: Page) => Promise<unknown> | unknown;
  /** What shows once the console is up; default the layout. Null: do not wait. */
  ready?: string | null;
}

/**
 * A fresh page (own storage) signed in through the API as `opts.user` (its server-side preferences
 * cleared unless `keepPreferences`), opened on `route` and waited on until the layout shows. `errors` collects page errors and console errors;
 * `token` is the page's session token.
 */
export async function openSignedIn(browser: Browser, server: Pick<E2EServer, 'url'>, route: string, opts: OpenOptions = {}): Promise<{ page: Page; context: BrowserContext; errors: string[]; token: string }> {
  const opened = await newPage(browser, { width: opts.width, height: opts.height });
  if (opts.before) await opts.before(opened.page);
  const token = await signInByApi(opened.page, server, opts.user ?? 'admin', opts.seed);
  if (!opts.keepPreferences) await clearPreferences(server, token);
  await opened.page.goto(server.url + route);
  const ready = opts.ready === undefined ? '[data-testid=layout]' : opts.ready;
  if (ready) await opened.page.locator(ready).first().waitFor();
  return { ...opened, token };
}

/**
 * Moves a running console to `url` (a console path, maybe with a query) the way a menu link does
 * (history.pushState, which the router follows), with no page load, and waits until the screen of
 * that path is the one shown (or the exception page standing for it). A page not showing the
 * console yet loads it. Loading the console again for every screen costs its boot, its session
 * restore and every injected script again (the largest cost of the end-to-end suite),
 * and is not what an operator does between screens.
 */
export async function goTo(page: Page, server: Pick<E2EServer, 'url'>, url: string): Promise<void> {
  const route = url.split('?')[0];
  if (!(await page.locator('[data-testid=layout]').count())) await page.goto(server.url + url);
  else await page.evaluate((u) => history.pushState(null, '', u), url);
  await page.waitForFunction(
    (r) => location.pathname === r && [...document.querySelectorAll<HTMLElement>('.page-view:not([hidden])')].some((v) => v.dataset.pagePath === r || v.dataset.pagePath === ''),
    route,
    { timeout: 15_000 },
  );
}

/**
 * A fixed set of resources (servers, signed-in pages) shared by a file's concurrent tests: `use`
 * waits for a free one, runs the body with it, and gives it back however the body ends. With the
 * e2e project's `maxConcurrency` equal to the pool's size, no test waits (its timeout is its own).
 */
export class Pool<T> {
  private readonly free: T[] = [];
  private readonly waiting: ((item: T) => void)[] = [];

  add(item: T): void {
    const next = this.waiting.shift();
    if (next) next(item);
    else this.free.push(item);
  }

  async use<R>(body: (item: T) => Promise<R>): Promise<R> {
    const item = this.free.pop() ?? (await new Promise<T>((resolve) => this.waiting.push(resolve)));
    try {
      return await body(item);
    } finally {
      this.add(item);
    }
  }
}
