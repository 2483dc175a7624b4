import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS, apiCall, apiToken, openSignedIn, resetMock, shot, type Account, type E2EServer, e2eLifecycle } from './harness.js';

/**
 * The shell's look in Chromium: menu search (spec §2), language (§4), theme and dark
 * mode (§4/§5/§9), and the settings drawer (§3), for both demo accounts where they differ.
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

/** A fresh page signed in through the API as `user`, on its home path with the header shown. */
async function signedIn(opts: { user?: Account } = {}) {
  const user = opts.user ?? 'admin';
  const opened = await openSignedIn(browser, server, '/', { user, ready: '[data-testid=layout-header]' });
  await opened.page.waitForURL(server.url + ACCOUNTS[user].home);
  return opened;
}

const results = (page: Page) => page.locator('[data-testid=search-result]');
const activeIndex = (page: Page) => results(page).evaluateAll((rows) => rows.findIndex((r) => r.getAttribute('aria-selected') === 'true'));
const css = (page: Page, selector: string, prop: string) => page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
/** Waits until a computed style settles on `value` (buttons animate their colours), then checks it. */
async function expectStyle(page: Page, selector: string, prop: string, value: string) {
  await page
    .waitForFunction(([sel, p, v]) => { const el = document.querySelector(sel); return !!el && getComputedStyle(el).getPropertyValue(p) === v; }, [selector, prop, value], { timeout: 3000 })
    .catch(() => undefined);
  expect(await css(page, selector, prop)).toBe(value);
}
const htmlFilter = (page: Page) => page.evaluate(() => document.documentElement.style.filter);
const setting = (page: Page, field: string) => page.locator(`[data-testid=setting-${field}]`);
const toggleSetting = (page: Page, field: string) => setting(page, field).locator('.p-inputswitch').click();
/** Opens the settings drawer and waits until it shows. */
async function openSettings(page: Page) {
  await page.locator('[data-testid=settings-button]').click();
  await page.locator('[data-testid=settings-drawer]').waitFor();
}
/** Closes the settings drawer (Escape) and waits until it is gone, so its mask no longer covers the header. */
async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=settings-drawer]').waitFor({ state: 'hidden' });
}
/** Closes the menu search (Escape) and waits until it is gone. */
async function closeSearch(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=search-modal]').waitFor({ state: 'detached' });
}

describe('menu search (spec §2)', () => {
  test('Ctrl+K opens it focused; in-order matching, wrap-around arrows, hover, Enter navigates, Escape closes, no-data text', async () => {
    const { page, errors } = await signedIn();
    // Ctrl+K works from anywhere, even while a text field has focus.
    await page.keyboard.press('Control+k');
    const input = page.locator('[data-testid=search-input]');
    await input.waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'search-input');
    // A blank query shows nothing.
    await page.locator('.menu-search-note').waitFor();
    expect(await results(page).count()).toBe(0);

    // In-order characters with anything between: 订表 matches 订单列表.
    await input.fill('订表');
    await results(page).first().waitFor();
    expect(await results(page).allInnerTexts()).toEqual(['订单管理 > 订单列表']);
    await expect(results(page).first().locator('mark').allInnerTexts()).resolves.toEqual(['订', '表']);

    await input.fill('订单');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=search-result]').length === 3);
    // Menu order, full chain labels.
    expect(await results(page).allInnerTexts()).toEqual(['订单管理 > 订单列表', '订单管理 > 退款订单', '租号管理 > 租号订单']);
    await shot(page, 'look-search-zh');
    expect(await activeIndex(page)).toBe(0);
    await page.keyboard.press('ArrowUp');
    expect(await activeIndex(page)).toBe(2);
    await page.keyboard.press('ArrowDown');
    expect(await activeIndex(page)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await activeIndex(page)).toBe(0);
    await results(page).nth(1).hover();
    expect(await activeIndex(page)).toBe(1);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/order\/back$/);
    await page.locator('[data-testid=search-modal]').waitFor({ state: 'detached' });

    // The header button opens it too; nothing matching shows the no-data text; Escape closes.
    await page.locator('[data-testid=search-button]').click();
    await input.fill('zzzz');
    await expect(page.locator('[data-testid=search-empty]').innerText()).resolves.toContain('暂无搜索结果');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=search-modal]').waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/order\/back$/);

    // A click opens a result as well.
    await page.keyboard.press('Control+k');
    await input.fill('仪表');
    await results(page).first().click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    expect(errors).toEqual([]);
  });

  test('only the user’s visible entries: the operator finds no System pages', async () => {
    const { page } = await signedIn({ user: 'operator' });
    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill('账号');
    await results(page).first().waitFor();
    const labels = await results(page).allInnerTexts();
    expect(labels).toContain('游戏账号 > 账号列表');
    expect(labels.join('|')).not.toContain('系统管理');
    // Hidden pages (add/modify) never show.
    await page.locator('[data-testid=search-input]').fill('新增');
    await page.locator('[data-testid=search-empty]').waitFor();
  });
});

describe('language (spec §4)', () => {
  test("a zh_CN search form's pickers stand as tall as its text inputs (Chinese text in a label does not grow its line)", async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/order/index');
    try {
      const form = page.locator('.page-view:not([hidden]) .crud-search');
      await page.locator('.page-view:not([hidden]) .p-datatable-tbody > tr').first().waitFor();
      const heights = () =>
        form.evaluate((f) =>
          [...f.querySelectorAll('input.p-inputtext, .p-dropdown, .p-calendar')].map((e) => `${e.className.split(' ').find((c) => c.startsWith('p-')) ?? ''}:${Math.round(e.getBoundingClientRect().height)}`),
        );
      const drawn = await heights();
      expect(drawn.some((h) => h.startsWith('p-dropdown:'))).toBe(true);
      expect(new Set(drawn.map((h) => h.split(':')[1])).size, drawn.join(' ')).toBe(1);
      expect(await form.locator('.p-dropdown-label').first().textContent()).toMatch(/[\u4e00-\u9fff]/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('switching updates menu, tabs, page title and PrimeReact’s own texts; the pack loads lazily', async () => {
    const { page, errors } = await signedIn();
    const packs: string[] = [];
    page.on('request', (r) => {
      const m = /\/assets\/(en|zh_CN)-[A-Z2-7]{8}\.js$/.exec(r.url());
      if (m) packs.push(m[1]);
    });
    await expect(page.title()).resolves.toBe('工作台 - 游戏商城运营后台');
    await page.locator('[data-testid=locale-picker]').click();
    await page.locator('.locale-item--en').click();
    await page.waitForFunction(() => document.title === 'Workbench - Game Commerce Console');
    expect(packs).toEqual(['en']);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.locator('[data-testid=layout]').innerText()).resolves.toContain('Orders');
    await expect(page.locator('[data-testid=tabs-bar]').innerText()).resolves.toContain('Workbench');

    // PrimeReact's own texts: the reset confirmation uses its accept/reject labels.
    await page.locator('[data-testid=settings-button]').click();
    await page.locator('[data-testid=settings-reset]').click();
    await expect(page.locator('.p-confirm-dialog-accept').innerText()).resolves.toBe('Yes');
    await expect(page.locator('.p-confirm-dialog-reject').innerText()).resolves.toBe('No');
    await page.locator('.p-confirm-dialog-reject').click();
    await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
    await shot(page, 'look-settings-en');
    await closeSettings(page);

    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill('orders');
    await results(page).first().waitFor();
    await expect(results(page).first().innerText()).resolves.toBe('Orders > Orders');
    await shot(page, 'look-search-en');
    await closeSearch(page);

    // With "reload after switching language" on, switching back to Chinese reloads the page, which
    // comes back in Chinese (the choice is remembered), PrimeReact included.
    await openSettings(page);
    await toggleSetting(page, 'reloadOnLocaleChange');
    await closeSettings(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('[data-testid=locale-picker]').click();
    await Promise.all([page.waitForEvent('load'), page.locator('.locale-item--zh_CN').click()]);
    await page.waitForFunction(() => document.title === '工作台 - 游戏商城运营后台');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    await page.locator('[data-testid=settings-button]').click();
    await page.locator('[data-testid=settings-reset]').click();
    await expect(page.locator('.p-confirm-dialog-accept').innerText()).resolves.toBe('是');
    await page.locator('.p-confirm-dialog-reject').click();
    expect(errors).toEqual([]);
  });
});

describe('theme (spec §4, §5, §9)', () => {
  test('dark mode persists across reload and is applied before first paint; header and menu take the dark defaults', async () => {
    const { page, errors } = await signedIn();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForFunction(() => document.getElementById('theme-link')?.getAttribute('href')?.includes('theme-dark'));
    await expectStyle(page, '[data-testid=layout-header]', 'background-color', 'rgb(21, 21, 21)');
    await expect(page.locator('html').getAttribute('data-header-theme')).resolves.toBe('dark');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--menu-bg'))).toBe('#212121');

    // What the page looks like when the DOM is parsed, before the app's scripts run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const link = document.getElementById('theme-link');
        (window as unknown as { __dcl: unknown }).__dcl = {
          theme: document.documentElement.dataset.theme,
          href: link?.getAttribute('href'),
          sheets: [...document.styleSheets].filter((s) => s.ownerNode === link).length,
          primary: document.documentElement.style.getPropertyValue('--primary-color'),
        };
      });
    });
    await page.reload();
    await page.locator('[data-testid=layout-header]').waitFor();
    const dcl = (await page.evaluate(() => (window as unknown as { __dcl: Record<string, unknown> }).__dcl)) as { theme: string; href: string; sheets: number; primary: string };
    expect(dcl.theme).toBe('dark');
    expect(dcl.href).toMatch(/theme-dark-[A-Z2-7]{8}\.css$/);
    expect(dcl.sheets).toBe(1);
    expect(dcl.primary).toBe('#0960bd');
    await openSettings(page);
    await shot(page, 'look-settings-zh-dark');
    await closeSettings(page);
    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill('统计');
    await results(page).first().waitFor();
    await shot(page, 'look-search-zh-dark');
    await closeSearch(page);
    // The same in English.
    await page.locator('[data-testid=locale-picker]').click();
    await page.locator('.locale-item--en').click();
    await page.waitForFunction(() => document.title === 'Workbench - Game Commerce Console');
    await page.keyboard.press('Control+k');
    await page.locator('[data-testid=search-input]').fill('stat');
    await results(page).first().waitFor();
    await shot(page, 'look-search-en-dark');
    await closeSearch(page);
    await openSettings(page);
    await shot(page, 'look-settings-en-dark');
    await closeSettings(page);

    // Back to light: the configured header colour returns.
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await expectStyle(page, '[data-testid=layout-header]', 'background-color', 'rgb(255, 255, 255)');
    expect(errors).toEqual([]);
  });
});

describe('settings drawer (spec §3)', () => {
  test('theme colour, hex check, header/menu colours, filters, layout switches: live, persisted, copied, reset', async () => {
    const { page, errors, context } = await signedIn();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.locator('[data-testid=settings-button]').click();
    await page.locator('[data-testid=settings-drawer]').waitFor();
    await shot(page, 'look-settings-zh');
    const primaryButton = '[data-testid=settings-copy]';
    await expectStyle(page, primaryButton, 'background-color', 'rgb(9, 96, 189)');

    // Theme colour from a swatch, then typed.
    await page.locator('[data-testid=swatches-themeColor] [aria-label="#009688"]').click();
    await expectStyle(page, primaryButton, 'background-color', 'rgb(0, 150, 136)');
    const hex = page.locator('[data-testid=theme-color-input]');
    await hex.fill('#12');
    await expect(page.locator('[data-testid=theme-color-error]').innerText()).resolves.toBe('请输入有效的十六进制颜色：# 后跟 3 或 6 位十六进制数字');
    // An invalid colour is never applied.
    await expectStyle(page, primaryButton, 'background-color', 'rgb(0, 150, 136)');
    await hex.fill('#f5c');
    await page.locator('[data-testid=theme-color-error]').waitFor({ state: 'detached' });
    await expectStyle(page, primaryButton, 'background-color', 'rgb(255, 85, 204)');

    // Header and menu colours with their computed themes.
    await page.locator('[data-testid=swatches-headerBg] [aria-label="#009688"]').click();
    await expectStyle(page, '[data-testid=layout-header]', 'background-color', 'rgb(0, 150, 136)');
    await expect(page.locator('html').getAttribute('data-header-theme')).resolves.toBe('dark');
    await page.locator('[data-testid=swatches-menuBg] [aria-label="#ffffff"]').click();
    await expect(page.locator('html').getAttribute('data-menu-theme')).resolves.toBe('light');

    // Gray mode and colour weak filter the whole page.
    await toggleSetting(page, 'grayMode');
    expect(await htmlFilter(page)).toBe('grayscale(100%)');
    await toggleSetting(page, 'colorWeak');
    expect(await htmlFilter(page)).toBe('grayscale(100%) invert(80%)');
    await toggleSetting(page, 'grayMode');
    expect(await htmlFilter(page)).toBe('invert(80%)');
    await toggleSetting(page, 'colorWeak');
    expect(await htmlFilter(page)).toBe('');

    // Layout switches apply live.
    await setting(page, 'contentMode').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: '定宽' }).click();
    await expectStyle(page, '#main-content', 'max-width', '1200px');
    await toggleSetting(page, 'showFooter');
    await page.locator('[data-testid=layout-footer]').waitFor({ state: 'detached' });
    await toggleSetting(page, 'showDarkModeToggle');
    await page.locator('[data-testid=theme-toggle]').waitFor({ state: 'detached' });
    await toggleSetting(page, 'headerFixed');
    await expectStyle(page, '[data-testid=layout-top]', 'position', 'relative');
    await shot(page, 'look-settings-zh-changed');

    // Everything survives a reload.
    await page.reload();
    await page.locator('[data-testid=layout-header]').waitFor();
    await expectStyle(page, '[data-testid=layout-header]', 'background-color', 'rgb(0, 150, 136)');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary-color'))).toBe('#ff55cc');
    await expectStyle(page, '#main-content', 'max-width', '1200px');
    expect(await page.locator('[data-testid=layout-footer]').count()).toBe(0);
    expect(await page.locator('[data-testid=theme-toggle]').count()).toBe(0);

    // Copy config: the JSON of the current config on the clipboard, and a toast that says so.
    await page.locator('[data-testid=settings-button]').click();
    await page.locator('[data-testid=settings-copy]').click();
    await expect(page.locator('.p-toast-message').last().innerText()).resolves.toContain('当前配置已复制到剪贴板');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toMatchObject({ themeColor: '#ff55cc', contentMode: 'fixed', showFooter: false, headerSetting: { bgColor: '#009688', fixed: false }, menuSetting: { bgColor: '#ffffff', menuWidth: 210 } });

    // Reset asks first (PrimeReact's texts), then restores the §9 defaults.
    await page.locator('[data-testid=settings-reset]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await expect(page.locator('.p-toast-message').last().innerText()).resolves.toContain('已恢复默认配置');
    await expectStyle(page, primaryButton, 'background-color', 'rgb(9, 96, 189)');
    await expectStyle(page, '[data-testid=layout-header]', 'background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('html').getAttribute('data-menu-theme')).resolves.toBe('dark');
    await page.locator('[data-testid=theme-toggle]').waitFor();
    await page.locator('[data-testid=layout-footer]').waitFor();

    // The settings button can float at the right edge; in full content ('auto') it floats too, so
    // the drawer stays reachable without the header.
    await setting(page, 'settingButtonPosition').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: '固定在右侧' }).click();
    await page.locator('.settings-fab').waitFor();
    expect(await page.locator('[data-testid=layout-header] [data-testid=settings-button]').count()).toBe(0);
    await setting(page, 'settingButtonPosition').locator('.p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: '自动' }).click();
    await page.locator('.settings-fab').waitFor({ state: 'detached' });
    await toggleSetting(page, 'fullContent');
    await page.locator('[data-testid=layout-header]').waitFor({ state: 'detached' });
    await page.locator('.settings-fab').waitFor();

    // Spec §4: changing the permission mode reloads the page, which comes back in the new mode; a
    // reset that changes the mode back reloads too.
    await setting(page, 'permissionMode').locator('.p-dropdown').click();
    await Promise.all([page.waitForEvent('load'), page.locator('.p-dropdown-item', { hasText: '后台菜单' }).click()]);
    await page.locator('.settings-fab').click();
    await expect(setting(page, 'permissionMode').locator('.p-dropdown-label').innerText()).resolves.toBe('后台菜单');
    await page.locator('[data-testid=settings-reset]').click();
    await Promise.all([page.waitForEvent('load'), page.locator('.p-confirm-dialog-accept').click()]);
    await page.locator('[data-testid=layout-header]').waitFor();
    await page.locator('[data-testid=settings-button]').click();
    await expect(setting(page, 'permissionMode').locator('.p-dropdown-label').innerText()).resolves.toBe('路由映射');
    expect(errors).toEqual([]);
  });
});

describe('wide lists in a 1280×720 window', () => {
  /**
   * What a 1280×720 window shows of a list: the named headers' boxes, whether the table or the page
   * scrolls sideways, how many rows end inside the window, and the search form's toggle.
   */
  const fold = (page: Page, headers: string[]) =>
    page.evaluate((names) => {
      const table = document.querySelector<HTMLElement>('[data-testid=crud-table] .p-datatable-wrapper')!;
      const ths = [...document.querySelectorAll<HTMLElement>('[data-testid=crud-table] thead th')];
      const boxes = names.map((n) => {
        const th = ths.find((h) => h.textContent?.trim() === n);
        const r = th?.getBoundingClientRect();
        return { name: n, inside: !!r && r.left >= 0 && r.right <= innerWidth };
      });
      const rows = [...document.querySelectorAll('[data-testid=crud-table] tbody tr')].filter((r) => r.getBoundingClientRect().bottom <= innerHeight).length;
      const toggle = document.querySelector('[data-testid=crud-search-toggle]');
      return {
        boxes,
        sideways: table.scrollWidth > table.clientWidth + 1 || document.documentElement.scrollWidth > innerWidth,
        rows,
        expanded: toggle?.getAttribute('aria-expanded') ?? null,
      };
    }, headers);

  for (const [route, headers] of [
    ['/goods/index', ['商品名称', '售价', '库存', '状态', '创建时间']],
    ['/order/index', ['订单号', '实付', '状态', '下单时间']],
  ] as const) {
    test(`${route}: the price, status and time headers are on screen without scrolling sideways, and rows show under the one-row search form`, async () => {
      const { page, errors, context } = await openSignedIn(browser, server, route, { width: 1280, height: 720, ready: '[data-testid=crud-table] tbody tr' });
      // The columns settle once the table has measured its room.
      await page
        .waitForFunction(() => { const w = document.querySelector<HTMLElement>('[data-testid=crud-table] .p-datatable-wrapper'); return !!w && w.scrollWidth <= w.clientWidth + 1; }, undefined, { timeout: 5000 })
        .catch(() => undefined);
      const seen = await fold(page, [...headers]);
      await shot(page, `look-list-1280-${route.split('/')[1]}`);
      expect(seen.boxes).toEqual(headers.map((name) => ({ name, inside: true })));
      expect(seen.sideways).toBe(false);
      expect(seen.expanded).toBe('false');
      expect(seen.rows).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('a list layout follows the account', () => {
  test('columns reordered and pinned in one browser appear in another after sign-in', async () => {
    const headers = (page: Page) => page.locator('[data-testid=crud-table] thead th[role=columnheader]').evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));
    const first = await openSignedIn(browser, server, '/order/index', { ready: '[data-testid=crud-table] tbody tr' });
    const { page } = first;
    const before = await headers(page);
    await page.locator('[data-testid=crud-layout]').click();
    const rows = page.locator('[data-testid=crud-layout-column]');
    const names = await rows.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-column')!));
    // The second shown column moves up to the front; the first (the order number) is pinned right.
    const row = (c: string) => page.locator(`[data-testid=crud-layout-column][data-column="${c}"]`);
    await row(names[1]).locator('[data-testid=crud-layout-up]').click();
    await row(names[0]).locator('[data-testid=crud-layout-pin-right]').click();
    await page.keyboard.press('Escape');
    await page.waitForFunction((was) => JSON.stringify([...document.querySelectorAll('[data-testid=crud-table] thead th[role=columnheader]')].map((th) => th.textContent?.trim() ?? '').filter(Boolean)) !== was, JSON.stringify(before));
    const chosen = await headers(page);
    expect(chosen[chosen.length - 2]).toBe(before[0]);
    expect(chosen[0]).toBe(before[1]);
    // The moved column is widened by dragging its header's edge.
    const th = page.locator('[data-testid=crud-table] thead th[role=columnheader]').first();
    const wide = Math.round((await th.boundingBox())!.width) + 60;
    const edge = (await th.locator('[data-testid=crud-col-resizer]').boundingBox())!;
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 + 30, edge.y + edge.height / 2, { steps: 3 });
    await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + edge.height / 2, { steps: 3 });
    await page.mouse.up();
    // Saved for the account once the burst settles.
    const token = await apiToken(server, 'admin');
    type Layout = { pinned?: Record<string, string>; widths?: Record<string, number> };
    const saved = async () => (await apiCall<{ key: string; value: Layout }[]>(server, '/console/preference/list', {}, token)).find((p) => p.key.startsWith('columns:'))?.value;
    await expect.poll(async () => (await saved())?.pinned).toEqual({ [names[0]]: 'right' });
    await expect.poll(async () => Math.abs(((await saved())?.widths?.[names[1]] ?? 0) - wide) <= 2).toBe(true);
    // The pinned column stays right beside the row actions, in the header and in every row.
    const pinnedAt = () => page.evaluate(() => [...document.querySelectorAll('[data-testid=crud-table] .crud-pinned--right')].map((e) => Math.round(e.getBoundingClientRect().right)));
    await expect.poll(async () => new Set(await pinnedAt()).size).toBe(1);
    await shot(page, 'look-list-layout-pinned');
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Another browser (own, empty storage) signed in as the same account.
    const second = await openSignedIn(browser, server, '/order/index', { ready: '[data-testid=crud-table] tbody tr', keepPreferences: true });
    await expect.poll(() => headers(second.page)).toEqual(chosen);
    await expect(second.page.locator('[data-testid=crud-table] thead th.crud-pinned--right').innerText()).resolves.toBe(before[0]);
    const width = (await saved())!.widths![names[1]];
    await expect(second.page.locator('[data-testid=crud-table] thead th[role=columnheader]').first().evaluate((el) => (el as HTMLElement).style.width)).resolves.toBe(`${width}px`);
    await shot(second.page, 'look-list-layout-second');
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});
