import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { StorageKey } from '../../web/lib/storage';
import { apiToken, e2eLifecycle, goTo, openSignedIn, resetMock, shot, signIn, type E2EServer } from './harness.js';

/**
 * System and Statistics areas in Chromium: a menu taken from the operator's role is gone
 * from the operator's menu at the next sign-in; an icon picked through the picker's search; a
 * password change signs out and the new password signs in; a statistics screen switching range and
 * granularity in English on the dark theme. Screenshots of the screens in both languages and themes.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/** An API call against the e2e server (in-process), answering the envelope's data. */
async function api<T = any>(url: string, body: unknown = {}, token?: string): Promise<T> {
  const r = await server.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: token } : {} });
  const env = r.json();
  if (env.code !== 200) throw new Error(`${url}: ${env.message}`);
  return env.data as T;
}

/** A page signed in through the API as `user` (plus `seed` storage), opened at `route`. */
const openAs = (user: 'admin' | 'operator', route: string, seed: Record<string, unknown> = {}) => openSignedIn(browser, server, route, { user, seed });
const reset = () => resetMock(server);
const EN_DARK = { [StorageKey.locale]: 'en', [StorageKey.darkMode]: true };
const topLevel = (page: Page) => page.locator('[data-testid=side-menu]').first().locator('.shell-menu-list > li > .shell-menu-item .shell-menu-label').allInnerTexts();

describe('System area', () => {
  test("a menu taken from the operator's role in /system/role is gone from the operator's menu at the next sign-in", async () => {
    await reset();
    const admin = await apiToken(server, 'admin');
    const roles = await api<{ list: { id: number; roleKey: string }[] }>('/v1/role/list', { pageNum: 1, pageSize: 50 }, admin);
    const operatorRole = roles.list.find((r) => r.roleKey === 'operator')!;
    const back = { [StorageKey.projectConfig]: { permissionMode: 'BACK' } };

    const before = await openAs('operator', '/dashboard/analysis', back);
    await before.page.locator('[data-testid=side-menu]').first().waitFor();
    expect(await topLevel(before.page)).toContain('订单管理');
    await before.context.close();

    const { page, errors, context } = await openAs('admin', '/system/role/modify', { roleId: operatorRole.id });
    const orderNode = page.locator('[data-testid=role-menus] .p-treenode-content', { hasText: '订单管理' }).first();
    await orderNode.waitFor();
    await shot(page, 'system-role-modify-zh');
    await orderNode.locator('.p-checkbox').click();
    await page.locator('[data-testid=crud-form-save]').click();
    await page.waitForURL((u) => u.pathname === '/system/role');
    expect(errors).toEqual([]);
    await context.close();

    const after = await openAs('operator', '/dashboard/analysis', back);
    await after.page.locator('[data-testid=side-menu]').first().waitFor();
    const menus = await topLevel(after.page);
    expect(menus).toContain('意见反馈');
    expect(menus).not.toContain('订单管理');
    await after.context.close();
    await reset();
  });

  test("an icon picked through the picker's search is saved on the menu", async () => {
    await reset();
    const admin = await apiToken(server, 'admin');
    const menus = await api<{ list: { id: number; path: string }[] }>('/v1/menu/list', { pageNum: 1, pageSize: 1000 }, admin);
    const social = menus.list.find((m) => m.path === '/social')!;
    const { page, errors, context } = await openAs('admin', '/system/menu/modify', { menuId: social.id });
    await page.locator('[data-testid=icon-open]').click();
    // 314 icons: more than a page of 140, so the pager shows until the search narrows them.
    await page.locator('[data-testid=icon-pager]').waitFor();
    await page.locator('[data-testid=icon-search]').fill('bell');
    await page.locator('[data-testid=icon-pager]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=icon-option][data-icon="pi pi-bell"]').click();
    await expect.poll(() => page.locator('[data-testid=icon-value]').inputValue()).toBe('pi pi-bell');
    await page.locator('[data-testid=crud-form-save]').click();
    await page.waitForURL((u) => u.pathname === '/system/menu');
    await page.locator('.page-view:not([hidden]) [data-testid=crud-table]').waitFor();
    expect((await api<{ icon: string }>('/v1/menu/info', { id: social.id }, admin)).icon).toBe('pi pi-bell');
    expect(errors).toEqual([]);
    await context.close();
    await reset();
  });

  test('changing the password signs out; the new password signs in', async () => {
    await reset();
    const { page, context } = await openAs('admin', '/system/changePassword');
    await page.locator('#pw-current').fill('admin123');
    await page.locator('#pw-next').fill('abc');
    await page.locator('[data-testid=pw-submit]').click();
    await page.getByText('须同时包含字母和数字').waitFor();
    await page.locator('#pw-next').fill('NewPass2026!');
    await page.locator('[data-testid=pw-strength]').getByText('强').waitFor();
    await page.locator('#pw-confirm').fill('NewPass2026!');
    await shot(page, 'system-change-password-zh');
    await page.locator('[data-testid=pw-submit]').click();
    await page.waitForURL(/\/login/);
    await signIn(page, 'admin', 'NewPass2026!');
    await page.waitForURL((u) => u.pathname === '/home/work');
    await context.close();
    await reset();
  });

  test.each([
    ['zh', {}],
    ['en-dark', EN_DARK],
  ] as const)('every System screen opens (%s; screenshots)', async (lang, seed) => {
    await reset();
    {
      const { page, errors, context } = await openAs('admin', '/system/account', seed);
      await page.locator('[data-testid=crud-table] tbody tr').first().waitFor();
      await shot(page, `system-account-${lang}`);
      for (const [route, ready] of [
        ['/system/role', '[data-testid=crud-table] tbody tr'],
        ['/system/menu', '[data-testid=crud-table] tbody tr'],
        ['/system/resource', '[data-testid=crud-table] tbody tr'],
        ['/system/systemMessage', '[data-testid=crud-table] tbody tr'],
        ['/system/account/add', '[data-testid=avatar-fox]'],
      ] as const) {
        await goTo(page, server, route);
        await page.locator(`.page-view:not([hidden]) ${ready}`).first().waitFor();
        await shot(page, `system-${route.split('/').slice(2).join('-')}-${lang}`);
      }
      await page.locator('[data-testid=message-bell]').click();
      await page.locator('[data-testid=message-item]').first().waitFor();
      await shot(page, `system-bell-${lang}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('Statistics area', () => {
  test('a statistics screen switches range and granularity, in English on the dark theme', async () => {
    const { page, errors, context } = await openAs('admin', '/statistics/feedback', EN_DARK);
    const view = page.locator('.page-view:not([hidden])');
    await view.locator('[data-testid=statistics-feedback]').waitFor();
    await view.locator('[data-testid=figure-received]').waitFor();
    await view.getByText('Feedback received and replied').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await view.locator('.apexcharts-canvas').waitFor();

    await view.locator('[data-testid=range-quick]').getByText('7 days').click();
    await page.waitForURL((u) => u.searchParams.get('range') === '7d');
    await view.locator('[data-testid=range-granularity]').getByText('Week').click();
    await page.waitForURL((u) => u.searchParams.get('granularity') === 'week');
    // Seven days span one or two weeks (Monday starts a week): the table has a row per week.
    await expect.poll(() => view.locator('[data-testid=statistics-table] tbody tr').count()).toBeLessThanOrEqual(2);
    await view.locator('[data-testid=statistics-table] thead').getByText('Week (from)').waitFor();
    await view.locator('[data-testid=statistics-table] tbody').getByText(/^Week of /).first().waitFor();
    await shot(page, 'statistics-feedback-en-dark');

    // A reload keeps the view (range and granularity live in the URL).
    await page.reload();
    await view.locator('[data-testid=statistics-table] tbody').getByText(/^Week of /).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the other screens draw their chart (funnel, ranking, stacked) in Chinese', async () => {
    const { page, errors, context } = await openAs('admin', '/statistics/newcomer');
    for (const kind of ['newcomer', 'game', 'userRegister', 'archive']) {
      if (kind !== 'newcomer') await goTo(page, server, `/statistics/${kind}`);
      const view = page.locator('.page-view:not([hidden])');
      await view.locator(`[data-testid=statistics-${kind}]`).waitFor();
      await view.locator('.apexcharts-canvas, [data-testid=statistics-empty]').first().waitFor();
      await shot(page, `statistics-${kind}-zh`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
