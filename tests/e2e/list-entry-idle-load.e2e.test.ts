import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSignedIn, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

describe("the menu's list screens are loaded in idle time (menu entry → first rows)", () => {
  test('once the shell is idle, entering a list screen from the menu loads no code: its list request leaves at the click and its rows show', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work');
    try {
      const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/game-tag\.resource-[A-Z0-9]+\.js$/.test(e.name)));
      // The shell reaches the tag list's declaration in idle time, without it being entered.
      await expect.poll(loaded, { timeout: 15_000 }).toBe(true);
      await page.waitForLoadState('networkidle');

      const code: string[] = [];
      const lists: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/assets/') && path.endsWith('.js')) code.push(path);
        if (r.method() === 'POST' && path === '/v1/gameTag/list') lists.push(r.postData() ?? '');
      });
      const group = page.locator('[data-menu-group="/games"]');
      const link = page.locator('[data-menu-path="/games/tag"]');
      if (!(await link.isVisible())) await group.click();
      await link.click();
      const rows = page.locator('.page-view[data-page-path="/games/tag"]:not([hidden]) .p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(code).toEqual([]);
      expect(lists).toEqual([JSON.stringify({ pageNum: 1, pageSize: 10 })]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
