import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, openSignedIn, resetMock, shot, type Account, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';

/**
 * References in Chromium: a reference is a link that opens its record (an
 * order's member, and from the member back to the order), the rent listing's account is chosen by
 * name, a feedback screenshot opens in the viewer, the goods area picker follows the platform, and
 * the order list's row actions beyond the first two sit in a labelled "More" menu.
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

/** The page shown (others are kept alive, hidden, in their tabs). */
const V = '.page-view:not([hidden]) ';
const field = (page: Page, name: string) => page.locator(`${V}[data-field="${name}"]`);

async function open(route: string, opts: { user?: Account; locale?: 'en'; dark?: boolean } = {}) {
  const seed: Record<string, unknown> = {};
  if (opts.locale) seed[StorageKey.locale] = opts.locale;
  if (opts.dark) seed[StorageKey.darkMode] = true;
  return openSignedIn(browser, server, route, { user: opts.user, seed });
}

/** The shown table's body rows once it has finished loading. */
async function rows(page: Page) {
  await page.locator(`${V}[data-testid=crud-table]`).first().waitFor();
  await page.waitForFunction((v) => !document.querySelector(`${v}.p-datatable-loading-overlay`), V);
  return page.locator(`${V}[data-testid=crud-table] tbody tr`);
}

describe('references are links', () => {
  test('operator: from an order row to its member (the member list filtered to them) and back; from the member to their order', async () => {
    const { page, errors } = await open('/order/index', { user: 'operator' });
    const first = (await rows(page)).first();
    const link = first.locator('[data-testid=crud-ref-link][data-entity=member]');
    const nick = (await link.innerText()).trim();
    const orderNo = (await first.locator('[data-testid=crud-ref-link][data-entity=order]').innerText()).trim();
    // A real anchor: its href is the record's screen (middle-click opens it in a browser tab).
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/member\/index\?id=\d+$/);
    const memberId = Number(new URL(href!, server.url).searchParams.get('id'));
    await link.click();
    await page.waitForURL((u) => u.pathname === '/member/index' && u.searchParams.get('id') === String(memberId));
    await expect.poll(async () => (await rows(page)).allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(nick)]);
    // The filter shows in the search form, where Reset clears it.
    expect(await page.locator(`${V}[data-filter=id] input`).inputValue()).toBe(String(memberId));
    // Back: the browser's history returns to the order list.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/order/index');
    // From the member's detail, their order opens the order's detail.
    await page.goto(`${server.url}/member/index?id=${memberId}`);
    await (await rows(page)).first().locator('[data-testid=member-detail]').click();
    const orders = page.locator('[data-testid=member-detail-dialog] [data-testid=member-orders]');
    const orderLink = orders.locator('[data-testid=crud-ref-link][data-entity=order]', { hasText: orderNo });
    await orderLink.waitFor();
    await orderLink.click();
    await page.waitForURL(/\/order\/detail\?id=\d+$/);
    await page.locator('[data-testid=order-detail-view] h3', { hasText: orderNo }).waitFor();
    // The detail's member is a link too.
    await expect(page.locator('[data-testid=order-member] a').getAttribute('href')).resolves.toBe(`/member/index?id=${memberId}`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('the order list: two actions labelled in the row, the rest in a labelled "More" menu with their permission checks', async () => {
    const { page, errors } = await open('/order/index', { locale: 'en' });
    const first = (await rows(page)).first();
    await expect(first.locator('[data-testid=order-confirmDelivery]').innerText()).resolves.toBe('Confirm delivery');
    await expect(first.locator('[data-testid=order-confirm]').innerText()).resolves.toBe('Confirm receipt');
    const more = first.locator('[data-testid=order-row-actions-more]');
    await expect(more.getAttribute('aria-label')).resolves.toBe('More actions (4)');
    await more.click();
    const menu = page.getByRole('menu', { name: 'More actions' });
    await menu.waitFor();
    await expect(menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')?.replace(/ \(.*\)$/, '')))).resolves.toEqual(['Reissue', 'Risk', 'Cancel order', 'Refund']);
    // Refund is open to a paid order; the menu entry opens its dialog.
    const refund = menu.getByRole('menuitem', { name: /^Refund/ });
    if ((await refund.getAttribute('aria-disabled')) !== 'true') {
      await refund.click();
      await page.locator('.p-dialog', { hasText: 'Refund' }).first().waitFor();
      await page.keyboard.press('Escape');
    }
    if (process.env.E2E_SCREENS) {
      await more.click();
      await menu.waitFor();
      await shot(page, 'refs-order-more-en');
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('a user without the order actions gets no menu: the operator holds update, so the menu is there; the admin too', async () => {
    const { page } = await open('/order/index', { user: 'operator' });
    await expect((await rows(page)).first().locator('[data-testid=order-row-actions-more]').count()).resolves.toBe(1);
    await page.context().close();
  }, 60_000);
});

describe('related records', () => {
  test('a goods row opens its stock and its recent orders, each order a link to its detail', async () => {
    const token = await apiToken(server);
    // Goods that were ordered (the newest order's first goods).
    const order = (await call<{ list: Row[] }>('/v1/order/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    const goodsId = (order.goodsIds as number[])[0];
    const { page, errors } = await open(`/goods/index?id=${goodsId}`, { locale: 'en' });
    await (await rows(page)).first().locator('[data-testid=crud-related]').click();
    const dialog = page.locator('[data-testid=related-dialog]');
    await dialog.locator('[data-testid=related-stock]').waitFor();
    const orders = dialog.locator('[data-testid=related-order]');
    await orders.locator('[data-testid=crud-ref-link][data-entity=order]').first().waitFor();
    const listed = await orders.locator('[data-testid=crud-ref-link][data-entity=order]').allInnerTexts();
    expect(listed.length).toBeGreaterThan(0);
    // Newest first: the newest order holding these goods leads.
    const newest = (await call<{ list: Row[] }>('/v1/order/list', { pageNum: 1, pageSize: 1, goodsIds: goodsId }, token)).list[0];
    expect(listed[0].trim()).toBe(String(newest.orderNo));
    await orders.locator('[data-testid=crud-ref-link][data-entity=order]').first().click();
    await page.waitForURL(/\/order\/detail\?id=\d+$/);
    await page.locator('[data-testid=order-detail-view] h3', { hasText: String(newest.orderNo) }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('references are chosen, not typed', () => {
  test('the rent listing\'s account is chosen by name and shown by name', async () => {
    const token = await apiToken(server);
    const { list } = await call<{ list: Row[] }>('/v1/rentAccount/list', { pageNum: 1, pageSize: 50, verifyStatus: 1 }, token);
    const account = list.find((a) => a.status !== 3 && String(a.account).length >= 4)!;
    const text = String(account.account);
    const { page, errors } = await open('/rent/list', { locale: 'en' });
    await rows(page);
    await page.locator(`${V}[data-testid=crud-add]`).click();
    const dialog = page.locator('[data-testid=crud-dialog]');
    await dialog.waitFor();
    // Type a part of the name: the server's list answers (its keyword), not a cached first page.
    const input = dialog.locator('[data-field=rentAccountId] input');
    const searched = page.waitForResponse((r) => r.url().endsWith('/v1/rentAccount/list') && (r.request().postDataJSON() as { keyword?: string }).keyword === text.slice(0, 4));
    await input.pressSequentially(text.slice(0, 4), { delay: 30 });
    await searched;
    // On a loaded machine a click can land while the panel is still being drawn: pick again until chosen.
    await expect
      .poll(
        async () => {
          if ((await input.inputValue()) === text) return true;
          if (!(await page.locator('.p-autocomplete-panel').isVisible())) {
            await input.fill('');
            await input.pressSequentially(text.slice(0, 4), { delay: 30 });
          }
          await page.locator('.p-autocomplete-panel .p-autocomplete-item', { hasText: text }).first().click({ timeout: 5000 }).catch(() => undefined);
          return (await input.inputValue()) === text;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    await dialog.locator('[data-field=title] input').fill('E2E listing by name');
    await dialog.locator('[data-field=hourlyPrice] input').fill('12');
    await dialog.locator('[data-field=dailyPrice] input').fill('99');
    await dialog.locator('[data-testid=crud-form-save]').click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (e) => {
      await page.screenshot({ path: '/tmp/refs-rent-fail.png' });
      throw e;
    });
    const saved = await call<{ list: Row[] }>('/v1/rentListing/list', { pageNum: 1, pageSize: 5, title: 'E2E listing by name' }, token);
    expect(saved.list.map((r) => r.rentAccountId)).toEqual([account.id]);
    // The list shows the account by its name.
    await page.goto(`${server.url}/rent/list?title=E2E%20listing`);
    await (await rows(page)).first().locator('[data-testid=crud-ref-link][data-entity=rentAccount]', { hasText: text }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('the goods area picker offers the chosen platform\'s areas and drops a foreign one when the platform changes', async () => {
    const token = await apiToken(server);
    const platforms = await call<Row[]>('/v1/goodsPlatform/listAll', {}, token);
    const areas = (await call<{ list: Row[] }>('/v1/goodsArea/list', { pageNum: 1, pageSize: 100 }, token)).list;
    const withAreas = platforms.filter((p) => areas.some((a) => a.platformId === p.id));
    expect(withAreas.length).toBeGreaterThan(1);
    const [a, b] = withAreas;
    const names = (p: Row) => areas.filter((x) => x.platformId === p.id).map((x) => String(x.areaName)).sort();
    const { page, errors } = await open('/goods/add', { locale: 'en' });
    await field(page, 'platformId').waitFor();
    // No platform yet: nothing to choose.
    await expect(field(page, 'areaId').locator('.p-dropdown-label').innerText()).resolves.toMatch(/^Choose .+ first$/);
    const pick = async (name: string, text: string) => {
      await field(page, name).locator('.p-dropdown').click();
      await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: text }).first().click();
      // The panel closes with a transition: until it is gone its items would be read with the next panel's.
      await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    };
    await pick('platformId', String(a.platformName));
    await field(page, 'areaId').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().waitFor();
    expect((await page.locator('.p-dropdown-panel .p-dropdown-item').allInnerTexts()).map((s) => s.trim()).sort()).toEqual(names(a));
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await expect(field(page, 'areaId').locator('.p-dropdown-label').innerText()).resolves.not.toBe('Choose');
    // Another platform: the area of the first is no longer valid and is cleared.
    await pick('platformId', String(b.platformName));
    await expect.poll(() => field(page, 'areaId').locator('.p-dropdown-label').innerText()).toBe('Choose');
    await field(page, 'areaId').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().waitFor();
    expect((await page.locator('.p-dropdown-panel .p-dropdown-item').allInnerTexts()).map((s) => s.trim()).sort()).toEqual(names(b));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('screenshots can be seen', () => {
  test('a feedback screenshot opens in the viewer, from the list and from the reply dialog', async () => {
    const token = await apiToken(server);
    let fb: Row | undefined;
    for (let pageNum = 1; !fb && pageNum <= 5; pageNum++) {
      fb = (await call<{ list: Row[] }>('/v1/feedback/findAll', { pageNum, pageSize: 100 }, token)).list.find((r) => Array.isArray(r.images) && (r.images as string[]).length > 0);
    }
    expect(fb).toBeTruthy();
    const images = fb!.images as string[];
    const { page, errors } = await open(`/feedback/index?id=${fb!.id}`, { locale: 'en' });
    const row = (await rows(page)).first();
    const thumb = row.locator('[data-testid=crud-thumb-open]').first();
    await expect(thumb.getAttribute('aria-label')).resolves.toBe(`View image 1 of ${images.length}`);
    await thumb.click();
    const viewer = page.locator('[data-testid=crud-viewer-img]');
    await viewer.waitFor();
    await expect(viewer.getAttribute('src')).resolves.toBe(images[0]);
    await expect(page.locator('[data-testid=crud-viewer-caption]').innerText()).resolves.toBe(`1 / ${images.length}`);
    await shot(page, 'refs-feedback-viewer-en');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // The reply dialog shows them too.
    await row.locator('[data-testid=feedback-reply]').click();
    const reply = page.locator('[data-testid=reply-images]');
    await reply.waitFor();
    expect(await reply.locator('[data-testid=crud-thumb]').count()).toBe(images.length);
    await reply.locator('[data-testid=crud-thumb-open]').first().click();
    await viewer.waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('screens for review (E2E_SCREENS=1)', () => {
  test.runIf(!!process.env.E2E_SCREENS)('order list, order detail, member detail, feedback list in both languages and themes', async () => {
    const token = await apiToken(server);
    const order = (await call<{ list: Row[] }>('/v1/order/list', { pageNum: 1, pageSize: 20, status: 3 }, token)).list[0];
    for (const locale of ['zh_CN', 'en'] as const) {
      for (const dark of [false, true]) {
        const tag = `${locale}-${dark ? 'dark' : 'light'}`;
        const { page } = await open('/order/index', { locale: locale === 'en' ? 'en' : undefined, dark });
        await rows(page);
        await shot(page, `refs-order-list-${tag}`);
        await (await rows(page)).locator('[data-testid=crud-ref-link][data-entity=order]', { hasText: String(order.orderNo) }).first().click().catch(async () => {
          await page.goto(`${server.url}/order/index?orderNo=${String(order.orderNo)}`);
          await (await rows(page)).first().locator('[data-testid=crud-ref-link][data-entity=order]').click();
        });
        await page.locator('[data-testid=order-detail-view] h3').waitFor();
        await page.waitForFunction(() => !document.querySelector('.p-datatable-loading-overlay'));
        await shot(page, `refs-order-detail-${tag}`);
        await page.goto(`${server.url}/member/index?id=${String(order.memberId)}`);
        await (await rows(page)).first().locator('[data-testid=member-detail]').click();
        await page.locator('[data-testid=member-detail-dialog] [data-testid=member-feedback]').waitFor();
        await page.waitForFunction(() => !document.querySelector('.p-datatable-loading-overlay'));
        await shot(page, `refs-member-detail-${tag}`);
        await page.goto(`${server.url}/feedback/index`);
        await rows(page);
        await shot(page, `refs-feedback-list-${tag}`);
        await page.context().close();
      }
    }
  }, 300_000);
});
