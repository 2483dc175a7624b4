import { beforeEach, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eLifecycle, openSignedIn, resetMock, type E2EServer } from './harness.js';

/**
 * A list's date range filter (the kit's search form, `Later`-drawn pickers) takes two different
 * days: the first click keeps the picker open with that day, the second ends the range, and the
 * search asks for that range. Its first click used to give the filter a value, which swapped the
 * picker for a fresh one: the popup closed and the first day was forgotten.
 */
let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});

test('the order list: the 1st and the 15th clicked in "create time", searched, the request asks for that range', async () => {
  const bodies: Record<string, unknown>[] = [];
  // A 1280 px window: the search form's narrowest columns at that width, where the range's text must still fit.
  const { page, context, errors } = await openSignedIn(browser, server, '/order/index', {
    width: 1280,
    before: (p) =>
      void p.on('request', (r) => {
        if (r.url().endsWith('/v1/order/list')) bodies.push((r.postDataJSON() as Record<string, unknown> | null) ?? {});
      }),
  });
  await page.locator('[data-testid=crud-table] tbody tr').first().waitFor();
  // The form shows one row: the create time is among the filters under Expand.
  const toggle = page.locator('[data-testid=crud-search-toggle]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  await page.locator('[data-filter=createTime] input').first().click();
  const panel = page.locator('.p-datepicker');
  await panel.waitFor();
  const days = panel.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span');
  await days.nth(0).click();
  // Still open on the first click, with that day chosen.
  await expect.poll(() => panel.isVisible()).toBe(true);
  await expect.poll(() => panel.locator('.p-highlight').count()).toBe(1);
  await days.nth(14).click();
  await expect.poll(() => page.locator('[data-filter=createTime] input').first().inputValue()).toMatch(/01.*15/);
  // Both days shown whole (the end was cut off by 3 px).
  expect(await page.locator('[data-filter=createTime] input').first().evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');
  const before = bodies.length;
  await page.locator('[data-testid=crud-search-submit]').click();
  await expect.poll(() => bodies.length).toBeGreaterThan(before);
  const asked = JSON.stringify(bodies.at(-1));
  expect(asked).toMatch(/-01[ "T]/);
  expect(asked).toMatch(/-15[ "T]/);
  expect(errors).toEqual([]);
  await context.close();
});
