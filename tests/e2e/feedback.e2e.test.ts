import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import readXlsxFile from 'read-excel-file/node';
import { openSignedIn, resetMock, shot, type Account, type E2EServer, e2eLifecycle } from './harness.js';
import { StorageKey } from '../../web/lib/storage';
import { AWARD_COLUMNS } from '../../server/contract/feedback.js';

/**
 * The Feedback area in Chromium: filter and page the list with the view kept in the URL,
 * reply, delete with confirmation, add and switch a type, import a real .xlsx of winners, download the
 * template and read it back; in Chinese and English; the operator sees no delete buttons.
 */

let server: E2EServer;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-e2e-'));
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A fresh page signed in through the API on `route`, its list loaded. */
async function open(route: string, opts: { user?: Account; locale?: 'en' } = {}) {
  const p = await openSignedIn(browser, server, route, { user: opts.user, seed: opts.locale ? { [StorageKey.locale]: opts.locale } : {} });
  await rows(p.page);
  return p;
}

/** Waits for the table to finish loading and answers its body rows. */
async function rows(page: Page) {
  await page.locator('[data-testid=crud-table]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.page-view:not([hidden]) .p-datatable-loading-overlay'));
  return page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr');
}

async function pick(page: Page, scope: string, option: string) {
  await page.locator(`${scope} .p-dropdown`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
}

const toast = (page: Page, text: string | RegExp) => page.locator('.p-toast-message', { hasText: text }).first().waitFor();

describe('Feedback area', () => {
  test('feedback list: filter and page are kept in the URL and restored by reload; reply with a quick pick; delete with confirmation', async () => {
    const { page, errors } = await open('/feedback/index');
    await pick(page, '[data-filter=status]', '待处理');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/status=0/);
    let list = await rows(page);
    expect(await list.count()).toBe(10);
    for (const tag of await list.locator('td .p-tag').allTextContents()) expect(['待处理', 'App', '网页', '小程序']).toContain(tag);
    await page.locator('.p-paginator-page', { hasText: '2' }).first().click();
    await page.waitForURL(/pageNum=2/);
    await rows(page);
    const firstId = await page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td').nth(1).textContent();
    await shot(page, 'feedback-index-zh');

    await page.reload();
    list = await rows(page);
    const total = (await page.locator('.p-paginator-current').textContent())!;
    const n = (s: string) => Number(/\d+/.exec(s)?.[0]);
    const totalIs = (k: number) => page.waitForFunction((text) => document.querySelector('.p-paginator-current')?.textContent === text, total.replace(/\d+/, String(k)));
    expect(new URL(page.url()).searchParams.get('status')).toBe('0');
    expect(new URL(page.url()).searchParams.get('pageNum')).toBe('2');
    await expect(page.locator('.p-paginator-page.p-highlight').textContent()).resolves.toBe('2');
    await expect(page.locator('[data-filter=status] .p-dropdown-label').textContent()).resolves.toBe('待处理');
    await expect(page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td').nth(1).textContent()).resolves.toBe(firstId);

    // Reply with a quick pick: the feedback leaves the "pending" filter.
    await list.first().locator('[data-testid=feedback-reply]').click();
    await page.locator('[data-testid=reply-dialog]').waitFor();
    await page.locator('[data-testid=reply-quick-pick]').first().waitFor();
    await page.locator('[data-testid=reply-quick-pick]').first().click();
    expect((await page.locator('#reply-content').inputValue()).length).toBeGreaterThan(5);
    await shot(page, 'feedback-reply-zh');
    await page.locator('[data-testid=reply-send]').click();
    await toast(page, '回复成功');
    await page.locator('[data-testid=reply-dialog]').waitFor({ state: 'hidden' });
    await totalIs(n(total) - 1);
    await expect(page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td').nth(1).textContent()).resolves.not.toBe(firstId);

    // Delete with confirmation.
    await (await rows(page)).first().locator('[data-testid=crud-del]').click();
    await page.locator('.p-confirm-dialog').waitFor();
    await expect(page.locator('.p-confirm-dialog-message').textContent()).resolves.toBe('确定删除该记录吗？');
    await page.locator('.p-confirm-dialog-accept').click();
    await toast(page, '已删除 1 条记录');
    await totalIs(n(total) - 2);

    // Reset clears the query.
    await page.locator('[data-testid=crud-search-reset]').click();
    await page.waitForURL((u) => u.search === '');
    expect(errors).toEqual([]);
  });

  test('delete → Undo on the toast → the row is back; delete → Trash → Restore', async () => {
    const { page, errors } = await open('/feedback/index');
    const idCell = () => page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr').first().locator('td').nth(1);
    const id = (await idCell().textContent())!.trim();
    const deleteFirst = async () => {
      await (await rows(page)).first().locator('[data-testid=crud-del]').click();
      await page.locator('.p-confirm-dialog-accept').click();
      await page.waitForFunction((x) => document.querySelector('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td:nth-child(2)')?.textContent?.trim() !== x, id);
    };
    await deleteFirst();
    await page.locator('.p-toast-message', { hasText: '已删除 1 条记录' }).getByRole('button', { name: '撤销' }).click();
    await toast(page, '已撤销');
    await page.waitForFunction((x) => document.querySelector('.page-view:not([hidden]) [data-testid=crud-table] tbody tr td:nth-child(2)')?.textContent?.trim() === x, id);

    await deleteFirst();
    await page.goto(server.url + '/system/trash');
    const entry = (await rows(page)).filter({ hasText: id }).first();
    await entry.locator('[data-testid=trash-restore]').click();
    await toast(page, /已恢复/);
    await page.waitForFunction(() => !!document.querySelector('.page-view:not([hidden]) [data-testid=crud-table] [data-testid=crud-empty]'));
    expect(errors).toEqual([]);
  });

  test('types: validation beside the field, add in a dialog, switch the status, a type in use cannot be deleted; dark screenshot', async () => {
    const { page, errors } = await open('/feedback/type');
    await page.locator('[data-testid=crud-add]').click();
    await page.locator('[data-testid=crud-dialog]').waitFor();
    await page.locator('[data-testid=crud-form-save]').click();
    await expect(page.locator('[data-field=typeName] [data-testid=crud-field-error]').textContent()).resolves.toBe('请输入类型名称');
    await shot(page, 'feedback-type-form-zh');
    await page.locator('#crud-feedbackType-typeName').fill('E2E 新类型');
    await page.locator('[data-testid=crud-form-save]').click();
    await toast(page, '新增成功');
    // The server's refusal that names a field is shown beside that field too, in the console's
    // language and without the field named in front.
    await page.locator('[data-testid=crud-add]').click();
    await page.locator('#crud-feedbackType-typeName').fill('E2E 新类型');
    await page.locator('[data-testid=crud-form-save]').click();
    await expect(page.locator('[data-field=typeName] [data-testid=crud-field-error]').textContent()).resolves.toMatch(/^“E2E 新类型”已被反馈类型 \d+（E2E 新类型）使用$/);
    await page.locator('[data-testid=crud-form-cancel]').click();
    await page.locator('#crud-filter-feedbackType-typeName').fill('E2E');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/typeName=E2E/);
    let list = await rows(page);
    expect(await list.count()).toBe(1);
    await list.first().locator('[data-testid=crud-status] input').click({ force: true });
    await toast(page, '状态已更新');
    await page.reload();
    list = await rows(page);
    await expect(list.first().locator('[data-testid=crud-status]').getAttribute('class')).resolves.not.toMatch(/p-inputswitch-checked/);

    // A type in use: the server's refusal is shown and nothing changes.
    await page.locator('#crud-filter-feedbackType-typeName').fill('充值问题');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/typeName=%E5%85%85/);
    list = await rows(page);
    await list.first().locator('[data-testid=crud-del]').click();
    await page.locator('.p-confirm-dialog-accept').click();
    await toast(page, /所选记录：反馈类型 \d+（.+）正被 \d+ 条意见反馈使用/);
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await shot(page, 'feedback-type-zh-dark');
    await page.locator('[data-testid=theme-toggle]').click();
    expect(errors).toEqual([]);
  });

  test('in English: words tabs, import a real .xlsx of winners, a bad row is refused by row, the template opens as a spreadsheet', async () => {
    const { page, errors } = await open('/feedback/activity', { locale: 'en' });
    await expect(page.locator('[data-testid=crud-add], [data-testid=crud-search-submit]').first().textContent()).resolves.toBe('Search');

    const good = path.join(tmp, 'winners.xlsx');
    const header = AWARD_COLUMNS.map((c) => ({ value: c.zh_CN }));
    const row = (name: string, phone: string) => [{ value: 'E2E activity' }, { value: 1, type: Number }, { value: name }, { value: phone }, { value: 'Mug' }, { value: 2, type: Number }, { value: '' }];
    await writeXlsxFile([header, row('Alice', '13800000001'), row('Bob', '13800000002')] as never).toFile(good);
    const bad = path.join(tmp, 'bad.xlsx');
    await writeXlsxFile([header, row('Carol', '12345')] as never).toFile(bad);

    await page.locator('[data-testid=award-import]').click();
    await page.locator('[data-testid=award-import-dialog]').waitFor();
    await page.locator('[data-testid=award-import-dialog] input[type=file]').setInputFiles(bad);
    await page.locator('[data-testid=award-import-dialog] .p-fileupload-buttonbar button', { hasText: 'Upload' }).click();
    await expect(page.locator('[data-testid=award-import-error]').textContent()).resolves.toMatch(/row 2: .*phone/i);
    await shot(page, 'feedback-import-error-en');
    await page.locator('[data-testid=award-import-dialog] input[type=file]').setInputFiles(good);
    await page.locator('[data-testid=award-import-dialog] .p-fileupload-buttonbar button', { hasText: 'Upload' }).click();
    await toast(page, '2 winner(s) imported');
    await page.locator('#crud-filter-feedbackAward-activityName').fill('E2E activity');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/activityName=E2E/);
    const list = await rows(page);
    expect(await list.count()).toBe(2);
    expect((await list.allTextContents()).join(' ')).toMatch(/Alice[\s\S]*|Bob/);
    await shot(page, 'feedback-activity-en');

    // The template: a binary download that reads back as a spreadsheet with the template's header.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=award-template]').click()]);
    const file = path.join(tmp, 'template.xlsx');
    await download.saveAs(file);
    expect(download.suggestedFilename()).toBe('award-import-template.xlsx');
    const sheet = await readXlsxFile(file);
    expect(sheet[0].data[0]).toEqual(AWARD_COLUMNS.map((c) => c.zh_CN));

    // Export of the current filter: the two imported winners.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=crud-export]').click()]);
    const out = path.join(tmp, 'export.xlsx');
    await exported.saveAs(out);
    const outSheet = await readXlsxFile(out);
    const outRows = outSheet[0].data;
    expect(outRows.length).toBe(3);
    expect(outRows[0]).toContain('Activity');

    // Words page: two tabs, the tab kept in the URL.
    await page.goto(server.url + '/feedback/words');
    await rows(page);
    await page.locator('[data-testid=feedback-words-tabs] .p-menuitem-link', { hasText: 'Feedback words' }).click();
    await page.waitForURL(/tab=words/);
    await rows(page);
    await pick(page, '[data-filter=wordType]', 'Hot word');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/tab=words.*wordType=3|wordType=3.*tab=words/);
    await rows(page);
    await shot(page, 'feedback-words-en');
    await page.locator('[data-testid=theme-toggle]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await shot(page, 'feedback-words-en-dark');
    expect(errors).toEqual([]);
  });

  test('the operator has no delete buttons (no `:del` codes) but can reply and add', async () => {
    const { page } = await open('/feedback/index', { user: 'operator' });
    expect(await (await rows(page)).count()).toBe(10);
    await expect(page.locator('[data-testid=feedback-reply]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('[data-testid=crud-del], [data-testid=crud-batch-del]').count()).resolves.toBe(0);
    await page.goto(server.url + '/feedback/type');
    await rows(page);
    await expect(page.locator('[data-testid=crud-add]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=crud-del], [data-testid=crud-batch-del]').count()).resolves.toBe(0);
  });
});
