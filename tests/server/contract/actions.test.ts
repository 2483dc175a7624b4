import { readSheet } from 'read-excel-file/node';
import { describe, expect, test } from 'vitest';
import { STATISTICS_KINDS } from '../../../server/contract/statistics.js';
import type { AnyRow } from '../../../server/mock/store/seed.js';
import { signIn } from '../helpers.js';
import { mockCtx, signedInSuite } from './harness.js';

/**
 * Domain actions of the screens of spec §2 beyond CRUD: order delivery, extraction, reissue,
 * refunds; wallet movements; CDK batch import; resource batches and export; rentals; weights;
 * statistics. Each refusal changes nothing.
 */

// A quarter of the default volumes: these tests need records of each kind, not thousands.
const suite = signedInSuite({ SCALE: '0.25' });
const p = suite.p;
const store = () => mockCtx(suite.app).store;
const all = (name: Parameters<ReturnType<typeof store>['col']>[0]) => [...store().col(name).values()];
const itemsOf = (orderId: number) => all('orderItem').filter((i) => i.orderId === orderId);

describe('orders', () => {
  /** A paid order with one code-delivered item whose goods has enough unsold codes. */
  const paidCodeOrder = () =>
    all('order').find((o) => o.status === 1 && o.riskLevel !== 2 && itemsOf(o.id).every((i) => i.deliveryType === 1 && (store().get<AnyRow>('goods', i.goodsId as number)!.stock as number) >= 2 * (i.quantity as number)))!;

  test('confirm delivery sells unsold codes to the items, then extract reveals them and confirm completes', async () => {
    const o = paidCodeOrder();
    const item = itemsOf(o.id)[0];
    const stockBefore = store().get<AnyRow>('goods', item.goodsId as number)!.stock as number;
    const d = await p('/v1/order/confirmDelivery', { id: o.id, deliveryRemark: '已发货' });
    expect(d.json.data).toMatchObject({ id: o.id, status: 2 });
    const delivered = itemsOf(o.id)[0];
    expect(delivered.cardIds).toHaveLength(item.quantity as number);
    for (const id of delivered.cardIds as number[]) expect(store().get('card', id)).toMatchObject({ status: 2, orderId: o.id });
    expect(store().get<AnyRow>('goods', item.goodsId as number)!.stock).toBe(stockBefore - (item.quantity as number));
    expect((await p('/v1/order/confirmDelivery', { id: o.id })).json.message).toMatch(/^id: order .* is delivered; cannot deliver it/);

    const codes = await p('/v1/order/extract', { id: o.id });
    expect(codes.json.data[0]).toMatchObject({ kind: 'card', cardNo: expect.any(String), secret: expect.any(String) });
    expect(itemsOf(o.id)[0].deliveryStatus).toBe(2);
    // Secrets never appear in lists.
    const listed = await p('/v1/card/list', { orderId: o.id });
    expect(listed.json.data.list[0].cardSecret).toBeUndefined();

    expect((await p('/v1/order/confirm', { id: o.id })).json.data.status).toBe(3);
  });

  test('reissue voids the delivered codes and sells new ones', async () => {
    const o = paidCodeOrder();
    await p('/v1/order/confirmDelivery', { id: o.id });
    const old = itemsOf(o.id)[0].cardIds as number[];
    const r = await p('/v1/order/reissue', { id: o.id, reason: '激活码无效' });
    expect(r.json.data.remark).toContain('激活码无效');
    const fresh = itemsOf(o.id)[0].cardIds as number[];
    expect(fresh.some((id) => old.includes(id))).toBe(false);
    for (const id of old) expect(store().get('card', id)).toMatchObject({ status: 3 });
  });

  test('a blocked order cannot be delivered until its risk level is cleared', async () => {
    const o = paidCodeOrder();
    expect((await p('/v1/order/risk', { id: o.id, riskLevel: 2, riskRemark: '异地大额' })).json.data).toMatchObject({ riskLevel: 2, riskRemark: '异地大额' });
    expect((await p('/v1/order/confirmDelivery', { id: o.id })).json.message).toMatch(/blocked by risk control/);
    await p('/v1/order/risk', { id: o.id, riskLevel: 0 });
    expect((await p('/v1/order/confirmDelivery', { id: o.id })).json.code).toBe(200);
  });

  test('cancel releases locked codes; only cancelled orders can be deleted', async () => {
    const o = all('order').find((x) => x.status === 0 && itemsOf(x.id).some((i) => (i.cardIds as number[]).length))!;
    const locked = itemsOf(o.id).flatMap((i) => i.cardIds as number[]);
    expect((await p('/v1/order/del', { ids: [o.id] })).json.message).toMatch(/only cancelled orders can be deleted/);
    expect((await p('/v1/order/cancel', { id: o.id })).json.data.status).toBe(4);
    for (const id of locked) expect(store().get<AnyRow>('card', id)).toMatchObject({ status: 0 });
    expect((await p('/v1/order/del', { ids: [o.id] })).json.data).toEqual({ count: 1, trashIds: [expect.any(Number)] });
    expect(itemsOf(o.id)).toEqual([]);
  });

  test('a refund above the paid amount is refused; an approved one credits the wallet and marks the order refunded', async () => {
    const found = all('order').find((x) => x.status === 3 && itemsOf(x.id).every((i) => i.deliveryType === 2))!;
    // Paid a moment ago, so the refund window of its category is open.
    const o = store().col('order').replace({ ...found, payTime: mockCtx(suite.app).crud.now() });
    const member = store().get<AnyRow>('member', o.memberId as number)!;
    expect((await p('/v1/order/refund', { id: o.id, amount: (o.payAmount as number) + 1, reason: '多付' })).json.message).toMatch(/^amount: at most/);
    const refund = (await p('/v1/order/refund', { id: o.id, amount: 100, reason: '部分退款' })).json.data;
    expect(store().get<AnyRow>('order', o.id)!.status).toBe(refund.status === 3 ? 6 : 5);
    if (refund.status === 0) expect((await p('/v1/refund/audit', { id: refund.id, approved: true, auditRemark: 'ok' })).json.data.status).toBe(3);
    expect(store().get<AnyRow>('order', o.id)!.status).toBe(6);
    expect(store().get<AnyRow>('member', o.memberId as number)!.balance).toBe((member.balance as number) + 100);
    expect((await p('/v1/refund/audit', { id: refund.id, approved: false })).json.message).toMatch(/already decided/);
  });

  test('a rejected refund puts the order back', async () => {
    const o = all('order').find((x) => x.status === 5)!;
    const r = all('refund').find((x) => x.orderId === o.id && x.status === 0)!;
    expect((await p('/v1/refund/audit', { id: r.id, approved: false, auditRemark: '不符合退款条件' })).json.data.status).toBe(2);
    expect(store().get<AnyRow>('order', o.id)!.status).toBe(r.orderStatusBefore);
  });

  test('detail answers the order with its items and refunds', async () => {
    const o = all('order').find((x) => x.status === 6)!;
    const d = (await p('/v1/order/detail', { id: o.id })).json.data;
    expect(d.order.id).toBe(o.id);
    expect(d.items.length).toBeGreaterThan(0);
    expect(d.refunds[0].orderId).toBe(o.id);
  });
});

describe('wallet', () => {
  const active = () => all('member').find((m) => m.status === 1 && (m.balance as number) > 5000)!;
  const sumOf = (memberId: number) => all('walletRecord').filter((w) => w.memberId === memberId && w.status === 1).reduce((s, w) => s + (w.amount as number), 0);

  test('recharge, withdraw (pending, then approved), exchange: the balance is always the sum of the records', async () => {
    const m = active();
    const r = await p('/v1/walletRecord/recharge', { memberId: m.id, amount: 10000, channel: 1 });
    expect(r.json.data).toMatchObject({ recordType: 1, amount: 10000, status: 1, balanceAfter: (m.balance as number) + 10000 });
    const w = (await p('/v1/walletRecord/withdraw', { memberId: m.id, amount: 3000, channel: 4, account: '6222 0000 0000 1234' })).json.data;
    expect(w).toMatchObject({ status: 0, amount: -3000 });
    expect((await p('/v1/walletRecord/summary', { memberId: m.id })).json.data.pendingWithdraw).toBeGreaterThanOrEqual(3000);
    expect((await p('/v1/walletRecord/auditWithdraw', { id: w.id, approved: true })).json.data.status).toBe(1);
    const points = store().get<AnyRow>('member', m.id)!.points as number;
    if (points >= 100) expect((await p('/v1/walletRecord/exchange', { memberId: m.id, points: 100 })).json.data).toMatchObject({ recordType: 3, amount: 100, points: 100 });
    expect(store().get<AnyRow>('member', m.id)!.balance).toBe(sumOf(m.id));
  });

  test('a withdrawal above the balance and a frozen member are refused', async () => {
    const m = active();
    expect((await p('/v1/walletRecord/withdraw', { memberId: m.id, amount: (m.balance as number) + 100, channel: 1, account: 'x' })).json.message).toMatch(/^amount: member \d+ can withdraw at most/);
    const frozen = all('member').find((x) => x.status === 2)!;
    expect((await p('/v1/walletRecord/recharge', { memberId: frozen.id, amount: 100, channel: 1 })).json.message).toMatch(/^memberId: member \d+ is frozen/);
    expect((await p('/v1/walletRecord/recharge', { memberId: m.id, amount: -5, channel: 1 })).json.message).toContain('amount:');
  });
});

describe('other areas', () => {
  test('CDK batch import: all codes or none, one owner', async () => {
    const before = all('cdkCode').length;
    const ok = await p('/v1/cdkCode/batchImport', { ownerType: 2, merchantId: 1, faceValue: 1000, codes: ['NEWCODE0001', 'NEWCODE0002'] });
    expect(ok.json.data).toMatchObject({ count: 2, batchNo: expect.any(String) });
    expect(all('cdkCode').length).toBe(before + 2);
    const dup = await p('/v1/cdkCode/batchImport', { ownerType: 2, merchantId: 1, faceValue: 1000, codes: ['NEWCODE0003', 'NEWCODE0001'] });
    expect(dup.json.message).toBe('codes.1: "NEWCODE0001" already exists; nothing was imported');
    expect((await p('/v1/cdkCode/batchImport', { ownerType: 1, merchantId: 1, faceValue: 1, codes: ['X1'] })).json.message).toMatch(/^platformId: required when ownerType is 1/);
    expect(all('cdkCode').length).toBe(before + 2);
  });

  test('resource batch create and modify are all or none; export is a spreadsheet', async () => {
    const before = all('resource').length;
    const bad = await p('/v1/resource/batchAdd', { list: [{ name: 'A', url: '/v1/a/**', categoryId: 1 }, { name: 'B', url: '/v1/a/**', categoryId: 1 }] });
    expect(bad.json.message).toBe('list.1.url: "/v1/a/**" repeats list.0');
    expect((await p('/v1/resource/batchAdd', { list: [{ name: 'A', url: '/v1/a/**', categoryId: 99 }] })).json.message).toBe('list.0.categoryId: no resource category with id 99');
    expect(all('resource').length).toBe(before);
    expect((await p('/v1/resource/batchAdd', { list: [{ name: 'A', url: '/v1/a/**', categoryId: 1 }, { name: 'B', url: '/v1/b/**', categoryId: 2 }] })).json.data).toEqual({ count: 2 });
    expect((await p('/v1/resource/batchUpdate', { list: [{ id: 1, description: '改' }, { id: 2, url: '/v1/a/**' }] })).json.message).toMatch(/^list\.\d\.url: .* would be used by resources/);
    expect((await p('/v1/resource/batchUpdate', { list: [{ id: 1, description: '改' }] })).json.data).toEqual({ count: 1 });
    const file = await suite.app.inject({ method: 'POST', url: '/v1/resource/export', headers: { authorization: suite.token }, payload: { categoryId: 1 } });
    const sheet = await readSheet(file.rawPayload);
    expect(sheet[0]).toEqual(['ID', '资源名称', '资源路径', '资源分类', '描述', '创建时间']);
    expect(sheet.length - 1).toBe(all('resource').filter((r) => r.categoryId === 1).length);
  });

  test('rental: approving an application creates an account, which lists only once verified', async () => {
    const a = all('rentApply').find((x) => x.status === 0 && !all('rentAccount').some((r) => r.gameId === x.gameId && r.account === x.account))!;
    expect((await p('/v1/rentApply/audit', { id: a.id, approved: true })).json.data.status).toBe(1);
    const acc = all('rentAccount').at(-1)!;
    expect(acc).toMatchObject({ account: a.account, verifyStatus: 0 });
    expect((await p('/v1/rentAccount/update', { id: acc.id, status: 1 })).json.message).toMatch(/must be verified before it is listed/);
    const v = await p('/v1/rentAccount/verify', { id: acc.id, passed: true });
    expect(v.json.data.verifyStatus).toBe(1);
    expect(v.json.data.password).toBeUndefined();
    expect((await p('/v1/rentAccount/update', { id: acc.id, status: 1 })).json.data.status).toBe(1);
  });

  test('relation weights change together or not at all; navigation and menus come as trees', async () => {
    const [a, b] = all('recommendRelation');
    expect((await p('/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 7 }, { id: 99999, weight: 1 }] })).json).toMatchObject({ code: 404, message: 'list: no recommend relation with id 99999' });
    expect((await p('/v1/recommendRelation/updateWeight', { list: [{ id: a.id, weight: 7 }, { id: b.id, weight: 8 }] })).json.data).toEqual({ count: 2 });
    expect(store().get<AnyRow>('recommendRelation', b.id)!.weight).toBe(8);
    const nav = (await p('/v1/navigation/tree')).json.data;
    expect(nav[0]).toMatchObject({ navName: '首页', children: [] });
    expect(nav.find((n: AnyRow) => n.navName === '游戏').children.length).toBeGreaterThan(0);
    const menus = (await p('/v1/menu/tree')).json.data;
    expect(menus.find((m: AnyRow) => m.name === 'Feedback').children.map((c: AnyRow) => c.path)).toEqual(['index', 'type', 'words', 'activity']);
  });

  test('statistics: every kind answers one series per name over the buckets, and a bad range is refused', async () => {
    for (const kind of STATISTICS_KINDS) {
      const r = await p(`/v1/statistics/${kind}`, { startDate: '2026-09-01', endDate: '2026-10-31', granularity: 'week' });
      expect(r.json.code, kind).toBe(200);
      const { categories, series, summary } = r.json.data;
      expect(categories[0]).toBe('2026-08-31');
      for (const s of series) expect(s.data, `${kind} ${s.name}`).toHaveLength(categories.length);
      expect(Object.keys(summary).length).toBe(series.length);
    }
    const reg = (await p('/v1/statistics/userRegister', { startDate: '2026-10-01', endDate: '2026-10-31' })).json.data;
    const joined = all('member').filter((m) => (m.createTime as string) >= '2026-10-01' && (m.createTime as string) <= '2026-10-31 23:59:59').length;
    expect(Object.values(reg.summary as Record<string, number>).reduce((s, x) => s + x, 0)).toBe(joined);
    expect((await p('/v1/statistics/pageView', { startDate: '2026-10-31', endDate: '2026-10-01' })).json.message).toMatch(/^endDate: must not be before/);
  });

  test('changing the password checks the current one and signs the user out everywhere', async () => {
    expect((await p('/v1/admin/updatePassword', { oldPassword: 'wrong', newPassword: 'abc12345' })).json.message).toBe('oldPassword: wrong password');
    expect((await p('/v1/admin/updatePassword', { oldPassword: 'admin123', newPassword: 'short' })).json.message).toContain('newPassword:');
    expect((await p('/v1/admin/updatePassword', { oldPassword: 'admin123', newPassword: 'abc12345' })).json.code).toBe(200);
    expect((await p('/v1/admin/updatePassword', { oldPassword: 'admin123', newPassword: 'xyz12345' })).json.code).toBe(401);
    suite.token = await signIn(suite.app, 'admin', 'abc12345');
    expect((await p('/v1/admin/updatePassword', { oldPassword: 'admin123', newPassword: 'xyz12345' })).json.message).toBe('oldPassword: wrong password');
  });
});
