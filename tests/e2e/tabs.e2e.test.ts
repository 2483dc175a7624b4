import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, goTo, openSignedIn, resetMock, shot, signInByApi, type Account, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});


/** Retries an assertion while the UI settles (generous: CI machines can be busy). */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
/** The open tabs' titles, in order. */
const titles = (page: Page) => page.locator('[data-testid=tab] .tabs-title').allTextContents();
const activeTitle = (page: Page) => page.locator('[data-testid=tab][aria-selected=true] .tabs-title').textContent();
const tabByTitle = (page: Page, title: string) => page.locator('[data-testid=tab]', { has: page.locator('.tabs-title', { hasText: new RegExp(`^${title}$`) }) });
const menuItem = (page: Page, menu: 'tabs-context-menu' | 'tabs-dropdown-menu', action: string) => page.locator(`[data-testid=${menu}] .tabs-menu-${action}`);
/** Whether a PrimeReact menu entry is shown disabled (greyed, not clickable). */
const isDisabled = (item: ReturnType<typeof menuItem>) =>
  item.evaluate((el) => el.getAttribute('aria-disabled') === 'true' || el.classList.contains('p-disabled') || !!el.querySelector('.p-disabled'));


/** A fresh page signed in through the API (storage seeded first), on the user's home path. */
async function signedIn(opts: { user?: Account; seed?: Record<string, unknown> } = {}) {
  const opened = await openSignedIn(browser, server, '/', { user: opts.user, seed: opts.seed, ready: '.layout-header' });
  await opened.page.waitForURL(/\/(home\/work|dashboard\/analysis)$/);
  return opened;
}

describe('multi-tab navigation in Chromium (spec §2 Multi-tab, §4, §5)', () => {
  test('pages open as tabs; closing the current tab goes to the previous one; the affix home tab never closes; middle-click closes', async () => {
    const { page, errors } = await signedIn();
    await page.locator('[data-testid=tab]').first().waitFor();
    // The home path is the one affix tab: pinned, no close button, and the only tab shows none.
    await poll(() => titles(page)).toEqual(['工作台']);
    await expect(page.locator('[data-testid=tab] .tabs-close').count()).resolves.toBe(0);

    await goTo(page, server, '/dashboard/analysis');
    await goTo(page, server, '/order/index');
    await goTo(page, server, '/feedback/index');
    await poll(() => titles(page)).toEqual(['工作台', '分析页', '订单列表', '反馈列表']);
    await poll(() => activeTitle(page)).toBe('反馈列表');
    // Login's sibling, the error page, is never a tab; neither is an unknown path.
    await goTo(page, server, '/exception?status=500');
    await goTo(page, server, '/no/such/page');
    await poll(() => titles(page)).toHaveLength(4);
    await expect(page.locator('[data-testid=tab][aria-selected=true]').count()).resolves.toBe(0);
    // Opening an open page again activates its tab instead of adding one.
    await goTo(page, server, '/order/index');
    await poll(() => titles(page)).toHaveLength(4);
    await poll(() => activeTitle(page)).toBe('订单列表');
    await goTo(page, server, '/feedback/index');
    await shot(page, 'tabs-bar-zh');

    // Close the current (last) tab with its close button → the previous tab.
    await tabByTitle(page, '反馈列表').locator('.tabs-close').click();
    await page.waitForURL(/\/order\/index$/);
    await poll(() => titles(page)).toEqual(['工作台', '分析页', '订单列表']);
    await poll(() => activeTitle(page)).toBe('订单列表');

    // Middle-click closes a tab that is not the current one; the current page stays.
    await tabByTitle(page, '分析页').click({ button: 'middle' });
    await poll(() => titles(page)).toEqual(['工作台', '订单列表']);
    expect(page.url()).toBe(server.url + '/order/index');

    // The affix home tab: no close button, Close disabled in its context menu, close all keeps it.
    await expect(tabByTitle(page, '工作台').locator('.tabs-close').count()).resolves.toBe(0);
    await tabByTitle(page, '工作台').click({ button: 'right' });
    await menuItem(page, 'tabs-context-menu', 'close').waitFor();
    await expect(isDisabled(menuItem(page, 'tabs-context-menu', 'close'))).resolves.toBe(true);
    await expect(isDisabled(menuItem(page, 'tabs-context-menu', 'closeLeft'))).resolves.toBe(true);
    // Refresh is only for the active tab.
    await expect(isDisabled(menuItem(page, 'tabs-context-menu', 'refresh'))).resolves.toBe(true);
    // …while Close right and Close all are offered.
    await expect(isDisabled(menuItem(page, 'tabs-context-menu', 'closeRight'))).resolves.toBe(false);
    await expect(isDisabled(menuItem(page, 'tabs-context-menu', 'closeAll'))).resolves.toBe(false);
    expect(errors).toEqual([]);
  });

  test('context menu: close left/right/other act on the right-clicked tab and make it active; the dropdown closes all', async () => {
    const { page, errors } = await signedIn();
    for (const p of ['/dashboard/analysis', '/order/index', '/feedback/index', '/member/index']) await goTo(page, server, p);
    await poll(() => titles(page)).toEqual(['工作台', '分析页', '订单列表', '反馈列表', '会员列表']);

    // Close right of 反馈列表 (current is 会员列表, to its right) → 反馈列表 becomes current.
    await tabByTitle(page, '反馈列表').click({ button: 'right' });
    await menuItem(page, 'tabs-context-menu', 'closeRight').click();
    await page.waitForURL(/\/feedback\/index$/);
    await poll(() => titles(page)).toEqual(['工作台', '分析页', '订单列表', '反馈列表']);

    // Close left of 订单列表 → 分析页 goes, the affix home stays; 订单列表 becomes current.
    await tabByTitle(page, '订单列表').click({ button: 'right' });
    await shot(page, 'tabs-context-menu-zh');
    await menuItem(page, 'tabs-context-menu', 'closeLeft').click();
    await page.waitForURL(/\/order\/index$/);
    await poll(() => titles(page)).toEqual(['工作台', '订单列表', '反馈列表']);

    // Close other from 反馈列表.
    await tabByTitle(page, '反馈列表').click({ button: 'right' });
    await menuItem(page, 'tabs-context-menu', 'closeOther').click();
    await page.waitForURL(/\/feedback\/index$/);
    await poll(() => titles(page)).toEqual(['工作台', '反馈列表']);

    // The dropdown acts on the active tab: Close closes the current one → previous (home).
    await goTo(page, server, '/order/index');
    await page.locator('[data-testid=tabs-dropdown]').click();
    await menuItem(page, 'tabs-dropdown-menu', 'close').click();
    await page.waitForURL(/\/feedback\/index$/);
    await poll(() => titles(page)).toEqual(['工作台', '反馈列表']);
    // Close all → the last remaining tab (the affix home).
    await page.locator('[data-testid=tabs-dropdown]').click();
    await menuItem(page, 'tabs-dropdown-menu', 'closeAll').click();
    await page.waitForURL(/\/home\/work$/);
    await poll(() => titles(page)).toEqual(['工作台']);
    expect(errors).toEqual([]);
  });

  test('keep-alive keeps the dashboard range across a tab switch; refresh resets it; closing the tab drops it', async () => {
    const { page, errors } = await signedIn();
    await goTo(page, server, '/dashboard/analysis');
    const range = page.locator('.an-range');
    await range.getByText('近 12 个月').click();
    const monthly = () => range.locator('.p-highlight').textContent();
    await expect(monthly()).resolves.toBe('近 12 个月');

    // Switch to the home tab and back: the dashboard was kept, hidden, with its state.
    await tabByTitle(page, '工作台').click();
    await page.waitForURL(/\/home\/work$/);
    await expect(page.locator('[data-page-path="/dashboard/analysis"]').isHidden()).resolves.toBe(true);
    await tabByTitle(page, '分析页').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await expect(monthly()).resolves.toBe('近 12 个月');

    // Refresh remounts the page without leaving the route: the state is gone.
    await page.locator('[data-testid=tabs-refresh]').click();
    await expect(range.locator('.p-highlight').textContent()).resolves.toBe('近 30 天');
    expect(page.url()).toBe(server.url + '/dashboard/analysis');

    // A closed tab's page unmounts: reopening starts fresh.
    await range.getByText('近 12 个月').click();
    await tabByTitle(page, '分析页').locator('.tabs-close').click();
    await page.waitForURL(/\/home\/work$/);
    await expect(page.locator('[data-page-path="/dashboard/analysis"]').count()).resolves.toBe(0);
    await goTo(page, server, '/dashboard/analysis');
    await expect(range.locator('.p-highlight').textContent()).resolves.toBe('近 30 天');
    expect(errors).toEqual([]);
  });

  test('a tab switch shows its page, then writes the URL and title; back and forward follow; a leave guard still asks first', async () => {
    const { page, errors } = await signedIn();
    await goTo(page, server, '/dashboard/analysis');
    await goTo(page, server, '/order/index');
    const shown = (path: string) => page.locator(`.page-view[data-page-path="${path}"]:not([hidden])`);

    // The page, the active tab, the side menu's entry, the breadcrumbs, then the URL and the title.
    await tabByTitle(page, '分析页').click();
    await shown('/dashboard/analysis').waitFor();
    await poll(() => activeTitle(page)).toBe('分析页');
    await page.waitForURL(/\/dashboard\/analysis$/);
    await poll(() => page.title()).toBe('分析页 - 游戏商城运营后台');
    await expect(page.locator('[data-testid=side-menu] a.is-active').getAttribute('data-menu-path')).resolves.toBe('/dashboard/analysis');
    await poll(() => page.locator('[data-testid=breadcrumbs]').innerText()).toContain('分析页');
    // The clicked tab has the focus, and is the tablist's one stop in the tab order.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-key'))).toBe('/dashboard/analysis');
    await expect(page.locator('[data-testid=tab][tabindex="0"]').getAttribute('data-key')).resolves.toBe('/dashboard/analysis');
    await page.keyboard.press('ArrowLeft');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-key'))).toBe('/home/work');
    await shot(page, 'tabs-switch-zh');

    // Back returns to the tab left; forward to the one shown (each switch is one history entry).
    await page.goBack();
    await page.waitForURL(/\/order\/index$/);
    await shown('/order/index').waitFor();
    await poll(() => activeTitle(page)).toBe('订单列表');
    await poll(() => page.title()).toBe('订单列表 - 游戏商城运营后台');
    await page.goForward();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await shown('/dashboard/analysis').waitFor();
    await poll(() => activeTitle(page)).toBe('分析页');

    // Two switches in a row keep both entries, in order.
    await tabByTitle(page, '订单列表').click();
    await tabByTitle(page, '工作台').click();
    await page.waitForURL(/\/home\/work$/);
    await page.goBack();
    await page.waitForURL(/\/order\/index$/);
    await shown('/order/index').waitFor();

    // A click on a tab while the tab clicked before it has the focus: the focus moves to the tab
    // clicked, the one stop in the tab order (tabs8: the tab left gives the focus up first).
    const focusedKey = () => page.evaluate(() => document.activeElement?.getAttribute('data-key'));
    await tabByTitle(page, '分析页').click();
    await poll(focusedKey).toBe('/dashboard/analysis');
    await tabByTitle(page, '订单列表').click();
    await shown('/order/index').waitFor();
    await poll(focusedKey).toBe('/order/index');
    await expect(page.locator('[data-testid=tab][tabindex="0"]').getAttribute('data-key')).resolves.toBe('/order/index');

    // A page with unsaved changes asks before a tab switch; refused, nothing changes; accepted, the switch happens.
    await goTo(page, server, '/goods/add');
    const form = shown('/goods/add');
    await form.locator('[data-field="goodsName"] input').fill('E2E typed');
    const addTitle = await activeTitle(page);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await tabByTitle(page, '分析页').click();
    await poll(async () => asked).toEqual(['confirm']);
    expect(new URL(page.url()).pathname).toBe('/goods/add');
    await expect(activeTitle(page)).resolves.toBe(addTitle);
    await expect(form.count()).resolves.toBe(1);
    await expect(form.locator('[data-field="goodsName"] input').inputValue()).resolves.toBe('E2E typed');
    page.once('dialog', (d) => void d.accept());
    await tabByTitle(page, '分析页').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await shown('/dashboard/analysis').waitFor();
    await poll(() => activeTitle(page)).toBe('分析页');
    expect(errors).toEqual([]);
  });

  test('a tab switch in English on the dark theme: page, tab, menu entry, breadcrumbs, URL and title', async () => {
    const { page, errors } = await signedIn({ seed: { [StorageKey.locale]: 'en' } });
    await goTo(page, server, '/order/index');
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await tabByTitle(page, 'Workbench').click();
    await page.locator('.page-view[data-page-path="/home/work"]:not([hidden])').waitFor();
    await poll(() => activeTitle(page)).toBe('Workbench');
    await page.waitForURL(/\/home\/work$/);
    await poll(() => page.title()).toBe('Workbench - Game Commerce Console');
    await tabByTitle(page, 'Orders').click();
    await page.waitForURL(/\/order\/index$/);
    await poll(() => page.title()).toBe('Orders - Game Commerce Console');
    await expect(page.locator('[data-testid=side-menu] a.is-active').getAttribute('data-menu-path')).resolves.toBe('/order/index');
    await poll(() => page.locator('[data-testid=breadcrumbs]').innerText()).toContain('Orders');
    await shot(page, 'tabs-switch-en-dark');
    expect(errors).toEqual([]);
  });

  test('tabs survive a reload (cached), and logging out resets them', async () => {
    const { page } = await signedIn();
    await goTo(page, server, '/order/index?status=1');
    await goTo(page, server, '/feedback/index');
    await goTo(page, server, '/order/index?status=2');
    // One tab per route: the order list's tab follows its query where it stands (its filters are view state).
    await poll(() => titles(page)).toEqual(['工作台', '订单列表', '反馈列表']);
    await page.reload();
    await page.locator('[data-testid=tab]').first().waitFor();
    await poll(() => titles(page)).toEqual(['工作台', '订单列表', '反馈列表']);
    await expect(page.locator('[data-testid=tab][aria-selected=true]').getAttribute('data-key')).resolves.toBe('/order/index?status=2');

    await page.locator('[data-testid=user-menu]').click();
    await page.getByText('退出系统').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await page.waitForURL(/\/login$/);
    await signInByApi(page, server);
    await page.goto(server.url + '/');
    await page.waitForURL(/\/home\/work$/);
    await page.locator('[data-testid=tab]').first().waitFor();
    await poll(() => titles(page)).toEqual(['工作台']);
  });

  test('each order opens its own tab titled with its number; an open order switches to its tab; a reload keeps the record', async () => {
    const { page, errors } = await signedIn();
    await goTo(page, server, '/order/index');
    const list = page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr');
    await list.nth(1).waitFor();
    const token = await apiToken(server);
    const orders = (await apiCall<{ list: { id: number; orderNo: string }[] }>(server, '/v1/order/list', { pageNum: 1, pageSize: 10 }, token)).list;
    const [a, b] = orders;
    const shown = (page: Page) => page.locator('.page-view:not([hidden]) [data-testid=order-detail-view] h3').textContent();
    const openFromList = async (row: number) => {
      await tabByTitle(page, '订单列表').click();
      await list.nth(row).locator('[data-testid=order-detail]').click();
    };
    await openFromList(0);
    await poll(() => shown(page)).toContain(a.orderNo);
    await poll(() => activeTitle(page)).toBe(`订单 ${a.orderNo}`);
    await openFromList(1);
    // B in a tab of its own; A's tab is still there and still shows A.
    await poll(() => shown(page)).toContain(b.orderNo);
    await poll(() => titles(page)).toEqual(['工作台', '订单列表', `订单 ${a.orderNo}`, `订单 ${b.orderNo}`]);
    await poll(() => activeTitle(page)).toBe(`订单 ${b.orderNo}`);
    await shot(page, 'tabs-two-orders-zh');
    await tabByTitle(page, `订单 ${a.orderNo}`).click();
    await poll(() => shown(page)).toContain(a.orderNo);
    // Opening A again from the list switches to A's tab instead of adding one.
    await openFromList(1);
    await poll(() => shown(page)).toContain(b.orderNo);
    await openFromList(0);
    await poll(() => activeTitle(page)).toBe(`订单 ${a.orderNo}`);
    await poll(() => shown(page)).toContain(a.orderNo);
    await poll(() => titles(page)).toHaveLength(4);
    // A reload keeps the record shown and both tabs with their titles.
    await page.reload();
    await poll(() => shown(page)).toContain(a.orderNo);
    await poll(() => titles(page)).toEqual(['工作台', '订单列表', `订单 ${a.orderNo}`, `订单 ${b.orderNo}`]);
    expect(errors).toEqual([]);
  });

  test('English, the operator (home path is the dashboard), dark theme', async () => {
    const { page, errors } = await signedIn({ user: 'operator', seed: { [StorageKey.locale]: 'en' } });
    await page.waitForURL(/\/dashboard\/analysis$/);
    await poll(() => titles(page)).toEqual(['Analysis']);
    await goTo(page, server, '/order/index');
    await goTo(page, server, '/home/work');
    await poll(() => titles(page)).toEqual(['Analysis', 'Orders', 'Workbench']);
    // The operator's pinned tab is the dashboard.
    await expect(tabByTitle(page, 'Analysis').locator('.tabs-close').count()).resolves.toBe(0);
    await tabByTitle(page, 'Orders').click({ button: 'right' });
    await poll(() => page.locator('[data-testid=tabs-context-menu] .p-menuitem-text').allTextContents()).toEqual([
      'Reload',
      'Close',
      'Close tabs on the left',
      'Close tabs on the right',
      'Close other tabs',
      'Close all tabs',
    ]);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 700);
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await shot(page, 'tabs-bar-en-dark');
    expect(errors).toEqual([]);
  });

  test('with multi-tab off the bar is hidden; the fold button maximises the content', async () => {
    const off = await signedIn({ seed: { [StorageKey.projectConfig]: { multiTabsSetting: { show: false } } } });
    await off.page.locator('.layout-header').waitFor();
    await expect(off.page.locator('[data-testid=tabs-bar]').count()).resolves.toBe(0);
    // Pages still render and navigate without tabs.
    await goTo(off.page, server, '/dashboard/analysis');
    await off.page.locator('.an-range').waitFor();

    const { page } = await signedIn();
    await page.locator('[data-testid=tabs-fold]').click();
    await expect(page.locator('.layout-header').count()).resolves.toBe(0);
    await expect(page.locator('.layout--full-content').count()).resolves.toBe(1);
  });
});
