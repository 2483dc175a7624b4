import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { StorageKey } from '../../web/lib/storage';
import { apiToken, e2eLifecycle, newPage, openSignedIn, resetMock, seedStorage, signIn, type E2EServer } from './harness.js';

/**
 * What an operator notices in the first ten minutes, each as it shows in Chromium:
 * the tab menu on the first right-click, 403 for another role's screen, the Home entry and the
 * user's home path, toasts clear of the header, one avatar rule, one error-log crumb, a quiet
 * production console, and the API reference's own title.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

/**
 * The findings are checked as the issue found them (Chinese, light, wide) and in the other
 * language and theme on a narrow window (below the §9 992 px breakpoint).
 */
const VARIANTS = [
  { name: 'zh_CN, light, 1440 px', width: 1440, seed: {}, crumb: '错误日志', feedbackHeads: ['反馈内容', '图片', '状态', '创建时间', '操作'] },
  { name: 'en, dark, 800 px', width: 800, seed: { [StorageKey.locale]: 'en', [StorageKey.darkMode]: true }, crumb: 'Error log', feedbackHeads: ['Content', 'Images', 'Status', 'Created', 'Actions'] },
] as const;

describe.each(VARIANTS)('first-class feel, $name', ({ width, seed, crumb, feedbackHeads }) => {
  /**
   * The two first right-clicks on a tab: with the menu mounted ahead in an idle period, and with
   * no idle period ever, so the right-click itself loads and mounts the menu and it is shown as it
   * mounts (CI failed so once under load: drawn below the window).
   */
  test.each([
    { when: 'on the very first right-click', late: false },
    { when: 'when its code arrives after the right-click', late: true },
  ])('the tab context menu opens inside the window $when', async ({ late }) => {
    await resetMock(server);
    const { page, context } = await openSignedIn(browser, server, '/feedback/type', {
      height: 900,
      width,
      seed,
      before: late ? (p) => p.addInitScript(() => { window.requestIdleCallback = () => 0; }) : undefined,
    });
    const tab = page.locator('[data-testid=tab][data-key="/feedback/type"]');
    const menu = page.locator('[data-testid=tabs-context-menu]');
    if (late) expect(await menu.count()).toBe(0);
    await tab.click({ button: 'right' });
    await menu.waitFor();
    await page.waitForFunction(() => {
      const m = document.querySelector('[data-testid=tabs-context-menu]');
      return !!m && m.getBoundingClientRect().height > 0 && document.getAnimations().every((a) => a.playState !== 'running');
    });
    const box = (await menu.boundingBox())!;
    const tabBox = (await tab.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    // Drawn at the pointer, just under the tab, not somewhere below the page.
    expect(box.y).toBeLessThan(tabBox.y + tabBox.height + 40);
    await context.close();
  });

  test("an operator opening an admin-only screen sees 403, an unknown path 404; Home opens the operator's home path", async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/system/account', { user: 'operator', width, seed });
    await page.locator('[data-testid=exception][data-status="403"]').waitFor();
    await page.goto(server.url + '/no/such/screen');
    await page.locator('[data-testid=exception][data-status="404"]').waitFor();
    // Below 992 px the menu is a drawer: open it to see its entries.
    if (width < 992) await page.locator('[data-testid=menu-toggle]').click();
    // The Home entry of the menu goes where the logo and "/" go: the operator's home path.
    const home = page.locator('[data-testid=side-menu] a[href="/dashboard/analysis"]').first();
    await home.waitFor();
    await page.locator('[data-testid=logo]').click();
    await page.waitForURL(/\/dashboard\/analysis$/);
    expect(await page.locator('[data-testid=side-menu] a[href="/home/work"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('toasts sit below the header; the avatar shows the same initials in the header and the workbench; one crumb on the error log', async () => {
    const { page, context } = await openSignedIn(browser, server, '/home/work', { width, seed });
    const headerAvatar = (await page.locator('[data-testid=user-menu] .p-avatar-text').textContent())!.trim();
    const workbenchAvatar = (await page.locator('.wb-user-avatar .p-avatar-text').textContent())!.trim();
    expect(headerAvatar).toBe(workbenchAvatar);

    await page.goto(server.url + '/feedback/type');
    await page.locator('[data-testid=crud-table] tbody tr').first().waitFor();
    await page.locator('[data-testid=crud-status]').first().click();
    const toast = page.locator('.p-toast-message').first();
    await toast.waitFor();
    const header = (await page.locator('.layout-header').boundingBox())!;
    const userMenu = (await page.locator('[data-testid=user-menu]').boundingBox())!;
    const t = (await toast.boundingBox())!;
    expect(t.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(t.y).toBeGreaterThan(userMenu.y + userMenu.height);

    await page.goto(server.url + '/error-log/list');
    const crumbs = page.locator('[data-testid=breadcrumbs] li');
    await crumbs.first().waitFor();
    expect(await crumbs.allInnerTexts()).toEqual([crumb]);
    await context.close();
  });

  test('a production console signs in without developer warnings', async () => {
    const seen: string[] = [];
    // Listening from before the console's first script: its boot is what must be quiet.
    const listen = (page: Page) =>
      page.on('console', (m) => {
        if (m.type() === 'warning') seen.push(m.text());
      });
    const opened = await openSignedIn(browser, server, '/home/work', { width, seed, before: listen });
    await opened.page.locator('.wb-header').waitFor();
    expect(seen.filter((w) => w.includes('route building'))).toEqual([]);
    await opened.context.close();
  });

  test('a failed reload keeps the last rows and says so with a retry; the retry brings the list back', async () => {
    await resetMock(server);
    const { page, context } = await openSignedIn(browser, server, '/feedback/type', { width, seed });
    const rows = page.locator('[data-testid=crud-table] tbody tr:not(.p-datatable-emptymessage)');
    await rows.first().waitFor();
    const before = await rows.allInnerTexts();
    await fetch(`${server.url}/v1/mock/faults/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/v1/feedbackType/list', httpStatus: 500, times: 1 }) });
    await page.locator('[data-testid=crud-refresh]').click();
    await page.locator('[data-testid=crud-failed]').waitFor();
    expect(await rows.allInnerTexts()).toEqual(before);
    await page.locator('[data-testid=crud-retry]').click();
    await page.locator('[data-testid=crud-failed]').waitFor({ state: 'detached' });
    expect(await rows.allInnerTexts()).toEqual(before);
    await context.close();
  });

  /**
   * The feedback list's essential columns (its content, screenshots, status and time) need more
   * than an 800 px window has: they all stay, nothing else is added, no column is squeezed, and
   * the sideways scroll moves them under the content and the row actions, which stay frozen.
   */
  test('at 800 px a list keeps its essential columns unsqueezed and scrolls them under its frozen key and actions', async () => {
    await resetMock(server);
    const { page, context } = await openSignedIn(browser, server, '/feedback/index', { width: 800, height: 900, seed });
    const table = page.locator('[data-testid=crud-table]');
    const row = table.locator('tbody tr').first();
    await row.waitFor();
    await expect.poll(async () => (await table.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean)).toEqual(feedbackHeads);
    const cells = await row.locator('td').evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().width));
    expect(Math.min(...cells)).toBeGreaterThan(40);
    const height = (await row.boundingBox())!.height;
    expect(height).toBeLessThan(140);
    const wrapper = table.locator('.p-datatable-wrapper');
    const key = row.locator('td.crud-frozen-left').last();
    const actions = row.locator('td.p-frozen-column:not(.crud-frozen-left)');
    const before = { key: (await key.boundingBox())!.x, actions: (await actions.boundingBox())!.x };
    await wrapper.evaluate((w) => w.scrollTo({ left: w.scrollWidth }));
    await expect.poll(() => wrapper.evaluate((w) => w.scrollLeft)).toBeGreaterThan(0);
    expect((await key.boundingBox())!.x).toBe(before.key);
    expect((await actions.boundingBox())!.x).toBe(before.actions);
    await context.close();
  });
});

describe('mock messages in English', () => {
  test("in English the mock's refusals are English and name the field by its English label: sign-in, and a form's field error", async () => {
    await resetMock(server);
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/login');
    await seedStorage(page, { [StorageKey.locale]: 'en' });
    await signIn(page, 'admin', 'not-the-password');
    const modal = page.locator('[data-testid=error-modal]');
    await expect.poll(() => modal.textContent()).toMatch(/Account: wrong account or password/);
    expect(await modal.textContent()).not.toMatch(/username|账号/);
    await page.locator('[data-testid=error-modal-ok]').click();
    await context.close();

    const res = await fetch(`${server.url}/v1/feedbackType/list`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: await apiToken(server) }, body: JSON.stringify({ pageNum: 1, pageSize: 1 }) });
    const name = ((await res.json()) as { data: { list: { typeName: string }[] } }).data.list[0].typeName;
    const opened = await openSignedIn(browser, server, '/feedback/type', { seed: { [StorageKey.locale]: 'en' } });
    await opened.page.locator('[data-testid=crud-table] tbody tr').first().waitFor();
    await opened.page.locator('[data-testid=crud-add]').click();
    await opened.page.locator('[data-field=typeName] input').fill(name);
    await opened.page.locator('[data-testid=crud-form-save]').click();
    const error = opened.page.locator('[data-field=typeName] [data-testid=crud-field-error]');
    await expect.poll(() => error.textContent()).toMatch(/^".+" is already used by feedback type \d+ \(.+\)$/);
    // The toast names the field by its English label, never by its key.
    const toast = opened.page.locator('.p-toast-message-error').first();
    await expect.poll(() => toast.textContent()).toMatch(/Type name: ".+" is already used by feedback type/);
    expect(await toast.textContent()).not.toMatch(/typeName|类型名称/);
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });
});
