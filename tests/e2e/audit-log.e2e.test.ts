import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { StorageKey } from '../../web/lib/storage';
import { apiToken, e2eLifecycle, openSignedIn, resetMock, shot, type E2EServer } from './harness.js';

/**
 * The audit trail's screen in Chromium: the administrator approves a refund, opens
 * /system/auditLog, finds the entry by the order number and reads the refund's fields before →
 * after; the chain verifies; the operator gets the 403 page. Screenshots in both languages/themes.
 * Four eyes: an operator's refund above APPROVAL_REFUND_CENTS waits until the administrator approves
 * it on the Approvals screen, and the money then moves once.
 */

let server: E2EServer;
let browser: Browser;
e2eLifecycle({ TOKEN_TTL: '3600', APPROVAL_REFUND_CENTS: '100' }, (s, b) => {
  server = s;
  browser = b;
});

type Row = Record<string, any>;
async function api<T = any>(url: string, body: unknown = {}, token?: string): Promise<T> {
  const r = await server.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: token } : {} });
  const env = r.json();
  if (env.code !== 200) throw new Error(`${url}: ${env.message}`);
  return env.data as T;
}

describe('audit log', () => {
  test('an approved refund is found by its order number, with the refund before → after; the chain verifies', async () => {
    await resetMock(server);
    const token = await apiToken(server, 'admin');
    // A pending refund approved: the refund and the order it names change.
    const refund = (await api<{ list: Row[] }>('/v1/refund/list', { pageNum: 1, pageSize: 1, status: 0 }, token)).list[0];
    await api('/v1/refund/audit', { id: refund.id, approved: true, auditRemark: '审计演示' }, token);
    const order = { orderNo: refund.orderNo };
    for (const [lang, seed] of [['zh', {}], ['en-dark', { [StorageKey.locale]: 'en', [StorageKey.darkMode]: true }]] as const) {
      const { page, errors, context } = await openSignedIn(browser, server, `/system/auditLog?targetIds=${encodeURIComponent(String(order.orderNo))}`, { seed });
      const view = page.locator('.page-view:not([hidden])');
      const rows = view.locator('[data-testid=crud-table] tbody tr');
      await rows.filter({ hasText: 'refund.audit' }).first().waitFor();
      expect(await rows.count()).toBe(1);
      await rows.first().locator('[data-testid=audit-open]').click();
      const entry = page.locator('[data-testid=audit-entry]');
      await entry.waitFor();
      const changes = entry.locator('[data-testid=audit-changes]');
      await changes.waitFor();
      expect(await changes.innerText()).toMatch(lang === 'zh' ? /状态/ : /Status/);
      expect(await entry.locator('[data-testid=audit-fields]').innerText()).toContain('审计演示');
      await shot(page, `issue25-audit-entry-${lang}`);
      await entry.locator('.p-dialog-header-close').click();
      await view.locator('[data-testid=audit-verify]').click();
      await page.locator('.p-toast-message', { hasText: lang === 'zh' ? '哈希链完整' : 'The chain holds' }).first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  test("a record's modify page shows its history: who changed which field, before → after", async () => {
    await resetMock(server);
    const token = await apiToken(server, 'admin');
    const c = (await api<{ list: Row[] }>('/v1/goodsCategory/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    await api('/v1/goodsCategory/update', { id: c.id, name: `${String(c.name)}改` }, token);
    const { page, errors, context } = await openSignedIn(browser, server, '/goods/category/modify', { seed: { goodsCategoryId: c.id } });
    const history = page.locator('[data-testid=audit-history]');
    const entry = history.locator('[data-testid=audit-history-entry]');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    // The operation and the changed field by their labels, the name before → after.
    expect(await entry.first().innerText()).toMatch(/admin[\s\S]*商品分类·修改[\s\S]*成功/);
    expect(await entry.first().innerText()).toContain(`分类名称： ${String(c.name)} → ${String(c.name)}改`);
    await shot(page, 'issue25-history-zh');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test("an operator's large refund waits for the administrator's approval; approved on the Approvals screen, the money moves once", async () => {
    await resetMock(server);
    const admin = await apiToken(server, 'admin');
    const operator = await apiToken(server, 'operator');
    const refund = (await api<{ list: Row[] }>('/v1/refund/list', { pageNum: 1, pageSize: 50, status: 0 }, admin)).list.find((r) => r.amount > 100)!;
    const balance = async () => (await api<Row>('/v1/member/info', { id: refund.memberId }, admin)).balance as number;
    const before = await balance();
    const sent = (await server.app.inject({ method: 'POST', url: '/v1/refund/audit', payload: { id: refund.id, approved: true, auditRemark: '客户投诉' }, headers: { authorization: operator } })).json();
    expect(sent).toMatchObject({ code: 202, key: 'approval.sent' });
    expect(await balance()).toBe(before);
    // The operator cannot approve their own request.
    const own = (await server.app.inject({ method: 'POST', url: '/console/approval/approve', payload: { id: sent.params.id, reason: '自己批' }, headers: { authorization: operator } })).json();
    expect(own.code).not.toBe(200);
    expect(await balance()).toBe(before);

    const { page, errors, context } = await openSignedIn(browser, server, '/system/approvals');
    const decide = page.locator('[data-testid=approval-decide-open]');
    await decide.first().waitFor();
    expect(await decide.count()).toBe(1);
    await decide.first().click();
    await page.locator('[data-testid=approval-summary]').getByText('operator (operator)').waitFor();
    await page.locator('#action-reason').fill('已核实');
    await shot(page, 'approvals-decide');
    await page.locator('[data-testid=approval-decide-submit]').click();
    await page.locator('[data-testid=approval-decide]').waitFor({ state: 'detached' });
    await expect.poll(() => decide.count()).toBe(0);
    await page.locator('[data-testid=approval-views]').getByText('已处理').click();
    await page.locator('[data-testid=crud-table]').getByText('已通过').waitFor();
    await shot(page, 'approvals-decided');
    expect(await balance()).toBe(before + (refund.amount as number));
    expect((await api<Row>('/v1/refund/info', { id: refund.id }, admin)).status).toBe(3);
    // Approved once: a second approval changes nothing.
    const again = (await server.app.inject({ method: 'POST', url: '/console/approval/approve', payload: { id: sent.params.id, reason: '再次' }, headers: { authorization: admin } })).json();
    expect(again.key).toBe('approval.decided');
    expect(await balance()).toBe(before + (refund.amount as number));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('a history revert: Restore this version shows what changes, writes the old name back and the form shows it', async () => {
    await resetMock(server);
    const token = await apiToken(server, 'admin');
    const c = (await api<{ list: Row[] }>('/v1/goodsCategory/list', { pageNum: 1, pageSize: 1 }, token)).list[0];
    const wrong = `${String(c.name)}误改`;
    await api('/v1/goodsCategory/update', { id: c.id, name: wrong }, token);
    const { page, errors, context } = await openSignedIn(browser, server, '/goods/category/modify', { seed: { goodsCategoryId: c.id } });
    const history = page.locator('[data-testid=audit-history]');
    const input = page.locator('#crud-goodsCategory-name');
    await expect.poll(() => input.inputValue()).toBe(wrong);
    await history.locator('[data-testid=audit-history-restore]').first().click();
    const dialog = page.locator('[data-testid=revert-dialog]');
    const name = dialog.locator('[data-testid=revert-changes] tr[data-field=name]');
    await name.waitFor();
    expect([await name.locator('td').nth(0).innerText(), await name.locator('td').nth(1).innerText()]).toEqual([wrong, String(c.name)]);
    await shot(page, 'history-revert-dialog-zh');
    await dialog.locator('[data-testid=revert-confirm]').click();
    await page.locator('.p-toast-message', { hasText: '已恢复该版本' }).first().waitFor();
    await history.locator('[data-testid=audit-history-revert-of]').first().waitFor();
    await expect.poll(() => input.inputValue()).toBe(String(c.name));
    await shot(page, 'history-reverted-zh');
    expect((await api<Row>('/v1/goodsCategory/info', { id: c.id }, token)).name).toBe(c.name);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('the operator gets the 403 page', async () => {
    const { page, errors, context } = await openSignedIn(browser, server, '/system/auditLog', { user: 'operator' });
    await page.locator('[data-testid=exception][data-status="403"]').waitFor();
    expect(await page.locator('[data-testid=crud-table]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
