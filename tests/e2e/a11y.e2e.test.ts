import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { StorageKey } from '../../web/lib/storage';
import { e2eLifecycle, newPage, openSignedIn, resetMock, seedStorage, type E2EServer } from './harness.js';
import type { Browser } from 'playwright-core';
import { axeViolations, useTheme } from './axe.js';

/**
 * Accessibility in the suite: axe-core over the screens a person meets first — login,
 * home workbench, dashboard, a list, a dialog form, the settings drawer and the lock screen — in
 * the light and the dark theme. Serious and critical violations fail the test with the rule, the
 * elements and axe's own explanation, so the fix is obvious. The kit's resource smoke
 * (smoke.e2e.test.ts) runs the same check over every declared screen's list and form, and over
 * every other screen of the route table (tests/e2e/axe.ts).
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/** Waits until a list has drawn its rows (or its empty state) and nothing is loading. */
async function listReady(page: Page) {
  await page.locator('[data-testid=crud-table]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.p-datatable-loading-overlay') && !!document.querySelector('[data-testid=crud-table] tbody tr'));
}

describe('axe: 0 serious or critical violations', () => {
  test('the judge still finds what it must: a nameless button, an image with no text and pale text are reported', async () => {
    // tests/e2e/axe.ts runs only the rules that can report serious or critical findings; this page
    // proves the ones every screen leans on are among them.
    const { page, context } = await newPage(browser);
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><button></button><img src="data:,"><p style="color:#bbb;background:#fff">pale</p></main></html>');
    const found = (await axeViolations(page)).map((v) => v.split(' ')[0]);
    expect(found.sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
    await context.close();
  });

  test('the login page, in both themes', async () => {
    const { page } = await newPage(browser);
    await page.goto(server.url + '/login');
    await page.locator('[data-testid=captcha-image]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The login page has no theme toggle: the stored dark mode applies at boot, sheet and all.
    await seedStorage(page, { [StorageKey.darkMode]: true });
    await page.locator('[data-testid=captcha-image]').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`workbench, dashboard, a list, a dialog form, the settings drawer and the lock screen (${theme})`, async () => {
      await resetMock(server);
      const { page, context, errors } = await openSignedIn(browser, server, '/home/work');
      await useTheme(page, theme);
      const report: Record<string, string[]> = {};

      await page.locator('[data-testid=layout] .wb-header').waitFor();
      await page.locator('.apexcharts-svg').first().waitFor();
      report.workbench = await axeViolations(page);

      await page.goto(server.url + '/dashboard/analysis');
      await page.locator('.apexcharts-svg').first().waitFor();
      report.dashboard = await axeViolations(page);

      await page.goto(server.url + '/feedback/type');
      await listReady(page);
      report.list = await axeViolations(page);

      await page.locator('[data-testid=crud-add]').click();
      await page.locator('[data-testid=crud-dialog]').waitFor();
      await page.locator('[data-testid=crud-form-save]').click();
      await page.locator('[data-testid=crud-field-error]').first().waitFor();
      report.dialogWithErrors = await axeViolations(page);
      await page.locator('[data-testid=crud-form-cancel]').click();
      await page.locator('[data-testid=crud-dialog]').waitFor({ state: 'detached' });

      await page.locator('[data-testid=settings-button]').first().click();
      await page.locator('.p-sidebar').first().waitFor();
      report.settings = await axeViolations(page);
      await page.keyboard.press('Escape');
      await page.locator('.p-sidebar').first().waitFor({ state: 'detached' });

      await page.locator('[data-testid=user-menu]').click();
      await page.locator('.user-menu-lock').click();
      await page.locator('[data-testid=lock-dialog]').waitFor();
      report.lockDialog = await axeViolations(page);
      await page.locator('#lock-new-password').fill('lock-1234');
      await page.locator('[data-testid=lock-submit]').click();
      await page.locator('[data-testid=lock-screen]').waitFor();
      report.lockScreen = await axeViolations(page);

      expect(report).toEqual({ workbench: [], dashboard: [], list: [], dialogWithErrors: [], settings: [], lockDialog: [], lockScreen: [] });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
