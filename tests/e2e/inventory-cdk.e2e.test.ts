import { beforeEach, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { CARD_COLUMNS } from '../../server/contract/inventory.js';
import { apiToken, openSignedIn, resetMock, shot, type E2EServer, e2eLifecycle } from './harness.js';

/**
 * The stock and code-keeping screens in Chromium: import a code spreadsheet with one bad
 * row (refused, nothing changed) and then a good one (codes listed, stock raised); master-detail
 * from a CDK platform to its codes, reload keeps the platform, and back; settle two income lines
 * with the confirm stating their sum; the operator sees none of the admin-only areas and a deep
 * link shows the exception page.
 */

let server: E2EServer;
let browser: Browser;
let token: string;
e2eLifecycle({ TOKEN_TTL: '3600' }, (s, b) => {
  server = s;
  browser = b;
});
beforeEach(async () => {
  await resetMock(server);
  token ??= await apiToken(server);
});

type Row = Record<string, unknown>;
/** How long a poll waits for what the user sees (the machine is shared and busy). */
const WAIT = { timeout: 30_000 };
async function api<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  const env = (await res.json()) as { code: number; data: T; message: string };
  if (env.code !== 200) throw new Error(`${path} answered ${env.code}: ${env.message}`);
  return env.data;
}

/** Waits until the list in view has loaded and answers its body rows. */
async function rows(page: Page) {
  await page.locator('.page-view:not([hidden]) [data-testid=crud-table]').first().waitFor();
  await expect.poll(() => page.locator('.page-view:not([hidden]) .p-datatable-loading-overlay').count(), WAIT).toBe(0);
  return page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody tr:not(.p-datatable-emptymessage)');
}

const xlsx = (data: (string | number | null)[][]) => writeXlsxFile([CARD_COLUMNS.map((c) => c.zh_CN), ...data]).toBuffer();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('stock and code-keeping screens', () => {
  test('code import: a file with one bad row is refused naming it and nothing changes; a good file lists the codes and raises stock', async () => {
    const goods = (await api<{ list: Row[] }>('/v1/goods/list', { deliveryType: 1, pageSize: 1 })).list[0];
    const stockBefore = (await api<{ list: Row[] }>('/v1/stock/list', { goodsId: goods.id })).list[0];
    const cardsBefore = (await api<{ total: number }>('/v1/card/list', { pageSize: 1 })).total;
    const existing = (await api<{ list: Row[] }>('/v1/card/list', { pageSize: 1 })).list[0].cardNo as string;

    const { page, errors } = await openSignedIn(browser, server, '/inventory/cardManage');
    await rows(page);
    await page.locator('[data-testid=card-import]').click();
    const dialog = page.locator('[data-testid=import-dialog]');
    await dialog.waitFor();

    // One bad row (a code that already exists): the preview names row 3, Import stays disabled.
    await dialog.locator('[data-testid=import-file]').setInputFiles({ name: 'codes-bad.xlsx', mimeType: XLSX_TYPE, buffer: await xlsx([[goods.id as number, 'E2EIMP-0001', 'SECRET-A', null, null], [goods.id as number, existing, 'SECRET-B', null, null]]) });
    await dialog.locator('[data-testid=import-problems]').waitFor();
    await expect(dialog.locator('[data-testid=import-summary]').textContent()).resolves.toContain('1 行有问题');
    await expect(dialog.locator('[data-testid=import-problems]').textContent()).resolves.toMatch(/第 3 行：.*已存在/);
    expect(await dialog.locator('[data-testid=import-commit]').isDisabled()).toBe(true);
    await shot(page, 'inventory-import-refused-zh');
    expect((await api<{ total: number }>('/v1/card/list', { pageSize: 1 })).total).toBe(cardsBefore);

    // A good file: every row checks out, Import brings them in.
    await dialog.locator('[data-testid=import-file]').setInputFiles({ name: 'codes-good.xlsx', mimeType: XLSX_TYPE, buffer: await xlsx([[goods.id as number, 'E2EIMP-0001', 'SECRET-A', null, null], [goods.id as number, 'E2EIMP-0002', 'SECRET-B', 12.5, null]]) });
    await dialog.locator('[data-testid=import-summary]:not(.is-bad)').waitFor();
    await dialog.locator('[data-testid=import-commit]:not([disabled])').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.p-toast-message', { hasText: '已导入 2 条' }).first().waitFor();

    // The code number is among the filters under the one-row search form's Expand.
    await page.locator('[data-testid=crud-search-toggle][aria-expanded=false]').click();
    await page.locator('[data-filter=cardNo] input').fill('E2EIMP');
    await page.locator('[data-testid=crud-search-submit]').click();
    await page.waitForURL(/cardNo=E2EIMP/);
    await expect.poll(async () => (await rows(page)).count(), WAIT).toBe(2);
    await expect(page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody').textContent()).resolves.toContain('E2EIMP-0002');

    // Stock follows: the manage screen shows two more available.
    await page.goto(`${server.url}/inventory/manage?goodsId=${String(goods.id)}`);
    await rows(page);
    await expect.poll(() => page.locator('[data-testid=stock-available]').first().textContent(), WAIT).toBe(String((stockBefore.availableQty as number) + 2));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('master-detail: a CDK platform opens its codes, a reload keeps the platform, Back returns', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/cdk/platform');
    const list = await rows(page);
    const firstRow = (await list.first().textContent()) ?? '';
    await list.first().locator('[data-testid=cdk-open-codes]').click();
    await page.waitForURL(/\/cdk\/platform\/list\?platformId=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('platformId'));
    const name = (await api<Row>('/v1/cdkPlatform/info', { id })).platformName as string;
    expect(firstRow).toContain(name);
    await expect.poll(() => page.locator('[data-testid=cdk-owner-name]').textContent(), WAIT).toBe(name);
    await rows(page);
    const expected = (await api<{ total: number }>('/v1/cdkCode/list', { platformId: id, pageSize: 1 })).total;
    const total = async () => Number(/\d+/.exec((await page.locator('.page-view:not([hidden]) .p-paginator-current').textContent()) ?? '')?.[0]);
    await expect.poll(total, WAIT).toBe(expected);
    await shot(page, 'cdk-platform-codes-zh');

    // Reload keeps which platform (URL query, and the stored id for a bare route).
    await page.reload();
    await expect.poll(() => page.locator('[data-testid=cdk-owner-name]').textContent(), WAIT).toBe(name);
    await page.goto(server.url + '/cdk/platform/list');
    await page.waitForURL(new RegExp(`platformId=${id}`));
    await expect.poll(() => page.locator('[data-testid=cdk-owner-name]').textContent(), WAIT).toBe(name);
    await rows(page);
    await expect.poll(total, WAIT).toBe(expected);

    await page.locator('[data-testid=cdk-back]').click();
    await page.waitForURL((u) => u.pathname === '/cdk/platform');
    await rows(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('settling two income lines: the confirm states their sum, both are settled', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/financial/merchantIncome?status=0');
    const list = await rows(page);
    const ids = [Number((await list.nth(0).locator('td').nth(1).textContent())!.trim()), Number((await list.nth(1).locator('td').nth(1).textContent())!.trim())];
    const lines = await Promise.all(ids.map((id) => api<Row>('/v1/merchantIncome/info', { id })));
    const sum = lines.reduce((s, l) => s + (l.income as number), 0);
    await page.locator('[data-testid=income-totals]').waitFor();
    await list.nth(0).locator('.p-checkbox').first().click();
    await list.nth(1).locator('.p-checkbox').first().click();
    await page.locator('[data-testid=income-settle]').click();
    const confirm = page.locator('.p-confirm-dialog');
    const yuan = (sum / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(confirm.textContent()).resolves.toContain(yuan);
    await expect(confirm.textContent()).resolves.toContain('2 笔');
    await shot(page, 'financial-settle-confirm-zh');
    await confirm.locator('.p-confirm-dialog-accept').click();
    await page.locator('.p-toast-message', { hasText: '已结算 2 笔' }).first().waitFor();
    for (const id of ids) expect((await api<Row>('/v1/merchantIncome/info', { id })).status).toBe(1);
    // The list (unsettled only) no longer shows them.
    await rows(page);
    await expect.poll(async () => (await page.locator('.page-view:not([hidden]) [data-testid=crud-table] tbody').textContent()) ?? '', WAIT).not.toMatch(new RegExp(`(^|\\D)${ids[0]}(\\D|$)`));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the operator sees none of the admin-only areas; a deep link shows the exception page', async () => {
    const { page, errors } = await openSignedIn(browser, server, '/inventory/manage', { user: 'operator' });
    await rows(page);
    const top = await page.locator('.shell-menu-item--top .shell-menu-label').allTextContents();
    expect(top).toContain('库存管理');
    for (const g of ['CDK 管理', '客户端', '财务管理']) expect(top).not.toContain(g);
    for (const route of ['/cdk/platform', '/cdk/platform/list?platformId=1', '/client/errorLog', '/financial/rantalIncome']) {
      await page.goto(server.url + route);
      await page.locator('[data-testid=exception][data-status="403"]').waitFor();
      expect(await page.locator('[data-testid=crud-table]').count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
