import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { CAPTCHA, newPage, openSignedIn, resetMock, shot, signInByApi, type E2EServer, e2eLifecycle } from './harness.js';
import zhErrors from '../../web/i18n/locales/zh_CN/errors';

/**
 * The Mock panel: presets and the fault form produce the §8 catalogue rows a user sees, the faults
 * list clears them, a reset takes another seed; in proxy mode the panel is absent.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  // Restores the server's seed (a test resets to another) and clears the faults a test left.
  await resetMock(server);
});

const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text }).first();

async function openPanel(page: Page) {
  await page.locator('[data-testid=mock-button]').click();
  await page.locator('[data-testid=mock-panel-body]').waitFor();
  await page.locator('[data-testid=mock-info-seed]').waitFor();
}

async function closePanel(page: Page) {
  // Escape, as a keyboard user does: an error toast may cover the close button (both sit top right).
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=mock-panel-body]').waitFor({ state: 'detached' });
}

/** Types into a number field the way a person does (select all, then type; empty = cleared). */
async function typeNumber(page: Page, field: string, text: string) {
  const input = page.locator(`[data-testid=mock-field-${field}] input`);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
  await input.blur();
}

/** Adds a preset on `/v1/admin/summary` for the next call (the form's defaults) and waits for the list to show it. */
async function addPreset(page: Page, id: string) {
  const rows = await page.locator('[data-testid=mock-fault-row]').count();
  await page.locator(`[data-testid=mock-preset-${id}]`).click();
  await page.locator('[data-testid=mock-fault-row]').nth(rows).waitFor();
}

describe('Mock panel in mock mode', () => {
  test('presets show the §8 rows: envelope 401 signs out, HTTP 500 and a dropped connection show their messages; clear and reset', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/home/work');
    await openPanel(page);
    await expect(page.locator('[data-testid=mock-info-seed]').textContent()).resolves.toBe('20261121');
    await expect(page.locator('[data-testid=mock-counts] tbody tr').count()).resolves.toBeGreaterThan(30);
    await expect(page.locator('[data-testid=mock-faults-empty]').isVisible()).resolves.toBe(true);

    // Session timeout (envelope 401) on the next summary call: the dashboard signs out to login.
    await addPreset(page, 'envelope401');
    await expect(page.locator('[data-testid=mock-fault-row]').first().innerText()).resolves.toMatch(/\/v1\/admin\/summary[\s\S]*信封码 401[\s\S]*0 \/ 1/);
    await shot(page, 'mock-panel-zh');
    await closePanel(page);
    await page.goto(server.url + '/dashboard/analysis');
    await toast(page, zhErrors.timeout).waitFor();
    await page.waitForURL(/\/login\?redirect=/);

    // HTTP 500 on the next summary call: its own §8 message as a toast.
    await signInByApi(page, server);
    await page.goto(server.url + '/dashboard/analysis');
    await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 15_000 });
    await openPanel(page);
    await addPreset(page, 'http500');
    await closePanel(page);
    await page.reload();
    await toast(page, zhErrors.http[500]).waitFor();
    expect(zhErrors.http[500]).toBe('服务器错误，请联系管理员！');

    // A dropped connection, from the custom form, for the next call: the network-exception message
    // exactly once (the server cuts the answer off mid-body, so the browser does not retry it).
    await openPanel(page);
    await page.locator('[data-testid=mock-kind] .p-button', { hasText: '断开连接' }).click();
    await page.locator('[data-testid=mock-add]').click();
    await page.locator('[data-testid=mock-fault-row]').first().waitFor();
    await expect(page.locator('[data-testid=mock-fault-row]').first().innerText()).resolves.toMatch(/断开连接/);
    await closePanel(page);
    // The page retries a read that failed on the way (web/api/query.ts isTransient) a second later:
    // that retry must have been answered before the next fault is added, or it is the one the fault hits.
    const retried = page.waitForEvent('requestfinished', { predicate: (r) => new URL(r.url()).pathname === '/v1/admin/summary', timeout: 20_000 });
    await page.reload();
    await toast(page, zhErrors.networkException).waitFor();
    await retried;

    // A fault until cleared keeps failing; clearing it makes the page work again.
    await openPanel(page);
    await typeNumber(page, 'times', '');
    await addPreset(page, 'http503');
    await expect(page.locator('[data-testid=mock-fault-row]').last().innerText()).resolves.toMatch(/HTTP 503[\s\S]*0 · 直到清除/);
    await closePanel(page);
    await page.reload();
    await toast(page, zhErrors.http[503]).waitFor();
    await openPanel(page);
    await page.locator('[data-testid=mock-faults-refresh]').click();
    // The drop was spent by its one call; the 503 stays until cleared.
    await expect(page.locator('[data-testid=mock-fault-row]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=mock-fault-row]').last().innerText()).resolves.toMatch(/HTTP 503[\s\S]*1 · 直到清除/);
    await page.locator('[data-testid=mock-faults-clear]').click();
    await page.locator('[data-testid=mock-faults-empty]').waitFor();
    await closePanel(page);
    await page.reload();
    await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 15_000 });
    await expect(page.locator('.p-toast-message-error').count()).resolves.toBe(0);

    // Bad input is refused beside the field, in the current language.
    await openPanel(page);
    await page.locator('[data-testid=mock-field-path] input').fill('/v1/mock/info');
    await page.locator('[data-testid=mock-preset-drop]').click();
    await expect(page.locator('[data-testid=mock-error-path]').textContent()).resolves.toBe('/v1/mock/ 下的 QA 接口不会被注入故障');
    await page.locator('[data-testid=mock-field-path] input').fill('/v1/admin/summary');

    // Reset with another seed: the info shows it and the panel asks for a reload.
    await typeNumber(page, 'seed', '7');
    await page.locator('[data-testid=mock-reset-submit]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await page.locator('[data-testid=mock-reset-done]').waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid=mock-info-seed]').textContent()).resolves.toBe('7');
    await expect(page.locator('[data-testid=mock-reset-done]').innerText()).resolves.toContain('请刷新页面');
    await shot(page, 'mock-panel-reset-zh');
    expect(errors.filter((e) => !/Failed to load resource|ERR_EMPTY_RESPONSE|ERR_CONNECTION/.test(e))).toEqual([]);
  });

  test('the panel in English and dark mode; the operator sees it too', async () => {
    const { page } = await openSignedIn(browser, server, '/dashboard/analysis', { user: 'operator' });
    await page.locator('[data-testid=theme-toggle]').click();
    await openPanel(page);
    await page.locator('[data-testid=mock-fault-row], [data-testid=mock-faults-empty]').first().waitFor();
    await shot(page, 'mock-panel-zh-dark');
    await closePanel(page);
    await page.locator('[data-testid=locale-picker]').click();
    await page.locator('.locale-item--en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await openPanel(page);
    await expect(page.locator('[data-testid=mock-panel-body]').innerText()).resolves.toContain('Session timeout (envelope 401)');
    await page.locator('[data-testid=mock-kind] .p-button', { hasText: 'HTTP status' }).click();
    await typeNumber(page, 'times', '0');
    await page.locator('[data-testid=mock-add]').click();
    await expect(page.locator('[data-testid=mock-error-times]').textContent()).resolves.toBe('Times must be a whole number from 1 to 100000, or blank');
    await shot(page, 'mock-panel-en-dark');
    await closePanel(page);
    await page.locator('[data-testid=theme-toggle]').click();
    await openPanel(page);
    await shot(page, 'mock-panel-en');
  });
});

describe('Mock panel in proxy mode', () => {
  let upstream: FastifyInstance;
  let proxyApp: FastifyInstance;
  let proxyUrl: string;

  beforeAll(async () => {
    // The platform stand-in: a mock-mode app that, like the real platform, knows no /v1/mock/*.
    const distDir = path.resolve(process.env.DIST_DIR || 'dist/web');
    const config = loadConfig([], { LOG_LEVEL: 'warn', MOCK_CAPTCHA_CODE: CAPTCHA, HOST: '127.0.0.1', PORT: '0', DIST_DIR: distDir });
    upstream = await buildApp(config);
    upstream.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/v1/mock/')) return reply.code(404).send({ code: 404, data: null, message: 'Not found' });
    });
    await upstream.listen({ host: '127.0.0.1', port: 0 });
    const { port } = upstream.server.address() as AddressInfo;
    // The harness's startServer sets the e2e captcha code, which proxy mode refuses: the proxy is built here.
    const proxyConfig = loadConfig([], { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DIST_DIR: distDir, MODE: 'proxy', UPSTREAM_URL: `http://127.0.0.1:${port}` });
    proxyApp = await buildApp(proxyConfig);
    await proxyApp.listen({ host: '127.0.0.1', port: 0 });
    proxyUrl = `http://127.0.0.1:${(proxyApp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await proxyApp?.close();
    await upstream?.close();
  });

  test('signed in through the proxy, the header has no Mock button, the platform is never asked for the QA controls and no error is shown', async () => {
    const { page } = await newPage(browser);
    const probes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/v1/mock/info')) probes.push(r.status());
    });
    await signInByApi(page, { url: proxyUrl });
    await page.goto(proxyUrl + '/');
    await page.waitForURL(/\/home\/work$/);
    await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 15_000 });
    // /healthz says proxy: the probe is not sent (the shell has long been ready once the chart is drawn).
    expect(probes).toEqual([]);
    await expect(page.locator('[data-testid=mock-button]').count()).resolves.toBe(0);
    await expect(page.locator('.p-toast-message').count()).resolves.toBe(0);
  });
});
