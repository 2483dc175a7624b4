import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSignedIn, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

describe("a disabled row action's reason in its tooltip (issue 9; issue 22: the tooltip mounts on the first hover)", () => {
  test('hovering a disabled action of the order list shows "<action>: <reason>" above it, leaving hides it, and it shows again', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/order/index');
    try {
      const view = page.locator('.page-view[data-page-path="/order/index"]:not([hidden])');
      const guarded = view.locator('.p-datatable-tbody button[data-reason]:disabled');
      await expect.poll(() => guarded.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const tip = page.locator('.p-tooltip');
      const away = async () => {
        await page.mouse.move(5, 5);
        await expect.poll(() => tip.count()).toBe(0);
      };
      for (const i of [0, 1, 0]) {
        const button = guarded.nth(i);
        const label = await button.getAttribute('aria-label');
        const reason = await button.getAttribute('data-reason');
        expect(reason).toBeTruthy();
        // The pointer as a user's: a disabled button takes no pointer events, its wrapper does.
        const box = (await button.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await expect.poll(() => tip.filter({ visible: true }).count()).toBe(1);
        expect(await tip.getAttribute('role')).toBe('tooltip');
        expect((await tip.textContent())?.trim()).toBe(`${label}: ${reason}`);
        // PrimeReact's look, placed above the button and centred on it.
        expect(await tip.getAttribute('class')).toMatch(/\bp-tooltip-top\b/);
        expect(await tip.locator('.p-tooltip-arrow').count()).toBe(1);
        const at = (await tip.boundingBox())!;
        expect(at.y + at.height).toBeLessThanOrEqual(box.y + 1);
        expect(Math.abs(at.x + at.width / 2 - (box.x + box.width / 2))).toBeLessThan(2);
        await away();
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
      const box = (await refresh.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => tip.filter({ visible: true }).count()).toBe(1);
      expect((await tip.textContent())?.trim()).toBe('刷新');
      expect(await tip.getAttribute('class')).toMatch(/\bp-tooltip-right\b/);
      expect((await tip.boundingBox())!.x).toBeGreaterThanOrEqual(box.x + box.width - 1);
      const asked = page.waitForRequest((r) => r.url().endsWith('/v1/order/list') && r.method() === 'POST');
      await refresh.click();
      await asked;
      await page.mouse.move(5, 5);
      await expect.poll(() => tip.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
