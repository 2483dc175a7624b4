import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSignedIn, shot, type E2EServer, e2eLifecycle } from './harness.js';
import { axeViolations } from './axe.js';
import { StorageKey } from '../../web/lib/storage';
import type { Exchange } from '../../server/platform/exchange.js';

/**
 * Screen: an administrator sees the drifts the server's monitor counted
 * (seeded here through the monitor, as the proxy hands it exchanges), opens a redacted example,
 * exports the JSON and resets; an operator gets the 403 page; with error handling on, new drifts
 * reach the error log as type `contract`.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({}, (s, b) => {
  server = s;
  browser = b;
});

/** A platform answer of member grades whose status is 7 (the contract knows 0 and 1), with contact data to redact. */
function drifted(): Exchange {
  const row = { id: 1, gradeName: 'Gold', level: 1, minGrowth: 0, discount: 95, benefits: '', status: 7, memberCount: 0, createTime: '2026-01-02 03:04:05', updateTime: '2026-01-02 03:04:05', contactPhone: '13812345678' };
  const body = Buffer.from(JSON.stringify({ code: 200, data: { list: [row], total: 1 }, message: 'ok' }));
  return {
    method: 'POST', path: '/v1/memberGrade/list', query: '', routeKey: 'POST /v1/memberGrade/list', requestHeaders: {},
    request: { body: null, contentType: 'application/json', length: 0, truncated: false, binary: false },
    status: 200, answerHeaders: {}, answer: { body, contentType: 'application/json', length: body.length, truncated: false, binary: false },
    servedBy: 'platform', at: Date.now(),
  };
}

beforeEach(async () => {
  server.app.driftMonitor.reset();
  server.app.driftMonitor.observe(drifted());
  server.app.driftMonitor.observe(drifted());
  await server.app.driftMonitor.flush();
});

describe('Contract drift page', () => {
  test('an administrator sees each drift, its redacted example, exports JSON and resets', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/system/contractDrift');
    const table = page.locator('[data-testid=drift-table]');
    await table.getByText('data.list[].status').waitFor();
    const row = table.locator('tr', { hasText: 'data.list[].status' });
    await expect(row.textContent()).resolves.toMatch(/POST \/v1\/memberGrade\/list.*未知取值.*one of 1, 0.*integer 7.*2/);
    // The unknown contact field is listed too, its value masked.
    await expect(table.locator('tr', { hasText: 'data.list[].contactPhone' }).textContent()).resolves.toContain('[redacted]');
    await shot(page, 'contract-drift-zh');
    expect(await axeViolations(page)).toEqual([]);

    await row.locator('[data-testid=drift-open]').click();
    const json = page.locator('[data-testid=drift-example-json]');
    await json.waitFor();
    const text = (await json.textContent()) ?? '';
    expect(text).toContain('"status": 7');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('13812345678');
    await page.keyboard.press('Escape');
    await json.waitFor({ state: 'detached' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=drift-export]').click()]);
    expect(download.suggestedFilename()).toMatch(/^contract-drift-\d{8}-\d{6}\.json$/);

    await page.locator('[data-testid=drift-reset]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await table.getByText('没有偏差').waitFor();
    expect(server.app.driftMonitor.list()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('in English and dark mode, and the menu lists it under System', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/system/contractDrift', { seed: { [StorageKey.locale]: 'en' } });
    await page.locator('[data-testid=drift-table]').getByText('Unknown value').waitFor();
    await page.locator('.side-menu').getByText('Contract drift').first().waitFor();
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.locator('[data-testid=drift-open]').first().click();
    await page.locator('[data-testid=drift-example-json]').waitFor();
    await shot(page, 'contract-drift-en-dark');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('an operator gets the 403 page', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/system/contractDrift', { user: 'operator' });
    await page.locator('[data-testid=exception][data-status="403"]').waitFor();
    expect(await page.locator('[data-testid=drift-table]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('with error handling on, new drifts reach the error log as type contract', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.projectConfig]: { useErrorHandle: true } } });
    await page.locator('[data-testid=error-log-badge]').waitFor();
    await page.locator('[data-testid=error-log-button]').click();
    await page.locator('[data-testid=error-log-page]').waitFor();
    const types = page.locator('[data-testid=error-log-type]', { hasText: 'contract' });
    await types.first().waitFor();
    // The enum drift is an error and is logged; the unknown field (information) stays on the drift page.
    expect(await types.count()).toBe(1);
    await expect(page.locator('[data-testid=error-log-table]').textContent()).resolves.toContain('data.list[].status');
    expect(errors).toEqual([]);
  });
});
