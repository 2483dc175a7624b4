import { describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { openSignedIn, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/** The pointer moved to the middle of `target` as a user's; resolves once one tooltip shows, with the target's box. */
async function hover(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => page.locator('.p-tooltip').filter({ visible: true }).count()).toBe(1);
  return box;
}
/** The pointer moved away; resolves once no tooltip is left. */
async function away(page: Page) {
  await page.mouse.move(5, 5);
  await expect.poll(() => page.locator('.p-tooltip').count()).toBe(0);
}

describe("tooltips mounted on the first hover: a disabled row action's reason, the toolbar's refresh", () => {
  test('hovering a disabled action of the order list shows "<action>: <reason>" above it, leaving hides it, and it shows again', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/order/index');
    try {
      const view = page.locator('.page-view[data-page-path="/order/index"]:not([hidden])');
      const guarded = view.locator('.p-datatable-tbody button[data-reason]:disabled');
      await expect.poll(() => guarded.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const tip = page.locator('.p-tooltip');
      for (const i of [0, 1, 0]) {
        const button = guarded.nth(i);
        const label = await button.getAttribute('aria-label');
        const reason = await button.getAttribute('data-reason');
        expect(reason).toBeTruthy();
        // The pointer as a user's: a disabled button takes no pointer events, its wrapper does.
        const box = await hover(page, button);
        expect(await tip.getAttribute('role')).toBe('tooltip');
        expect((await tip.textContent())?.trim()).toBe(`${label}: ${reason}`);
        // PrimeReact's look, placed above the button and centred on it.
        expect(await tip.getAttribute('class')).toMatch(/\bp-tooltip-top\b/);
        expect(await tip.locator('.p-tooltip-arrow').count()).toBe(1);
        const at = (await tip.boundingBox())!;
        expect(at.y + at.height).toBeLessThanOrEqual(box.y + 1);
        expect(Math.abs(at.x + at.width / 2 - (box.x + box.width / 2))).toBeLessThan(2);
        await away(page);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the list toolbar's refresh button names itself to the right on hover, and a click asks for the list again", async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/order/index');
    try {
      const view = page.locator('.page-view[data-page-path="/order/index"]:not([hidden])');
      const refresh = view.locator('[data-testid=crud-refresh]');
      await expect.poll(() => view.locator('.p-datatable-tbody > tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      expect(await refresh.getAttribute('aria-label')).toBe('刷新');
      const tip = page.locator('.p-tooltip');
      const box = await hover(page, refresh);
      expect((await tip.textContent())?.trim()).toBe('刷新');
      expect(await tip.getAttribute('class')).toMatch(/\bp-tooltip-right\b/);
      expect((await tip.boundingBox())!.x).toBeGreaterThanOrEqual(box.x + box.width - 1);
      const asked = page.waitForRequest((r) => r.url().endsWith('/v1/order/list') && r.method() === 'POST');
      await refresh.click();
      await asked;
      await away(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
