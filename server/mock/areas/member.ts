import { POINTS_PER_YUAN } from '../../contract/member.js';
import type { MockContext } from '../context.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import type { TypedHandlers } from '../routes/actions.js';

/**
 * Wallet actions (spec §2 /member/wallet: recharge drawer, withdraw and exchange modals). A member's
 * `balance` always equals the sum of their successful wallet records: every change of it writes one.
 * A withdrawal waits for audit; what is pending cannot be withdrawn twice.
 */

function activeMember(ctx: MockContext, id: number): AnyRow {
  const m = ctx.crud.find('member', id, 'memberId');
  if (m.status !== 1) throw new MockError('memberId', 'member.inactive', { id, status: m.status === 2 ? 'frozen' : 'closed' });
  return m;
}

function tradeNo(ctx: MockContext): string {
  return `W${ctx.crud.now().slice(0, 10).replace(/-/g, '')}${String(ctx.store.col('walletRecord').peekNextId()).padStart(8, '0')}`;
}

function pendingWithdraw(ctx: MockContext, memberId: number): number {
  let sum = 0;
  for (const w of ctx.store.col('walletRecord').values()) if (w.memberId === memberId && w.recordType === 2 && w.status === 0) sum += -(w.amount as number);
  return sum;
}

/**
 * Moves money into (amount > 0) or out of a member's wallet with a successful record.
 * @returns the wallet record. @throws MockError when the balance would go below zero.
 */
export function credit(ctx: MockContext, memberId: number, amount: number, rec: { recordType: number; channel: number; remark?: string; points?: number; account?: string; couponId?: number }, actor: string | null): AnyRow {
  const m = ctx.crud.find('member', memberId, 'memberId');
  const balance = (m.balance as number) + amount;
  if (balance < 0) throw new MockError('amount', 'wallet.short', { id: memberId, balance: m.balance as number, needed: -amount });
  const now = ctx.crud.now();
  ctx.store.col('member').replace({ ...m, balance, updateTime: now });
  return ctx.store.col('walletRecord').insert({
    memberId, recordType: rec.recordType, amount, balanceAfter: balance, points: rec.points ?? 0, channel: rec.channel, tradeNo: tradeNo(ctx),
    account: rec.account ?? '', ...(rec.couponId ? { couponId: rec.couponId } : {}), status: 1, ...(actor ? { auditAdmin: actor, auditTime: now } : {}), remark: rec.remark ?? '', createTime: now, updateTime: now,
  });
}

const STATUS_TEXT: Record<number, string> = { 1: 'active', 2: 'frozen', 3: 'closed' };

export const memberHandlers = {
  /** Freeze (active → frozen) or enable (frozen → active) with a reason kept in the remark; a closed member stays closed. */
  'member.setStatus': ({ ctx, body }) => {
    const m = ctx.crud.find('member', body.id);
    const from = m.status as number;
    if (from === 3) throw new MockError('id', 'member.closedNoChange', { id: m.id });
    if (from === body.status) throw new MockError('status', 'member.alreadyStatus', { id: m.id, status: STATUS_TEXT[from] });
    const reason = String(body.reason).trim();
    return ctx.store.col('member').replace({ ...m, status: body.status, remark: reason.slice(0, 255), updateTime: ctx.crud.now() });
  },

  'walletRecord.recharge': ({ ctx, body, actor }) => {
    activeMember(ctx, body.memberId);
    return credit(ctx, body.memberId, body.amount, { recordType: 1, channel: body.channel, remark: body.remark ?? '后台充值' }, actor);
  },

  'walletRecord.withdraw': ({ ctx, body }) => {
    const m = activeMember(ctx, body.memberId);
    const available = (m.balance as number) - pendingWithdraw(ctx, m.id);
    if (body.amount > available) throw new MockError('amount', 'wallet.withdrawMax', { id: m.id, max: available, balance: m.balance as number, pending: pendingWithdraw(ctx, m.id) });
    const now = ctx.crud.now();
    return ctx.store.col('walletRecord').insert({
      memberId: m.id, recordType: 2, amount: -body.amount, balanceAfter: m.balance, points: 0, channel: body.channel, tradeNo: tradeNo(ctx),
      account: body.account, status: 0, remark: body.remark ?? '', createTime: now, updateTime: now,
    });
  },

  'walletRecord.auditWithdraw': ({ ctx, body, actor }) => {
    const w = ctx.crud.find('walletRecord', body.id);
    if (w.recordType !== 2 || w.status !== 0) throw new MockError('id', 'wallet.notPendingWithdraw', { id: w.id });
    const now = ctx.crud.now();
    if (!body.approved) return ctx.store.col('walletRecord').replace({ ...w, status: 3, auditTime: now, auditAdmin: actor ?? 'admin', remark: body.remark ?? w.remark, updateTime: now });
    const m = ctx.crud.find('member', w.memberId as number, 'memberId');
    const balance = (m.balance as number) + (w.amount as number);
    if (balance < 0) throw new MockError('id', 'wallet.noLonger', { id: m.id, amount: -(w.amount as number), balance: m.balance as number });
    ctx.store.col('member').replace({ ...m, balance, updateTime: now });
    return ctx.store.col('walletRecord').replace({ ...w, status: 1, balanceAfter: balance, auditTime: now, auditAdmin: actor ?? 'admin', remark: body.remark ?? w.remark, updateTime: now });
  },

  'walletRecord.exchange': ({ ctx, body, actor }) => {
    const m = activeMember(ctx, body.memberId);
    if (body.points > (m.points as number)) throw new MockError('points', 'wallet.points', { id: m.id, points: m.points as number });
    const cents = Math.floor((body.points * 100) / POINTS_PER_YUAN);
    ctx.store.col('member').replace({ ...m, points: (m.points as number) - body.points });
    return credit(ctx, m.id, cents, { recordType: 3, channel: 3, points: body.points, remark: body.remark ?? `${body.points} 积分兑换` }, actor);
  },

  'walletRecord.exchangeCoupon': ({ ctx, body, actor }) => {
    const m = activeMember(ctx, body.memberId);
    const c = ctx.crud.find('coupon', body.couponId, 'couponId');
    const now = ctx.crud.now();
    if (c.status !== 1) throw new MockError('couponId', 'coupon.disabled', { id: c.id });
    if (now < (c.startTime as string) || now > (c.endTime as string)) throw new MockError('couponId', 'coupon.outOfPeriod', { id: c.id, from: c.startTime as string, to: c.endTime as string });
    if ((c.receivedCount as number) >= (c.total as number)) throw new MockError('couponId', 'coupon.givenOut', { id: c.id, total: c.total as number });
    let held = 0;
    for (const w of ctx.store.col('walletRecord').values()) if (w.memberId === m.id && w.couponId === c.id && w.status === 1) held++;
    if (held >= (c.perLimit as number)) throw new MockError('couponId', 'coupon.limit', { member: m.id, limit: c.perLimit as number, id: c.id });
    const r = credit(ctx, m.id, -body.amount, { recordType: 6, channel: 3, remark: body.remark ?? `兑换优惠券 ${c.couponName}`, couponId: c.id }, actor);
    ctx.store.col('coupon').replace({ ...c, receivedCount: (c.receivedCount as number) + 1, updateTime: now });
    return r;
  },

  'walletRecord.summary': ({ ctx, body }) => {
    const m = ctx.crud.find('member', body.memberId, 'memberId');
    return { memberId: m.id, balance: m.balance, points: m.points, pendingWithdraw: pendingWithdraw(ctx, m.id) };
  },
} satisfies TypedHandlers;
