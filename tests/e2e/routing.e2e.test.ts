import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS, openSignedIn, resetMock, seedStorage, shot, type Account, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';
import { ROUTE_TABLE } from '../../server/contract/route-table';

/**
 * Routes, menu and permissions in Chromium: the three
 * permission modes of spec §6 with both demo accounts, button permissions, the side menu
 * (collapse, accordion, narrow-screen drawer), breadcrumbs, 404 for screens not built yet, frame
 * pages and the /redirect helper.
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

const OPERATOR: Account = 'operator';

/** A fresh page signed in through the API as `user` on its home path, the storage seeded first (project config, locale, dark mode). */
async function signedIn(opts: { user?: Account; seed?: Record<string, unknown>; width?: number; before?: (page: Page) => Promise<unknown> } = {}) {
  const warnings: string[] = [];
  const user = opts.user ?? 'admin';
  const opened = await openSignedIn(browser, server, '/', {
    user,
    seed: opts.seed,
    width: opts.width,
    ready: null,
    before: async (page) => {
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await opts.before?.(page);
    },
  });
  await opened.page.waitForURL(server.url + ACCOUNTS[user].home);
  await opened.page.locator('[data-testid=side-menu]').first().waitFor();
  return { ...opened, warnings };
}

const menu = (page: Page) => page.locator('[data-testid=side-menu]').first();
/** The top-level entries of the side menu, as shown. */
const topLevel = (page: Page) => menu(page).locator('.shell-menu-list > li > .shell-menu-item .shell-menu-label').allInnerTexts();
const group = (page: Page, title: string) => menu(page).locator('[data-menu-group]', { hasText: title });
const isOpen = (page: Page, title: string) => group(page, title).evaluate((b) => b.parentElement!.getAttribute('aria-expanded') === 'true');

describe('permission modes and button permissions (spec §6)', () => {
  test('route mapping: the two demo accounts see different menus and buttons; the menu holds the whole §2 table', async () => {
    const admin = await signedIn();
    const adminTop = await topLevel(admin.page);
    expect(adminTop).toHaveLength(ROUTE_TABLE.length);
    // orderNo ascending (spec §6, §9): Home first, System (30) last.
    expect(adminTop[0]).toBe('首页');
    expect(adminTop.at(-1)).toBe('系统管理');
    expect(adminTop.slice(-3)).toEqual(['会员管理', '商户管理', '系统管理']);
    await admin.page.locator('[data-testid=menu-manage]').waitFor();
    await shot(admin.page, 'routing-admin-zh');
    // /redirect/{path} (spec §2) goes to the path with its query.
    await admin.page.goto(server.url + '/redirect/dashboard/analysis?range=month');
    await admin.page.waitForURL(server.url + '/dashboard/analysis?range=month');

    const op = await signedIn({ user: OPERATOR });
    const opTop = await topLevel(op.page);
    expect(opTop).toContain('订单管理');
    for (const g of ['系统管理', 'CDK 管理', '客户端', '财务管理', '商户管理', '数据统计']) expect(opTop).not.toContain(g);
    expect(opTop.length).toBeLessThan(adminTop.length);
    // The operator lacks SystemMenu codes: the shell's menu-management button is not rendered.
    expect(await op.page.locator('[data-testid=menu-manage]').count()).toBe(0);
    // A route of another role exists but is not the operator's: 403 inside the layout (spec §8 page codes), not 404.
    await op.page.goto(server.url + '/system/account');
    await op.page.locator('[data-testid=exception][data-status="403"]').waitFor();
    await shot(op.page, 'routing-operator-zh');
    expect(admin.errors).toEqual([]);
    expect(op.errors).toEqual([]);
  });

  test("back-end mode: menus and routes come from the server, sorted by orderNo descending; codes from /v1/getPermCode", async () => {
    const calls: string[] = [];
    const admin = await signedIn({
      seed: { [StorageKey.projectConfig]: { permissionMode: 'BACK' } },
      before: async (page) => page.on('request', (r) => calls.push(new URL(r.url()).pathname)),
    });
    expect(calls).toContain('/v1/admin/adminMenus');
    expect(calls).toContain('/v1/getPermCode');
    const top = await topLevel(admin.page);
    expect(top[0]).toBe('系统管理');
    expect(top).toHaveLength(ROUTE_TABLE.length);
    await admin.page.locator('[data-testid=menu-manage]').waitFor();
    await shot(admin.page, 'routing-back-admin-zh');

    const op = await signedIn({ user: OPERATOR, seed: { [StorageKey.projectConfig]: { permissionMode: 'BACK' } } });
    const opTop = await topLevel(op.page);
    expect(opTop[0]).toBe('会员管理');
    expect(opTop).not.toContain('系统管理');
    expect(await op.page.locator('[data-testid=menu-manage]').count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });

  test('back-end mode: a failed menu load is logged and leaves an empty menu', async () => {
    const { page, errors } = await signedIn({
      seed: { [StorageKey.projectConfig]: { permissionMode: 'BACK' } },
      before: (p) => p.route('**/v1/admin/adminMenus', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"message":"menu store down","data":null}' })),
    });
    expect(await topLevel(page)).toEqual([]);
    expect(errors.some((e) => e.includes('back-end menu could not be loaded'))).toBe(true);
    await page.locator('[data-testid=layout-header]').waitFor();
  });

  test("role mode: routes and menu filtered by the role ids; Home opens the user's home path", async () => {
    const { page } = await signedIn({ user: OPERATOR, seed: { [StorageKey.projectConfig]: { permissionMode: 'ROLE' } } });
    const top = await topLevel(page);
    expect(top[0]).toBe('首页');
    expect(top).not.toContain('系统管理');
    // Spec §2 "Home path": the operator's home is the dashboard.
    await menu(page).getByText('首页').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
  });
});

describe('side menu (spec §4, §9)', () => {
  test('accordion on: one group open; collapse shows icons with a flyout; accordion off: several open', async () => {
    const { page, errors } = await signedIn({ seed: { [StorageKey.darkMode]: true } });
    await group(page, '订单管理').click();
    expect(await isOpen(page, '订单管理')).toBe(true);
    await group(page, '商品管理').click();
    expect(await isOpen(page, '商品管理')).toBe(true);
    expect(await isOpen(page, '订单管理')).toBe(false);
    await menu(page).getByText('优惠券').click();
    await page.waitForURL(/\/goods\/coupon$/);
    expect(await menu(page).locator('.shell-menu-item.is-active').innerText()).toBe('优惠券');
    expect(await menu(page).evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
    await shot(page, 'routing-menu-dark-zh');

    // Collapse: icons only (64 px), a flyout lists the group's entries.
    await page.locator('[data-testid=menu-toggle]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=side-menu]')!.getBoundingClientRect().width === 64);
    expect((await menu(page).locator('.shell-menu-label').count())).toBe(0);
    const goods = menu(page).locator('[data-menu-group="/goods"]');
    const flyout = page.locator('[data-testid=menu-flyout]');
    // Hovering opens the flyout, and a click on the icon the pointer rests on keeps it open (it
    // used to close it whenever the hover had been drawn first); a second click closes it.
    await goods.hover();
    await flyout.waitFor();
    const drawn = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await goods.click();
    await drawn();
    expect(await flyout.count()).toBe(1);
    await goods.click();
    await flyout.waitFor({ state: 'detached' });
    await goods.click();
    await flyout.waitFor();
    expect(await flyout.locator('.shell-menu-flyout-title').innerText()).toBe('商品管理');
    await shot(page, 'routing-collapsed-flyout-dark-zh');
    await flyout.getByText('商品标签').click();
    await page.waitForURL(/\/goods\/tag$/);
    await flyout.waitFor({ state: 'detached' });
    await page.locator('[data-testid=menu-toggle]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=side-menu]')!.getBoundingClientRect().width === 210);

    // Accordion off (same session, config changed and page reloaded): several groups stay open.
    await seedStorage(page, { [StorageKey.projectConfig]: { menuSetting: { accordion: false } } });
    await menu(page).waitFor();
    await group(page, '订单管理').click();
    expect(await isOpen(page, '商品管理')).toBe(true);
    expect(await isOpen(page, '订单管理')).toBe(true);
    expect(errors).toEqual([]);
  });

  test('below 992 px the menu is a forced sidebar drawer; wide again the earlier (collapsed) settings come back', async () => {
    const { page, errors } = await signedIn({ seed: { [StorageKey.projectConfig]: { menuSetting: { collapsed: true } } } });
    expect(await menu(page).evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await page.setViewportSize({ width: 800, height: 820 });
    // Narrow: no menu column; the header button opens the whole menu (not collapsed) as a drawer.
    await page.waitForFunction(() => !document.querySelector('.side-menu'));
    await page.locator('[data-testid=menu-toggle]').click();
    const drawer = page.locator('.shell-menu-drawer [data-testid=side-menu]');
    await drawer.waitFor();
    expect(await drawer.evaluate((el) => el.getBoundingClientRect().width)).toBe(210);
    await drawer.locator('[data-menu-group="/order"]').click();
    await shot(page, 'routing-narrow-drawer-zh');
    await drawer.getByText('订单列表').click();
    await page.waitForURL(/\/order\/index$/);
    await drawer.waitFor({ state: 'detached' });
    // Wide again: the collapsed menu is back as configured.
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.waitForFunction(() => document.querySelector('.side-menu')?.getBoundingClientRect().width === 64);
    expect(errors).toEqual([]);
  });
});

describe('breadcrumbs, 404, frames and /redirect (spec §2, §3)', () => {
  test('breadcrumbs with icons in English link a group to its redirect; a production console prints no developer warnings', async () => {
    const { page, warnings, errors } = await signedIn({ seed: { [StorageKey.locale]: 'en', [StorageKey.projectConfig]: { showBreadCrumbIcon: true } } });
    // In-app navigation (same page life), the way a link navigates.
    await page.evaluate(() => {
      history.pushState(null, '', '/order/back');
    });
    const crumbs = page.locator('[data-testid=breadcrumbs]');
    await crumbs.waitFor();
    expect(await crumbs.locator('li').allInnerTexts()).toEqual(['Orders', 'Refund orders']);
    expect(await crumbs.locator('[data-testid=breadcrumb-icon]').count()).toBe(1);
    await page.locator('[data-testid=crud-table]').first().waitFor();
    await expect(page.title()).resolves.toBe('Refund orders - Game Commerce Console');
    await menu(page).waitFor();
    await shot(page, 'routing-breadcrumbs-en');
    await crumbs.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/order\/index$/);
    // Spec §8 developer warnings belong to development builds; every route has its view file anyway.
    expect(warnings.filter((w) => w.includes('route building'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a route with a frame source embeds it; with embedding off it offers a new window', async () => {
    const FRAME_HTML = '<!doctype html><title>demo</title><h1 id="framed">Embedded demo</h1>';
    const withFrame = async (page: Page) => {
      await page.route('**/v1/admin/adminMenus', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { code: number; data: unknown[]; message: string };
        body.data.push({ name: 'FrameDemo', path: '/frame/demo', title: 'Frame demo', sort: 99, icon: 'pi pi-window-maximize', frameSrc: '/embedded/demo.html' });
        await route.fulfill({ response: res, json: body });
      });
      await page.route('**/embedded/demo.html', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: FRAME_HTML }));
    };
    const { page, errors } = await signedIn({ seed: { [StorageKey.projectConfig]: { permissionMode: 'BACK' } }, before: withFrame });
    expect((await topLevel(page))[0]).toBe('Frame demo');
    await menu(page).getByText('Frame demo').click();
    await page.waitForURL(/\/frame\/demo$/);
    const frame = page.frameLocator('[data-testid=frame-iframe]');
    await frame.locator('#framed').waitFor();
    await shot(page, 'routing-frame-zh');
    expect(errors).toEqual([]);

    await seedStorage(page, { [StorageKey.projectConfig]: { permissionMode: 'BACK', canEmbedIFramePage: false } });
    await page.locator('[data-testid=frame-disabled]').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });
});

describe('a screen whose script file fails to load (spec §8)', () => {
  test('answered 503 twice: an error screen with retry inside the shell, the menu keeps working, retry shows the screen', async () => {
    let failing = true;
    const fetches: number[] = [];
    const { page, errors } = await signedIn({
      before: (p) =>
        p.route(/\/assets\/analysis\.page-[A-Z0-9]+\.js(\?retry=\d+)?$/, (r) => {
          fetches.push(failing ? 503 : 200);
          return failing ? r.fulfill({ status: 503, contentType: 'text/plain', body: 'busy' }) : r.continue();
        }),
    });
    const shown = page.locator('.page-view:not([hidden])');
    await menu(page).getByText('仪表盘').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    const failed = shown.locator('[data-testid=chunk-error]');
    await failed.waitFor();
    // Fetched once more before giving up; the screen says so in the user's language.
    expect(fetches).toEqual([503, 503]);
    expect(await failed.locator('.chunk-error-title').innerText()).toBe('页面加载失败');
    expect(await failed.locator('.chunk-error-message').innerText()).toContain('菜单和标签页仍可使用');
    expect(await failed.getByTestId('chunk-error-retry').innerText()).toBe('重试');
    await shot(page, 'routing-chunk-error-zh');

    // The rest of the shell works: the menu opens another screen, the tab bar comes back.
    await menu(page).getByText('首页').click();
    await page.waitForURL(/\/home\/work$/);
    await shown.locator('[data-testid=workbench]').waitFor();
    failing = false;
    await page.locator('[data-testid=tab][data-key="/dashboard/analysis"]').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    await shown.getByTestId('chunk-error-retry').click();
    await shown.locator('[data-testid=analysis]').waitFor();
    expect(await shown.locator('[data-testid=chunk-error]').count()).toBe(0);
    expect(fetches.slice(0, 2)).toEqual([503, 503]);
    expect(fetches.slice(2)).toEqual([200]);
    // The browser's own reports of the two refused fetches are the only errors.
    expect(errors.filter((e) => !e.includes('503') && !e.includes('dynamically imported module'))).toEqual([]);
  });
});
