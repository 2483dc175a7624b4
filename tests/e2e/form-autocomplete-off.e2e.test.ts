import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSignedIn, goTo, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/** Lists with row check boxes, row switches, paginators and search forms, then a record form. */
const SCREENS = ['/member/index', '/goods/index', '/system/account', '/games/tag'];

describe("kept-alive screens' controls stay out of the browser's saved form state", () => {
  test('every control of the list screens and the record form has autocomplete off, itself or through its form, and the screens still work', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work');
    try {
      for (const r of SCREENS) {
        await goTo(page, server, r);
        await page.locator(`.page-view[data-page-path="${r}"]:not([hidden]) .p-datatable-tbody > tr:not(.p-datatable-emptymessage)`).first().waitFor();
      }
      await goTo(page, server, '/goods/add');
      await page.locator('.page-view[data-page-path="/goods/add"]:not([hidden]) [data-testid=crud-form]').waitFor();
      // Chromium saves a control's state into the history entry at every history write unless its
      // autocomplete, or its form's, is off: with twenty screens that write took ~10 ms.
      const saved = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('.page-view input, .page-view select, .page-view textarea')]
          .filter((e) => e.getAttribute('autocomplete') !== 'off' && e.closest('form')?.getAttribute('autocomplete') !== 'off')
          .map((e) => `${e.tagName.toLowerCase()}[type=${e.type}] in ${e.closest('.page-view')?.getAttribute('data-page-path')}: ${e.outerHTML.slice(0, 120)}`),
      );
      const controls = await page.locator('.page-view input, .page-view select').count();
      expect(controls).toBeGreaterThan(50);
      expect(saved).toEqual([]);
      // The controls still do their work: a row check box selects its row, on the first list
      // with a selection column.
      let checked = false;
      for (const r of SCREENS) {
        await goTo(page, server, r);
        const view = page.locator(`.page-view[data-page-path="${r}"]:not([hidden])`);
        const boxes = view.locator('.p-datatable-tbody > tr .p-checkbox');
        if (!(await boxes.count())) continue;
        await boxes.first().click();
        await expect.poll(() => view.locator('.p-datatable-tbody > tr .p-checkbox input:checked').count()).toBe(1);
        checked = true;
        break;
      }
      expect(checked).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
