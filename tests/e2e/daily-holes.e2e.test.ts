import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { StorageKey } from '../../web/lib/storage';
import { apiToken, e2eLifecycle, openSignedIn, resetMock, shot, type E2EServer } from './harness.js';

/**
 * Holes closed on the system, operate and shell screens, in Chromium: resources modified
 * in a batch on any field, a resource category deleted, an SEO entry added and deleted, the user's
 * own avatar chosen from the user menu. Signed in through the API, mock data reset before each test,
 * waits on what the user sees.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});

type Row = Record<string, unknown>;
/** An API call against the e2e server (in-process), answering the envelope's data. */
async function api<T = any>(url: string, body: unknown = {}, token?: string): Promise<T> {
  const r = await server.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: token } : {} });
  const env = r.json();
  if (env.code !== 200) throw new Error(`${url}: ${env.message}`);
  return env.data as T;
}
const toast = (page: import('playwright-core').Page, text: string) => page.locator('.p-toast-message', { hasText: text }).first().waitFor();

describe('an operator\'s daily edits', () => {
  test('two resources modified in one batch: only the filled field changes, an empty batch is refused beside the form', async () => {
    await resetMock(server);
    const { page, errors, context } = await openSignedIn(browser, server, '/system/resource');
    const view = page.locator('.page-view:not([hidden])');
    const rows = view.locator('[data-testid=crud-table] tbody tr');
    await rows.first().waitFor();
    await view.locator('[data-testid=crud-table]').waitFor();
    await page.waitForFunction(() => !document.querySelector('.page-view:not([hidden]) .p-datatable-loading-overlay'));
    const ids = [Number(await rows.nth(0).locator('td').nth(1).innerText()), Number(await rows.nth(1).locator('td').nth(1).innerText())];
    const token = await apiToken(server, 'admin');
    const before = await Promise.all(ids.map((id) => api<Row>('/v1/resource/info', { id }, token)));
    await rows.nth(0).locator('.p-checkbox').click();
    await rows.nth(1).locator('.p-checkbox').click();
    await view.locator('[data-testid=resource-batch-update]').click();
    const dialog = page.locator('[data-testid=action-dialog]');
    await dialog.getByText('修改选中的 2 个资源').waitFor();
    // Two rows: the path (unique per resource) is not offered.
    expect(await dialog.locator('#action-url').count()).toBe(0);
    await page.locator('[data-testid=resource-batch-save]').click();
    await dialog.locator('[data-testid=action-field-error]', { hasText: '请至少填写一个要修改的字段' }).waitFor();
    await dialog.locator('#action-description').fill('批量修改的说明');
    await page.locator('[data-testid=resource-batch-save]').click();
    await toast(page, '已修改 2 个资源');
    const after = await Promise.all(ids.map((id) => api<Row>('/v1/resource/info', { id }, token)));
    expect(after.map((r) => r.description)).toEqual(['批量修改的说明', '批量修改的说明']);
    expect(after.map((r) => [r.name, r.url, r.categoryId])).toEqual(before.map((r) => [r.name, r.url, r.categoryId]));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('an empty resource category is deleted from its chip after a confirmation', async () => {
    await resetMock(server);
    const token = await apiToken(server, 'admin');
    const made = await api<Row>('/v1/resourceCategory/add', { name: 'E2E空分类', sort: 99 }, token);
    const { page, errors, context } = await openSignedIn(browser, server, '/system/resource');
    const chip = page.locator('[data-testid=category-chip]', { hasText: 'E2E空分类' });
    await chip.waitFor();
    await chip.locator('[data-testid=category-delete]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await chip.waitFor({ state: 'detached' });
    const left = await api<{ list: Row[] }>('/v1/resourceCategory/list', { pageNum: 1, pageSize: 1000 }, token);
    expect(left.list.some((c) => c.id === made.id)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('an SEO entry added through its form is chosen, then deleted after a confirmation', async () => {
    await resetMock(server);
    const { page, errors, context } = await openSignedIn(browser, server, '/operate/seoSetting');
    await page.locator('[data-testid=seo-preview]').waitFor();
    await page.locator('[data-testid=seo-add]').click();
    await page.locator('[data-testid=crud-dialog]').waitFor();
    await page.locator('#crud-seoSetting-pageKey').fill('e2e_landing');
    await page.locator('#crud-seoSetting-pageName').fill('活动落地页');
    await page.locator('#crud-seoSetting-title').fill('双十一活动');
    await page.locator('[data-testid=crud-form-save]').click();
    const form = page.locator('[data-testid=seo-form]');
    await form.getByText('活动落地页').waitFor();
    await expect.poll(() => page.locator('#seo-title').inputValue()).toBe('双十一活动');
    await shot(page, 'issue21-seo-added');
    // The "added" toast sits over the form's header (where delete is) until it goes, as for a user.
    // Every toast must be gone, not only the first: in a clean-clone run a toast still covered the
    // button through the click's 30 s of retries (PrimeReact pauses a toast's life while hovered).
    // A toast shown later (after the count reached 0) once covered it again: as a user would, any
    // toast in the way is closed, and the click is tried again until it lands.
    await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
    await page.locator('.p-dialog-mask').first().waitFor({ state: 'detached' });
    await expect
      .poll(
        async () => {
          for (const close of await page.locator('.p-toast-message .p-toast-icon-close').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
          return form.locator('[data-testid=seo-delete]').click({ timeout: 2000 }).then(() => true, () => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.locator('.p-confirm-dialog-accept').click();
    await page.locator('[data-testid=seo-pages]').getByText('活动落地页').waitFor({ state: 'detached' });
    const token = await apiToken(server, 'admin');
    const pages = await api<{ list: Row[] }>('/v1/seoSetting/list', { pageNum: 1, pageSize: 100 }, token);
    expect(pages.list.some((p) => p.pageKey === 'e2e_landing')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('the operator picks their own avatar from the user menu: the header shows it and the next adminInfo answers it', async () => {
    await resetMock(server);
    const { page, errors, context } = await openSignedIn(browser, server, '/dashboard/analysis', { user: 'operator', seed: { [StorageKey.locale]: 'en', [StorageKey.darkMode]: true } });
    await page.locator('[data-testid=user-menu]').click();
    await page.locator('.user-menu-avatar').click();
    const dialog = page.locator('[data-testid=avatar-dialog]');
    await dialog.getByText('Choose your avatar').waitFor();
    await dialog.locator('[data-testid=avatar-owl]').click();
    await shot(page, 'issue21-avatar-en-dark');
    await page.locator('[data-testid=action-submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid=user-menu] img').waitFor();
    const token = await apiToken(server, 'operator');
    expect((await api<Row>('/v1/admin/adminInfo', {}, token)).icon).toBe('/avatars/owl.svg');
    // Kept across a reload (the session persisted the new icon).
    await page.reload();
    await page.locator('[data-testid=user-menu] img').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
