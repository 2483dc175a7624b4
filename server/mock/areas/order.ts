import { MockError } from '../store/crud.js';
import { recountStock } from '../hooks/inventory.js';
import type { AnyRow } from '../store/seed.js';
import { fmt, parseTime } from '../store/gen.js';
import type { MockContext } from '../context.js';
import type { TypedHandlers } from '../routes/actions.js';
import { credit } from './member.js';
import { ORDER_ACTION_STATUSES, refundAmountOf, refundedUnits, type OrderActionName, type RefundLineValue } from '../../contract/order.js';

/**
 * Order actions (spec §2 /order/index modals confirm-delivery, confirm, reissue, risk; /order/detail
 * extract, remark, CDK; /order/back refunds). Each checks the order's state first and changes
 * nothing when it refuses. Codes and accounts move between unsold, locked, sold and void with the
 * order, and the stock follows.
 */

const S = { pendingPay: 0, paid: 1, delivered: 2, completed: 3, cancelled: 4, refunding: 5, refunded: 6 } as const;
const STATUS_TEXT = ['awaiting payment', 'awaiting delivery', 'delivered', 'completed', 'cancelled', 'refund in progress', 'refunded'];

function order(ctx: MockContext, id: number): AnyRow {
  return ctx.crud.find('order', id);
}

function itemsOf(ctx: MockContext, orderId: number): AnyRow[] {
  return [...ctx.store.col('orderItem').values()].filter((i) => i.orderId === orderId);
}

/** Refuses an action the order's status does not allow (rules: `ORDER_ACTION_STATUSES` in the contract). */
function expect(o: AnyRow, action: OrderActionName, doing: string) {
  if (!(ORDER_ACTION_STATUSES[action] as readonly number[]).includes(o.status as number)) throw new MockError('id', 'order.wrongStatus', { orderNo: o.orderNo as string, status: STATUS_TEXT[o.status as number], doing });
}

/** The order with one more activity entry (who did what, when); keeps the newest 200. */
function logged(ctx: MockContext, o: AnyRow, action: string, actor: string | null, note = ''): AnyRow {
  const activity = [...((o.activity as AnyRow[] | undefined) ?? []), { time: ctx.crud.now(), action, actor: actor ?? 'system', note: note.slice(0, 255) }].slice(-200);
  return { ...o, activity };
}

/** A refunded order no longer counts in its member's orders and consumption (as the seed counts them). */
function uncount(ctx: MockContext, o: AnyRow) {
  const m = ctx.store.get<AnyRow>('member', o.memberId as number);
  if (!m) return;
  ctx.store.col('member').replace({ ...m, orderCount: Math.max(0, (m.orderCount as number) - 1), totalConsume: Math.max(0, (m.totalConsume as number) - (o.payAmount as number)), updateTime: ctx.crud.now() });
}

const KIND = { 1: 'card', 3: 'cardAccount' } as const;
type Kind = (typeof KIND)[1 | 3];

/** Unsold codes (or accounts) of a goods, oldest first; refuses when fewer than `n`. */
function takeUnsold(ctx: MockContext, kind: Kind, goodsId: number, n: number, goodsName: string): AnyRow[] {
  const out: AnyRow[] = [];
  for (const r of ctx.store.col(kind).values()) {
    if (r.goodsId === goodsId && r.status === 0) out.push(r);
    if (out.length === n) return out;
  }
  throw new MockError('id', 'order.fewUnsold', { goods: goodsName, count: out.length, what: kind === 'card' ? 'codes' : 'accounts', needed: n });
}

/** Plans deliveries for items (all checked before anything changes), then applies them. */
function deliver(ctx: MockContext, o: AnyRow, items: AnyRow[], replace: boolean) {
  const now = ctx.crud.now();
  const plans = items
    .filter((it) => KIND[it.deliveryType as 1 | 3])
    .map((it) => {
      const kind = KIND[it.deliveryType as 1 | 3];
      const field = kind === 'card' ? 'cardIds' : 'cardAccountIds';
      const held = (it[field] as number[]).map((id) => ctx.store.get<AnyRow>(kind, id)).filter((r): r is AnyRow => !!r);
      const need = replace ? Math.max(held.length, it.quantity as number) : (it.quantity as number) - held.filter((r) => r.status === 1).length;
      return { it, kind, field, held, fresh: need > 0 ? takeUnsold(ctx, kind, it.goodsId as number, need, String(it.goodsName)) : [] };
    });
  const touched = new Set<number>();
  for (const p of plans) {
    const col = ctx.store.col(p.kind);
    const keep = replace ? [] : p.held.filter((r) => r.status === 1);
    if (replace) for (const r of p.held) col.replace({ ...r, status: 3, updateTime: now });
    const sold = [...keep, ...p.fresh].map((r) => col.replace({ ...r, status: 2, orderId: o.id, soldTime: now, updateTime: now }));
    ctx.store.col('orderItem').replace({ ...p.it, [p.field]: sold.map((r) => r.id), deliveryStatus: 1, updateTime: now });
    touched.add(p.it.goodsId as number);
  }
  for (const it of items) if (!KIND[it.deliveryType as 1 | 3]) ctx.store.col('orderItem').replace({ ...it, deliveryStatus: 1, updateTime: now });
  touched.forEach((g) => recountStock(ctx.store, g));
}

export const orderHandlers = {
  'order.detail': ({ ctx, body }) => {
    const o = order(ctx, body.id);
    const refunds = [...ctx.store.col('refund').values()].filter((r) => r.orderId === o.id);
    const payments = [
      ...(o.payTime && o.payType ? [{ kind: 'pay', channel: o.payType, amount: o.payAmount, time: o.payTime, tradeNo: o.orderNo }] : []),
      ...refunds.filter((r) => r.status === 3).map((r) => ({ kind: 'refund', channel: 3, amount: -(r.amount as number), time: r.refundTime ?? r.updateTime, tradeNo: r.refundNo })),
    ];
    const items = itemsOf(ctx, o.id);
    const setting = refundSettingFor(ctx, items);
    return { order: o, items, refunds, payments, ...(setting ? { refundSetting: setting } : {}) };
  },

  'order.confirmDelivery': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'confirmDelivery', 'deliver it');
    if (o.riskLevel === 2) throw new MockError('id', 'order.blocked', { orderNo: o.orderNo as string });
    deliver(ctx, o, itemsOf(ctx, o.id), false);
    const remark = body.deliveryRemark ? `${o.remark ? `${o.remark}; ` : ''}${body.deliveryRemark}`.slice(0, 255) : o.remark;
    const now = ctx.crud.now();
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'confirmDelivery', actor, body.deliveryRemark ?? ''), status: S.delivered, deliveryTime: now, remark, updateTime: now });
  },

  'order.confirm': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'confirm', 'confirm receipt');
    const now = ctx.crud.now();
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'confirm', actor), status: S.completed, completeTime: now, updateTime: now });
  },

  'order.reissue': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'reissue', 'reissue codes');
    let items = itemsOf(ctx, o.id).filter((it) => KIND[it.deliveryType as 1 | 3]);
    if (body.itemId !== undefined) {
      items = items.filter((it) => it.id === body.itemId);
      if (!items.length) throw new MockError('itemId', 'order.noItem', { orderNo: o.orderNo as string, itemId: body.itemId });
    }
    if (!items.length) throw new MockError('id', 'order.nothingToReissue', { orderNo: o.orderNo as string });
    deliver(ctx, o, items, true);
    const now = ctx.crud.now();
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'reissue', actor, body.reason), remark: `${o.remark ? `${o.remark}; ` : ''}补发: ${body.reason}`.slice(0, 255), updateTime: now });
  },

  'order.risk': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'risk', 'change its risk level');
    if (body.riskLevel !== 0 && !String(body.riskRemark ?? '').trim()) throw new MockError('riskRemark', 'order.riskReason');
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'risk', actor, `${body.riskLevel}${body.riskRemark ? ` ${body.riskRemark}` : ''}`), riskLevel: body.riskLevel, riskRemark: body.riskRemark ?? '', updateTime: ctx.crud.now() });
  },

  'order.extract': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'extract', 'extract codes');
    let items = itemsOf(ctx, o.id).filter((it) => KIND[it.deliveryType as 1 | 3]);
    if (body.itemId !== undefined) items = items.filter((it) => it.id === body.itemId);
    if (!items.length) throw new MockError(body.itemId !== undefined ? 'itemId' : 'id', 'order.nothingDelivered');
    const now = ctx.crud.now();
    const out = items.flatMap((it) => {
      ctx.store.col('orderItem').replace({ ...it, deliveryStatus: 2, updateTime: now });
      const cards = (it.cardIds as number[]).map((id) => ctx.store.get<AnyRow>('card', id)!).filter(Boolean);
      const accounts = (it.cardAccountIds as number[]).map((id) => ctx.store.get<AnyRow>('cardAccount', id)!).filter(Boolean);
      return [
        ...cards.map((c) => ({ itemId: it.id, goodsName: it.goodsName, kind: 'card', id: c.id, cardNo: c.cardNo, secret: c.cardSecret })),
        ...accounts.map((a) => ({ itemId: it.id, goodsName: it.goodsName, kind: 'account', id: a.id, cardNo: a.account, secret: a.password })),
      ];
    });
    // Revealing secrets is audited: who saw which codes, when.
    const fresh = order(ctx, o.id);
    ctx.store.col('order').replace({ ...logged(ctx, fresh, 'reveal', actor, `${out.length} ${body.itemId !== undefined ? `item ${body.itemId}` : 'all items'}`), updateTime: now });
    return out;
  },

  'order.remark': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'remark', actor, body.remark), remark: body.remark, updateTime: ctx.crud.now() });
  },

  'order.cancel': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'cancel', 'cancel it');
    const now = ctx.crud.now();
    const touched = new Set<number>();
    for (const it of itemsOf(ctx, o.id)) {
      for (const [kind, field] of [['card', 'cardIds'], ['cardAccount', 'cardAccountIds']] as const) {
        for (const id of it[field] as number[]) {
          const r = ctx.store.get<AnyRow>(kind, id);
          if (r && r.status === 1) {
            const { orderId: _o, ...rest } = r;
            ctx.store.col(kind).replace({ ...rest, status: 0, updateTime: now } as AnyRow);
            touched.add(r.goodsId as number);
          }
        }
      }
      ctx.store.col('orderItem').replace({ ...it, cardIds: [], cardAccountIds: [], updateTime: now });
    }
    touched.forEach((g) => recountStock(ctx.store, g));
    return ctx.store.col('order').replace({ ...logged(ctx, o, 'cancel', actor), status: S.cancelled, updateTime: now });
  },

  'order.refund': ({ ctx, body, actor }) => {
    const o = order(ctx, body.id);
    expect(o, 'refund', 'open a refund');
    const items = itemsOf(ctx, o.id);
    const refunds = [...ctx.store.col('refund').values()].filter((r) => r.orderId === o.id);
    const setting = refundSettingFor(ctx, items);
    if (setting && !setting.allowRefund) throw new MockError('id', 'refund.notAllowed', { setting: setting.settingName as string });
    const lines = refundLines(o, items, refunds, body.lines, setting);
    const computed = refundAmountOf(o, items, refunds, lines);
    const left = (o.payAmount as number) - refunds.filter((r) => r.status === 3).reduce((s, r) => s + (r.amount as number), 0);
    if (computed < 1) throw new MockError(body.lines ? 'lines' : 'amount', 'refund.max', { max: Math.max(0, left), orderNo: o.orderNo as string });
    // With lines the amount is theirs; without, an amount asked may be less than what is left of them.
    if (body.lines && body.amount !== undefined && body.amount !== computed) throw new MockError('amount', 'refund.amountOfLines', { amount: computed });
    if (!body.lines && body.amount !== undefined && body.amount > computed) throw new MockError('amount', 'refund.max', { max: computed, orderNo: o.orderNo as string });
    const amount = body.amount ?? computed;
    const now = ctx.crud.now();
    if (setting && o.payTime) {
      const closes = fmt(parseTime(o.payTime as string) + (setting.refundWithinHours as number) * 3_600_000);
      if (now > closes) throw new MockError('id', 'refund.closed', { orderNo: o.orderNo as string, closes, hours: setting.refundWithinHours as number, setting: setting.settingName as string });
    }
    const refund = ctx.store.col('refund').insert({
      refundNo: `R${now.slice(0, 10).replace(/-/g, '')}${String(ctx.store.col('refund').peekNextId()).padStart(7, '0')}`,
      orderId: o.id, orderNo: o.orderNo, memberId: o.memberId, amount, lines: amount === computed ? lines : [], reason: body.reason, refundType: body.refundType ?? 1,
      status: 0, orderStatusBefore: o.status, auditRemark: '', createTime: now, updateTime: now,
    });
    ctx.store.col('order').replace({ ...logged(ctx, o, 'refund', actor, `${amount} ${body.reason}`), status: S.refunding, updateTime: now });
    if (setting?.autoApprove && amount <= (setting.autoApproveMaxAmount as number)) return decide(ctx, refund, true, `自动审核 (${setting.settingName})`, actor);
    return refund;
  },

  'refund.audit': ({ ctx, body, actor }) => {
    const r = ctx.crud.find('refund', body.id);
    if (r.status !== 0) throw new MockError('id', 'refund.decided', { ref: r.refundNo as string });
    if (!body.approved && !String(body.auditRemark ?? '').trim()) throw new MockError('auditRemark', 'refund.refuseReason');
    if (body.approved && body.amount !== undefined && body.amount > (r.amount as number)) throw new MockError('amount', 'refund.approveMax', { max: r.amount as number });
    return decide(ctx, body.approved && body.amount !== undefined ? { ...r, amount: body.amount } : r, body.approved, body.auditRemark ?? '', actor);
  },
} satisfies TypedHandlers;

/**
 * The lines a refund covers, checked: each a line of the order, given once, not above the units left
 * of it, and not extracted when the setting refuses extracted codes (only that line is refused, named
 * by its goods). Without lines: every unit left of the lines that may be refunded.
 */
function refundLines(o: AnyRow, items: AnyRow[], refunds: AnyRow[], asked: readonly RefundLineValue[] | undefined, setting: AnyRow | undefined): RefundLineValue[] {
  const done = refundedUnits(refunds);
  const leftOf = (it: AnyRow) => (it.quantity as number) - (done.get(it.id) ?? 0);
  const refusesExtracted = !!setting?.requireUndelivered;
  if (!asked) {
    const lines = items.filter((it) => !(refusesExtracted && it.deliveryStatus === 2) && leftOf(it) > 0).map((it) => ({ itemId: it.id, quantity: leftOf(it) }));
    if (!lines.length && refusesExtracted && items.some((it) => it.deliveryStatus === 2)) throw new MockError('id', 'refund.extracted', { orderNo: o.orderNo as string, setting: setting!.settingName as string });
    if (!lines.length) throw new MockError('id', 'refund.nothingLeft', { orderNo: o.orderNo as string });
    return lines;
  }
  const seen = new Set<number>();
  asked.forEach((l, i) => {
    const it = items.find((x) => x.id === l.itemId);
    if (!it) throw new MockError(`lines.${i}.itemId`, 'refund.noLine', { orderNo: o.orderNo as string, itemId: l.itemId });
    if (seen.has(l.itemId)) throw new MockError(`lines.${i}.itemId`, 'refund.lineTwice', { itemId: l.itemId });
    seen.add(l.itemId);
    if (refusesExtracted && it.deliveryStatus === 2) throw new MockError(`lines.${i}.itemId`, 'refund.lineExtracted', { goods: it.goodsName as string, setting: setting!.settingName as string });
    if (l.quantity > leftOf(it)) throw new MockError(`lines.${i}.quantity`, 'refund.lineMax', { max: Math.max(0, leftOf(it)), goods: it.goodsName as string });
  });
  return [...asked];
}

/** The refund setting of the order's goods category (top level), else the default (no category). */
function refundSettingFor(ctx: MockContext, items: AnyRow[]): AnyRow | undefined {
  const settings = [...ctx.store.col('refundSetting').values()].filter((s) => s.status === 1);
  for (const it of items) {
    const goods = ctx.store.get<AnyRow>('goods', it.goodsId as number);
    const cat = goods && ctx.store.get<AnyRow>('goodsCategory', goods.categoryId as number);
    const top = cat ? ((cat.parentId as number) || cat.id) : undefined;
    const s = settings.find((x) => x.categoryId === top);
    if (s) return s;
  }
  return settings.find((x) => x.categoryId === undefined);
}

/** Approves (money back to the wallet, order refunded) or rejects (order back to its state) a refund. */
function decide(ctx: MockContext, r: AnyRow, approved: boolean, remark: string, actor: string | null): AnyRow {
  const now = ctx.crud.now();
  const o = ctx.crud.find('order', r.orderId as number);
  if (approved) {
    credit(ctx, r.memberId as number, r.amount as number, { recordType: 5, channel: 3, remark: `订单 ${o.orderNo} 退款` }, actor);
    uncount(ctx, o);
    ctx.store.col('order').replace({ ...logged(ctx, o, 'refundApproved', actor, `${r.amount}${remark ? ` ${remark}` : ''}`), status: S.refunded, updateTime: now });
    return ctx.store.col('refund').replace({ ...r, status: 3, auditRemark: remark, auditTime: now, refundTime: now, updateTime: now });
  }
  ctx.store.col('order').replace({ ...logged(ctx, o, 'refundRejected', actor, remark), status: r.orderStatusBefore, updateTime: now });
  return ctx.store.col('refund').replace({ ...r, status: 2, auditRemark: remark, auditTime: now, updateTime: now });
}
