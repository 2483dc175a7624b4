import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, CAPTCHA, newPage, openSignedIn, resetMock, shot, signIn, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';
import { createAesCipher } from '../../web/lib/cipher';

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});

/** Nothing of the console is in the DOM: no layout, menu, header or page. */
async function expectNoConsole(page: Page) {
  for (const sel of ['.layout', '.side-menu', '.layout-header', '#main-content', '[data-testid=user-menu]']) {
    expect(await page.locator(sel).count(), sel).toBe(0);
  }
}

async function openLockDialog(page: Page, label: string) {
  await page.locator('[data-testid=user-menu]').click();
  await page.locator('.user-menu-lock').getByText(label).click();
  await page.locator('#lock-new-password').waitFor();
}

/** Client-side navigation (no page load), as a menu click does. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function toggleDark(page: Page) {
  await page.locator('[data-testid=theme-toggle]').click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
}

describe("a role's menus govern what its accounts see", () => {
  test('an account of a new role given only the Feedback and Order menus signs in and sees Home, Feedback and Order; another page is the 403 page', async () => {
    const admin = await apiToken(server, 'admin');
    const menus = (await apiCall<{ list: { id: number; parentId: number; path: string }[] }>(server, '/v1/menu/list', { pageNum: 1, pageSize: 1000 }, admin)).list;
    const groups = menus.filter((m) => m.path === '/feedback' || m.path === '/order').map((m) => m.id);
    const menuIds = menus.filter((m) => groups.includes(m.id) || groups.includes(m.parentId)).map((m) => m.id);
    const resources = (await apiCall<{ list: { id: number; url: string }[] }>(server, '/v1/resource/list', { pageNum: 1, pageSize: 1000 }, admin)).list;
    const resourceIds = resources.filter((r) => /^\/v1\/(feedback|feedbackType|replay|feedbackAward|order|refund|refundSetting)\//.test(r.url)).map((r) => r.id);
    const role = await apiCall<{ id: number }>(server, '/v1/role/add', { name: '反馈与订单', roleKey: 'fbOrder', sort: 9, status: 1, menuIds, resourceIds }, admin);
    await apiCall(server, '/v1/admin/add', { username: 'fbclerk', nickName: '反馈专员', password: 'clerk1234', roleIds: [role.id], status: 1 }, admin);

    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/login');
    await signIn(page, 'fbclerk', 'clerk1234');
    await page.waitForURL(server.url + '/home/work');
    const items = page.locator('[data-testid=side-menu]').first().locator('.shell-menu-list > li > .shell-menu-item .shell-menu-label');
    await expect.poll(() => items.allInnerTexts()).toEqual(['首页', '意见反馈', '订单管理']);
    await shot(page, 'guard-role-menus-zh');
    // The workbench calls only what every account may: no refusal toast.
    expect(await page.locator('.p-toast-message').count()).toBe(0);
    // A page outside the grant is the 403 page inside the layout, with no refused call behind it.
    await page.goto(server.url + '/goods/index');
    await page.locator('[data-testid=exception][data-status="403"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('lock screen (behaviour notes "Lock screen")', () => {
  test('at phone width (390×844) the header keeps one line (the name not wrapped into a column) and the lock screen never scrolls sideways', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work', { width: 390, height: 844 });
    const button = page.locator('[data-testid=user-menu]');
    await expect(button.locator('.user-avatar').innerText()).resolves.toBe('超级');
    const box = (await button.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await openLockDialog(page, '锁定屏幕');
    await page.locator('#lock-new-password').fill('s3cret-lock');
    await page.locator('[data-testid=lock-submit]').click();
    const lock = page.locator('[data-testid=lock-screen]');
    await lock.waitFor();
    await shot(page, 'guard-lock-screen-390');
    expect(await lock.evaluate((el) => [el.scrollWidth, el.clientWidth])).toEqual([390, 390]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('lock from the user menu: nothing of the console renders; reload and a second window stay locked; wrong password refused; the lock password unlocks every window', async () => {
    const { page, context, errors } = await openSignedIn(browser, server, '/home/work');

    await openLockDialog(page, '锁定屏幕');
    // An empty lock password is refused beside the field.
    await page.locator('[data-testid=lock-submit]').click();
    await page.locator('#lock-new-password-error', { hasText: '请输入锁屏密码' }).waitFor();
    await shot(page, 'guard-lock-dialog-zh');
    await page.locator('#lock-new-password').fill('s3cret-lock');
    await page.locator('[data-testid=lock-submit]').click();
    await page.locator('[data-testid=lock-screen]').waitFor();
    await expectNoConsole(page);
    await expect(page.locator('[data-testid=lock-name]').textContent()).resolves.toBe('超级管理员');
    await expect(page.locator('[data-testid=lock-clock]').textContent()).resolves.toMatch(/^\d{2}:\d{2}$/);
    // The stored lock holds a hash, never the password (AES in production: decrypt to look).
    const raw = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('LOCK__INFO__KEY__'))?.[1] ?? '');
    const stored = raw.startsWith('{') ? raw : createAesCipher().decrypt(raw);
    expect(stored).toContain('"pwdHash"');
    expect(stored).not.toContain('s3cret-lock');
    await shot(page, 'guard-lock-screen-zh-light');

    await page.reload();
    await page.locator('[data-testid=lock-screen]').waitFor();
    await expectNoConsole(page);

    const second = await context.newPage();
    await second.goto(server.url + '/dashboard/analysis');
    await second.locator('[data-testid=lock-screen]').waitFor();
    await expectNoConsole(second);

    await second.locator('#lock-password').fill('wrong');
    await second.locator('[data-testid=lock-unlock]').click();
    await second.locator('[data-testid=lock-error]', { hasText: '锁屏密码错误' }).waitFor();
    await expect(second.locator('[data-testid=lock-screen]').count()).resolves.toBe(1);

    await second.locator('#lock-password').fill('s3cret-lock');
    await second.locator('[data-testid=lock-unlock]').click();
    await second.locator('.layout-header').waitFor();
    expect(second.url()).toBe(server.url + '/dashboard/analysis');
    // The first window follows the unlock through the storage event.
    await page.locator('.layout-header').waitFor();
    await expect(page.locator('[data-testid=lock-screen]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  test('in English on the dark theme: unlock with the account password (captcha), then "Back to login" ends the session and the next sign-in is not locked', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.locale]: 'en' } });
    await toggleDark(page);

    await openLockDialog(page, 'Lock screen');
    await shot(page, 'guard-lock-dialog-en-dark');
    await page.locator('#lock-new-password').fill('pw');
    await page.locator('[data-testid=lock-submit]').click();
    await page.locator('[data-testid=lock-screen]').waitFor();
    await page.locator('[data-testid=lock-switch-path]').click();
    await page.locator('[data-testid=lock-captcha-image]').waitFor();
    // A wrong account password: the server's refusal shows beside the form and a new captcha comes.
    const firstCaptcha = await page.locator('[data-testid=lock-captcha-image]').getAttribute('src');
    await page.locator('#lock-password').fill('not-it');
    await page.locator('#lock-captcha').fill(CAPTCHA);
    await page.locator('[data-testid=lock-unlock]').click();
    await page.locator('[data-testid=lock-error]', { hasText: 'wrong account or password' }).waitFor();
    await page.waitForFunction((src) => document.querySelector('[data-testid=lock-captcha-image]')?.getAttribute('src') !== src, firstCaptcha);
    await shot(page, 'guard-lock-screen-en-dark-account');
    await page.locator('#lock-password').fill('admin123');
    await page.locator('#lock-captcha').fill(CAPTCHA);
    await page.locator('[data-testid=lock-unlock]').click();
    await page.locator('.layout-header').waitFor();

    await openLockDialog(page, 'Lock screen');
    await page.locator('#lock-new-password').fill('pw2');
    await page.locator('[data-testid=lock-submit]').click();
    await page.locator('[data-testid=lock-back-login]').click();
    await page.waitForURL(/\/login$/);
    await page.goto(server.url + '/home/work');
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page);
    await page.waitForURL(/\/home\/work$/);
    await page.locator('.layout-header').waitFor();
    await expect(page.locator('[data-testid=lock-screen]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  test('auto-lock after lockTime idle minutes (page clock fast-forwarded): only the account password is offered', async () => {
    // The page's timers follow a clock the test controls; it runs at normal speed until fast-forwarded.
    const { page, errors } = await openSignedIn(browser, server, '/home/work', {
      seed: { [StorageKey.projectConfig]: { lockTime: 1 } },
      before: (p) => p.clock.install(),
      ready: '.layout-header',
    });
    await page.clock.fastForward('00:30');
    await expect(page.locator('[data-testid=lock-screen]').count()).resolves.toBe(0);
    await page.clock.fastForward('00:35');
    await page.locator('[data-testid=lock-screen]').waitFor();
    await expectNoConsole(page);
    await page.locator('[data-testid=lock-auto-hint]').waitFor();
    await expect(page.locator('[data-testid=lock-switch-path]').count()).resolves.toBe(0);
    await page.locator('[data-testid=lock-captcha-image]').waitFor();
    await shot(page, 'guard-lock-auto-zh-light');
    await page.locator('#lock-password').fill('admin123');
    await page.locator('#lock-captcha').fill(CAPTCHA);
    await page.locator('[data-testid=lock-unlock]').click();
    await page.locator('.layout-header').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('session-timeout cover mode (spec §4)', () => {
  test('an expired token shows a login cover over the page; signing in again keeps the page (no navigation, no reload); another user reloads', async () => {
    const { page } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.projectConfig]: { sessionTimeoutProcessing: 'PAGE_COVERAGE' } }, ready: '.layout-header' });
    // The workbench's summary call answers before the token expires (its charts show then), so
    // the 401 that raises the cover is the dashboard's, not a late one of the workbench.
    await page.locator('[data-testid=workbench] .apexcharts-canvas').first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { __keep: number }).__keep = 42));
    server.clock.advance(3601_000);
    try {
      await go(page, '/dashboard/analysis');
      await page.locator('[data-testid=timeout-cover]').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
      // The page is still there under the cover.
      await expect(page.locator('.layout-header').count()).resolves.toBe(1);
      await page.locator('[data-testid=cover-captcha-image]').waitFor();
      await expect(page.locator('#cover-username').inputValue()).resolves.toBe('admin');
      await shot(page, 'guard-timeout-cover-zh-light');
      await page.locator('#cover-password').fill('admin123');
      await page.locator('#cover-captcha').fill(CAPTCHA);
      await page.locator('[data-testid=cover-submit]').click();
      await page.locator('[data-testid=timeout-cover]').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
      await expect(page.evaluate(() => (window as unknown as { __keep?: number }).__keep)).resolves.toBe(42);

      // Expire again (dark theme now); this time the operator signs in on the cover: the page reloads as the operator.
      await toggleDark(page);
      server.clock.advance(3601_000);
      // Any call now answers 401 (the error log's ajax button makes one on a page that keeps no data).
      await go(page, '/error-log/list');
      await page.locator('[data-testid=raise-ajax]').click();
      await page.locator('[data-testid=timeout-cover]').waitFor();
      await page.locator('[data-testid=cover-captcha-image]').waitFor();
      await shot(page, 'guard-timeout-cover-zh-dark');
      await page.locator('#cover-username').fill('operator');
      await page.locator('#cover-password').fill('operator123');
      await page.locator('#cover-captcha').fill(CAPTCHA);
      await page.locator('[data-testid=cover-submit]').click();
      await page.waitForFunction(() => (window as unknown as { __keep?: number }).__keep === undefined);
      await page.locator('[data-testid=user-menu]').waitFor();
      await expect(page.locator('[data-testid=user-menu]').textContent()).resolves.toContain('运营专员');
    } finally {
      server.clock.advance(-2 * 3601_000);
    }
  });
});

describe('error log (spec §8)', () => {
  test('off by default; once on, each raise button is captured with its type, the badge counts, the detail shows', async () => {
    const { page } = await openSignedIn(browser, server, '/home/work', { seed: { [StorageKey.locale]: 'en' } });
    await expect(page.locator('[data-testid=error-log-button]').count()).resolves.toBe(0);
    await page.goto(server.url + '/error-log/list');
    await page.locator('[data-testid=error-log-page]').waitFor();
    await expect(page.title()).resolves.toBe('Error log - Game Commerce Console');
    // Off: raising does not log (had it been logged, the five types below would be six).
    await page.locator('[data-testid=raise-promise]').click();
    await expect(page.locator('[data-testid=error-log-type]').count()).resolves.toBe(0);
    await page.locator('[data-testid=error-log-turn-on]').click();
    await page.locator('[data-testid=error-log-button]').waitFor();

    for (const k of ['react', 'script', 'promise', 'resource', 'ajax']) {
      const before = await page.locator('[data-testid=error-log-type]').count();
      await page.locator(`[data-testid=raise-${k}]`).click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=error-log-type]').length > n, before);
    }
    await page.locator('[data-testid=error-log-crashed]').waitFor();
    const types = await page.locator('[data-testid=error-log-type]').allTextContents();
    expect(types).toEqual(['ajax', 'resource', 'promise', 'script', 'react']);
    expect(await page.locator('.p-datatable').innerText()).not.toMatch(/\bvue\b/i);
    await expect(page.locator('[data-testid=error-log-badge]').textContent()).resolves.toBe('5');
    const rows = await page.locator('.p-datatable-tbody tr').allInnerTexts();
    expect(rows[1]).toContain('img is load error');
    expect(rows[0]).toContain('/v1/no/such/endpoint');
    await toggleDark(page);
    await shot(page, 'guard-error-log-en-dark');

    // Detail of the render error: name, the component as file, a stack of at most 9 frames.
    await page.locator('[data-testid=error-log-open]').nth(4).click();
    const detail = page.locator('[data-testid=error-log-detail]');
    await detail.waitFor();
    await expect(detail.locator('[data-field=message]').textContent()).resolves.toBe('Demo render error raised from the error log page');
    await expect(detail.locator('[data-field=file]').textContent()).resolves.toMatch(/\.js:\d+:\d+$/);
    const stack = (await detail.locator('[data-field=stack]').textContent()) ?? '';
    expect(stack.split('\n').filter((l) => /^\s*at\s/.test(l)).length).toBeLessThanOrEqual(9);
    await shot(page, 'guard-error-log-detail-en-dark');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The badge resets when the list opens.
    await page.locator('[data-testid=error-log-button]').click();
    await page.locator('[data-testid=error-log-badge]').waitFor({ state: 'detached' });
  });
});

describe('exception pages, back-to-top, full screen, progress', () => {
  test('each page error code has its own page with a way back; back-to-top; full screen; a slow page shows the progress bar and the loading overlay', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/home/work');
    const titles: Record<number, string> = { 403: '无权访问', 404: '页面不存在', 500: '出错了', 10000: '网络异常', 10100: '暂无数据' };
    for (const code of [403, 404, 500, 10000, 10100]) {
      await go(page, `/exception?status=${code}`);
      const ex = page.locator(`[data-testid=exception][data-status="${code}"]`);
      await ex.waitFor();
      await expect(ex.locator('.exc-title').textContent()).resolves.toBe(titles[code]);
      await expect(ex.locator('svg.exc-art').count()).resolves.toBe(1);
      expect(await ex.locator('[data-testid=exception-retry]').count()).toBe(code === 10000 ? 1 : 0);
      if (code === 403 || code === 10000) {
        await shot(page, `guard-exception-${code}-zh-light`);
      }
    }
    await go(page, '/exception?status=12345');
    await page.locator('[data-testid=exception][data-status="404"]').waitFor();
    await page.locator('[data-testid=exception-home]').click();
    await page.waitForURL(/\/home\/work$/);

    await toggleDark(page);
    for (const code of [500, 10100]) {
      await go(page, `/exception?status=${code}`);
      await page.locator(`[data-testid=exception][data-status="${code}"]`).waitFor();
      await shot(page, `guard-exception-${code}-zh-dark`);
    }

    // Back-to-top on a page taller than the window.
    await page.setViewportSize({ width: 1366, height: 480 });
    await go(page, '/home/work');
    await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid=back-top]').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('[data-testid=back-top]').waitFor();
    await shot(page, 'guard-back-top-zh-dark');
    await page.locator('[data-testid=back-top]').click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });
    await page.locator('[data-testid=back-top]').waitFor({ state: 'detached' });

    await page.locator('[data-testid=full-screen]').click();
    await page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: 3000 });
    await page.locator('[data-testid=full-screen]').click();
    await page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 3000 });

    // Hold the error-log page's chunk until the bar and (after 50 ms) the overlay have shown.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/list\.page-[A-Z0-9]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await go(page, '/error-log/list');
    await page.locator('[data-testid=page-progress]').waitFor();
    await page.locator('[data-testid=page-loading]').waitFor();
    await shot(page, 'guard-page-loading-zh-dark');
    release();
    await page.locator('[data-testid=error-log-page]').waitFor();
    await page.locator('[data-testid=page-loading]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=page-progress]').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
