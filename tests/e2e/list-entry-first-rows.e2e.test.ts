import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { goTo, openSignedIn, type E2EServer, e2eLifecycle } from './harness.js';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/**
 * Counts the screen's list requests and notes whether its table ever showed the loading mask, from
 * before the navigation on (a MutationObserver in the page).
 */
async function watchEntry(page: Page, route: string, entity: string) {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/v1/${entity}/list`) requests.push(r.postData() ?? '');
  });
  await page.evaluate((r) => {
    const w = window as unknown as { __masked: boolean };
    w.__masked = false;
    new MutationObserver(() => {
      if (document.querySelector(`.page-view[data-page-path="${r}"] .p-datatable-loading-overlay`)) w.__masked = true;
    }).observe(document, { subtree: true, childList: true });
  }, route);
  return {
    requests,
    masked: () => page.evaluate(() => (window as unknown as { __masked: boolean }).__masked),
    rows: () => page.locator(`.page-view[data-page-path="${route}"] .p-datatable-tbody > tr:not(.p-datatable-emptymessage)`).count(),
  };
}

describe('a list screen entered from the menu (menu entry → first rows)', () => {
  // The screen's own code (`chunk`) is held back until its list's answer is in: the list request
  // must not wait for the screen's code, and the screen, once its code is in, draws the rows at once.
  for (const { route, entity, chunk } of [
    { route: '/order/index', entity: 'order', chunk: /\/assets\/index\.page-[A-Z0-9]+\.js$/ },
    { route: '/games/tag', entity: 'gameTag', chunk: /\/assets\/ResourceListPage-[A-Z0-9]+\.js$/ },
  ]) {
    test(`${route}: the list request leaves before the screen's code is in; the screen's first render shows the rows, never an empty table under the loading mask; one request`, async () => {
      let listBeforeChunk: boolean | null = null;
      // Held from the start: the shell loads the menu's list screens in idle time (entry8), so the
      // screen's code may be asked for before the entry; either way it waits for the list's answer.
      const hold = (page: Page) =>
        page.route(chunk, async (r) => {
          // Held until the list's answer arrives (or 5 s pass, which fails the test below).
          const answered = await page
            .waitForResponse((res) => new URL(res.url()).pathname === `/v1/${entity}/list`, { timeout: 5_000 })
            .then(() => true, () => false);
          listBeforeChunk ??= answered;
          await r.continue();
        });
      const { page, context, errors } = await openSignedIn(browser, server, '/home/work', { before: hold });
      try {
        const watch = await watchEntry(page, route, entity);
        await goTo(page, server, route);
        await expect.poll(watch.rows, { timeout: 15_000 }).toBeGreaterThan(0);
        expect(listBeforeChunk).toBe(true);
        await expect(watch.masked()).resolves.toBe(false);
        expect(watch.requests).toEqual([JSON.stringify({ pageNum: 1, pageSize: 10 })]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  test('entered at a URL with a page, a sort and a filter: the entry asks for that view, once', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work');
    try {
      const watch = await watchEntry(page, '/games/tag', 'gameTag');
      await goTo(page, server, '/games/tag?status=1&pageNum=1&pageSize=50&sortField=sort&sortOrder=asc');
      await expect.poll(watch.rows, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(watch.requests.map((b) => JSON.parse(b) as unknown)).toEqual([{ pageNum: 1, pageSize: 50, status: 1, sortField: 'sort', sortOrder: 'asc' }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  test('/member/index: the first rows come with their grade labels: the reference list leaves with the rows, not after the screen mounts', async () => {
    // The screen's code is held from the start (the shell may load it in idle time before the entry)
    // until the rows and the grades have answered (or 5 s pass): both must leave without it.
    const answered = (page: Page, path: string) => page.waitForResponse((res) => new URL(res.url()).pathname === path, { timeout: 5_000 }).then(() => true, () => false);
    const before: boolean[] = [];
    const hold = (page: Page) =>
      page.route(/\/assets\/index\.page-[A-Z0-9]+\.js$/, async (r) => {
        before.push(...(await Promise.all([answered(page, '/v1/member/list'), answered(page, '/v1/memberGrade/listAll')])));
        await r.continue();
      });
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work', { before: hold });
    try {
      // The grade cells as the first rows are drawn.
      await page.evaluate(() => {
        const w = window as unknown as { __firstCells: string[] | null };
        w.__firstCells = null;
        new MutationObserver(() => {
          if (w.__firstCells) return;
          const view = document.querySelector('.page-view[data-page-path="/member/index"]');
          const rows = view?.querySelectorAll('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
          if (!view || !rows?.length) return;
          const heads = [...view.querySelectorAll('.p-datatable-thead > tr > th')].map((th) => (th as HTMLElement).textContent?.trim() ?? '');
          const col = heads.findIndex((h) => /等级|grade/i.test(h));
          w.__firstCells = [...rows].map((tr) => (col < 0 ? 'no grade column' : (tr.children[col]?.textContent?.trim() ?? '')));
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await goTo(page, server, '/member/index');
      await expect.poll(() => page.evaluate(() => (window as unknown as { __firstCells: string[] | null }).__firstCells), { timeout: 15_000 }).not.toBeNull();
      const cells = (await page.evaluate(() => (window as unknown as { __firstCells: string[] }).__firstCells));
      expect(before.slice(0, 2)).toEqual([true, true]);
      expect(cells.length).toBeGreaterThan(0);
      for (const c of cells) expect(c).not.toMatch(/^#\d+$|^no grade column$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
