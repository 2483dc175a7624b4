import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, apiToken, goTo, openSignedIn, resetMock, type E2EServer, e2eLifecycle } from './harness.js';

/**
 * The daily operator in Chromium: the search palette finds records (an order by its
 * number opens that order; what is typed right after the shortcut is kept; a phone number finds
 * its member; the operator never gets kinds it may not open), a list opens newest
 * first, the inventory search pages through every hit with its total, and on a phone a list's
 * tags and phone numbers can be scrolled into view whole.
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

type Row = Record<string, unknown> & { id: number };
const call = <T>(path: string, body: unknown, token: string) => apiCall<T>(server, path, body, token);

describe('search palette: records', () => {
  test('Ctrl+K, an order number → the hit opens that order', async () => {
    const token = await apiToken(server);
    // An order from the middle of the list, so "newest first" alone would not find it.
    const { list } = await call<{ list: Row[] }>('/v1/order/list', { pageNum: 3, pageSize: 10 }, token);
    const order = list[4];
    const { page, errors } = await openSignedIn(browser, server, '/', { ready: '[data-testid=layout-header]' });
    await page.keyboard.press('Control+k');
    const input = page.locator('[data-testid=search-input]');
    await input.waitFor();
    await input.fill(String(order.orderNo));
    const hit = page.locator(`[data-testid=search-record][data-kind=order][data-id="${order.id}"]`);
    await hit.waitFor();
    await expect(hit.innerText()).resolves.toContain(String(order.orderNo));
    // Keyboard only: the hit is the first row (no menu entry matches an order number).
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/order\/detail\?id=\d+$/);
    await page.locator('[data-testid=order-detail-view]').waitFor();
    await expect(page.locator('[data-testid=order-detail-view]').innerText()).resolves.toContain(String(order.orderNo));
    expect(errors).toEqual([]);
  });

  test('what is typed right after Ctrl+K is all in the box, and a phone number typed with spaces finds its member first', async () => {
    const token = await apiToken(server);
    const { list } = await call<{ list: Row[] }>('/v1/member/list', { pageNum: 2, pageSize: 10 }, token);
    const member = list.find((m) => m.phone)!;
    const phone = String(member.phone);
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const { page, errors } = await openSignedIn(browser, server, '/', { ready: '[data-testid=layout-header]' });
    // No wait between the shortcut and the typing: the keystrokes leave before the dialog is drawn.
    await page.keyboard.press('Control+k');
    await page.keyboard.type(spaced);
    const input = page.locator('[data-testid=search-input]');
    await expect.poll(() => input.inputValue()).toBe(spaced);
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const first = page.locator('[data-testid=search-record]').first();
    await expect.poll(() => first.getAttribute('data-id'), { timeout: 15_000 }).toBe(String(member.id));
    await expect(first.getAttribute('data-kind')).resolves.toBe('member');
    expect(errors).toEqual([]);
  });

  test('a member by phone opens the member list filtered to that member', async () => {
    const token = await apiToken(server);
    const { list } = await call<{ list: Row[] }>('/v1/member/list', { pageNum: 2, pageSize: 10 }, token);
    const member = list.find((m) => m.phone)!;
    const { page } = await openSignedIn(browser, server, '/', { ready: '[data-testid=layout-header]' });
    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill(String(member.phone));
    const hit = page.locator(`[data-testid=search-record][data-kind=member][data-id="${member.id}"]`);
    await hit.click();
    await page.waitForURL((u) => u.pathname === '/member/index' && u.searchParams.get('id') === String(member.id));
    // The list shows that member, by id (as every link to a member opens).
    await expect.poll(() => page.locator('[data-testid=crud-table] tbody tr').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(String(member.nickName))]);
  });

  test('the operator is offered only kinds whose screens it may open', async () => {
    const token = await apiToken(server);
    // A merchant's name (operator: no merchant screen) and an order number (operator: orders).
    const merchant = (await call<{ list: Row[] }>('/v1/merchant/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    const { page } = await openSignedIn(browser, server, '/', { user: 'operator', ready: '[data-testid=layout-header]' });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill(String(merchant.merchantName));
    await page.locator('[data-testid=search-empty], [data-testid=search-record]').first().waitFor();
    expect(await page.locator('[data-testid=search-record][data-kind=merchant]').count()).toBe(0);
    expect(requests).not.toContain('/v1/merchant/list');
    expect(requests).toContain('/v1/order/list');
  });
});

describe('lists and inventory search', () => {
  test('the order list opens newest first', async () => {
    const { page } = await openSignedIn(browser, server, '/order/index');
    await page.locator('[data-testid=crud-table] tbody tr').first().waitFor();
    const token = await apiToken(server);
    const newest = (await call<{ list: Row[] }>('/v1/order/list', { pageNum: 1, pageSize: 1, sortField: 'createTime', sortOrder: 'desc' }, token)).list[0];
    await expect.poll(() => page.locator('[data-testid=crud-table] tbody tr').first().innerText(), { timeout: 15_000 }).toContain(String(newest.orderNo));
    // The request named no sort: the order is the server's default, and the URL holds no sort of the user's.
    expect(page.url()).not.toContain('sortField');
  });

  test('inventory search pages through every hit and shows the total', async () => {
    const token = await apiToken(server);
    const { total } = await call<{ total: number }>('/v1/card/list', { pageNum: 1, pageSize: 1, keyword: 'A' }, token);
    expect(total).toBeGreaterThan(50);
    const { page } = await openSignedIn(browser, server, '/inventory/search?by=code&q=A');
    await page.locator('[data-testid=search-total]').waitFor();
    await expect(page.locator('[data-testid=search-total]').getAttribute('data-total')).resolves.toBe(String(total));
    const firstPage = await page.locator('[data-testid=search-results] tbody tr').first().innerText();
    await page.locator('[data-testid=search-results] .p-paginator-last').click();
    await expect.poll(() => page.locator('[data-testid=search-results] tbody tr').first().innerText(), { timeout: 15_000 }).not.toBe(firstPage);
    const rows = await page.locator('[data-testid=search-results] tbody tr').count();
    expect(rows).toBe(total % 10 || 10);
  });
});

/**
 * Whether `selector`'s element in the shown list, scrolled sideways to the right edge of its table,
 * is drawn whole: its content is not cut (scrollWidth ≤ clientWidth) and nothing (a frozen column)
 * covers either end of its text.
 */
function shownWhole(page: import('playwright-core').Page, column: string, pick: string) {
  return page.evaluate(
    ([column, pick]) => {
      const view = document.querySelector('.page-view:not([hidden])')!;
      const heads = [...view.querySelectorAll('[data-testid=crud-table] thead th')].map((th) => th.textContent?.trim());
      const at = heads.indexOf(column);
      const cells = [...view.querySelectorAll<HTMLElement>(`[data-testid=crud-table] tbody tr > td:nth-child(${at + 1})`)];
      const cell = cells.find((td) => (pick ? td.querySelector(pick) : td.textContent?.trim()));
      if (at < 0 || !cell) return `no ${column} cell`;
      const el = pick ? cell.querySelector<HTMLElement>(pick)! : cell;
      el.scrollIntoView({ block: 'center', inline: 'end' });
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      const y = r.top + r.height / 2;
      const ends = [r.left + 1, r.right - 1].map((x) => document.elementFromPoint(x, y));
      return {
        text: el.textContent,
        cut: el.scrollWidth > el.clientWidth,
        covered: ends.some((hit) => !hit || !el.contains(hit)),
        outsideCell: r.left < cell.getBoundingClientRect().left - 0.5 || r.right > cell.getBoundingClientRect().right + 0.5,
      };
    },
    [column, pick] as const,
  );
}

/**
 * Adds the column headed `column` to the shown list through its column chooser, as an operator
 * does for a column the window's width leaves out; resolves once its header shows.
 */
async function showColumn(page: import('playwright-core').Page, column: string) {
  const view = page.locator('.page-view:not([hidden])');
  await view.locator('[data-testid=crud-columns]').click();
  await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: column }).click();
  await page.keyboard.press('Escape');
  await view.locator('[data-testid=crud-table] thead th', { hasText: column }).waitFor();
}

describe('phone width (390×844)', () => {
  // On a phone a list shows its essential columns; the source and the contact are added in the chooser.
  test("the member list's source tag and the feedback list's phone number are shown whole", async () => {
    const { page, errors } = await openSignedIn(browser, server, '/member/index', { width: 390, height: 844 });
    await page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr').first().waitFor();
    await showColumn(page, '来源');
    // 邀请注册 (invited), the longest source.
    await expect.poll(() => shownWhole(page, '来源', '.crud-tag[data-value="4"]')).toEqual({ text: '邀请注册', cut: false, covered: false, outsideCell: false });
    await goTo(page, server, '/feedback/index');
    await page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr').first().waitFor();
    await showColumn(page, '联系方式');
    await expect.poll(() => shownWhole(page, '联系方式', '')).toMatchObject({ text: expect.stringMatching(/^1\d{10}$/), cut: false, covered: false, outsideCell: false });
    expect(errors).toEqual([]);
  });
});
