import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, goTo, openSignedIn, resetMock, type E2EServer, e2eLifecycle } from './harness.js';

/**
 * The kit's filter bar (web/crud/FilterBar.tsx) on the two screens whose query is not a list's, in
 * Chromium as an operator uses them: each filter filled, the query submitted (the button, or Enter),
 * the request carrying what was filled and the screen showing the server's answer to it; the search
 * box's hint and name follow what is searched; a URL naming a search while the tab is open fills the bar.
 * The period is two days clicked in the kit's range picker (its second click used to start a new one-day range).
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

type Row = Record<string, unknown>;
const call = <T>(path: string, body: unknown, token: string) => apiCall<T>(server, path, body, token);
/** The bodies of the screen's `path` requests, in order. */
function bodiesOf(page: Page, path: string): Row[] {
  const seen: Row[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(path)) seen.push((r.postDataJSON() as Row | null) ?? {});
  });
  return seen;
}

describe('account statistics', () => {
  test('a game and a range chosen and submitted: the request names them and the figures are their answer', async () => {
    const token = await apiToken(server);
    let asked: Row[] = [];
    const { page } = await openSignedIn(browser, server, '/account/statistics', { before: (p) => void (asked = bodiesOf(p, '/v1/gameAccount/statistics')) });
    const totals = page.locator('[data-testid=stats-totals] b');
    await totals.first().waitFor();
    // The default: every game over the last 90 days.
    const first = asked[0] as { startDate: string; endDate: string };
    expect(Object.keys(first).sort()).toEqual(['endDate', 'startDate']);
    expect((Date.parse(first.endDate) - Date.parse(first.startDate)) / 86_400_000).toBe(90);
    const before = await totals.allInnerTexts();
    // The range input shows both days whole (it cut the end off at the picker's own width).
    const range = page.locator('[data-filter=startDate] input');
    await expect.poll(() => range.inputValue()).toBe(`${first.startDate} - ${first.endDate}`);
    expect(await range.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

    // The game with the most income, found by typing in the picker's filter.
    const all = await call<{ byGame: { gameId: number; gameName: string }[] }>('/v1/gameAccount/statistics', {}, token);
    const game = all.byGame[0];
    await page.locator('[data-filter=gameId] .p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(game.gameName);
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: game.gameName }).first().click();
    // The 1st to the 15th of the month the range picker opens on.
    await page.locator('[data-filter=startDate] input').click();
    const days = page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span');
    await days.nth(0).click();
    await days.nth(14).click();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=stats-query]').click();

    await expect.poll(() => asked.length).toBe(2);
    const sent = asked[1] as { gameId: number; startDate: string; endDate: string };
    expect(sent.gameId).toBe(game.gameId);
    expect(sent.startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(sent.endDate).toBe(`${sent.startDate.slice(0, 8)}15`);
    const answer = await call<{ accountTotal: number; useCount: number }>('/v1/gameAccount/statistics', sent, token);
    await expect.poll(() => totals.allInnerTexts()).toEqual(expect.arrayContaining([String(answer.accountTotal), String(answer.useCount)]));
    expect(await totals.allInnerTexts()).not.toEqual(before);
    // The bar still shows what was asked.
    await expect(page.locator('[data-filter=gameId] .p-dropdown-label').innerText()).resolves.toBe(game.gameName);
  });
});

describe('inventory search', () => {
  test('what to search and the text, submitted by Enter and by the button: the total is the answer; a URL search fills the bar', async () => {
    const token = await apiToken(server);
    const { page } = await openSignedIn(browser, server, '/inventory/search');
    const text = page.locator('[data-testid=search-form] [data-filter=q] input');
    const total = page.locator('[data-testid=search-total]');
    const codeHint = await text.getAttribute('placeholder');

    // Accounts, by Enter.
    await page.locator('[data-testid=search-by] .p-button').nth(1).click();
    const accountHint = await text.getAttribute('placeholder');
    expect(accountHint).not.toBe(codeHint);
    // The box is named by its hint (a hidden label).
    await expect(page.getByLabel(accountHint!, { exact: true }).getAttribute('placeholder')).resolves.toBe(accountHint);
    await text.fill('player');
    await text.press('Enter');
    const accounts = await call<{ total: number }>('/v1/cardAccount/list', { pageNum: 1, pageSize: 1, keyword: 'player' }, token);
    expect(accounts.total).toBeGreaterThan(0);
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(accounts.total));

    // Goods, by the button.
    const goods = (await call<{ list: Row[] }>('/v1/stock/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    const name = String(goods.goodsName).slice(0, 2);
    const stock = await call<{ total: number }>('/v1/stock/list', { pageNum: 1, pageSize: 1, keyword: name }, token);
    await page.locator('[data-testid=search-by] .p-button').nth(2).click();
    await text.fill(name);
    await page.locator('[data-testid=search-submit]').click();
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(stock.total));

    // A search palette hit while the tab is open: the URL names a code search, the bar shows it and its answer.
    const codes = await call<{ total: number }>('/v1/card/list', { pageNum: 1, pageSize: 1, keyword: 'A' }, token);
    await goTo(page, server, '/inventory/search?by=code&q=A');
    await expect.poll(() => total.getAttribute('data-total')).toBe(String(codes.total));
    await expect(text.inputValue()).resolves.toBe('A');
    await expect(text.getAttribute('placeholder')).resolves.toBe(codeHint);
    await expect(page.locator('[data-testid=search-by] .p-highlight').innerText()).resolves.toBe(await page.locator('[data-testid=search-by] .p-button').nth(0).innerText());
  });
});

