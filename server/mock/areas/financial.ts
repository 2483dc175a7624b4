import type { MockContext } from '../context.js';
import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { findAll } from './support/rows.js';

/** Merchant and rental income (spec §2 /financial): settling lines (the merchant's balance follows) and list totals. */

/** Sums of the income lines matching the list query. */
function totals(ctx: MockContext, name: 'merchantIncome' | 'rentalIncome', q: Record<string, unknown>) {
  const rows = ctx.store.col(name).filter(q);
  const [amount, fee] = name === 'merchantIncome' ? ['orderAmount', 'commission'] : ['rentAmount', 'platformFee'];
  const out = { count: rows.length, amount: 0, fee: 0, income: 0, unsettledCount: 0, unsettledIncome: 0 };
  for (const r of rows) {
    out.amount += r[amount] as number;
    out.fee += r[fee] as number;
    out.income += r.income as number;
    if (r.status === 0) {
      out.unsettledCount++;
      out.unsettledIncome += r.income as number;
    }
  }
  return out;
}

export const financialHandlers = {
  'merchantIncome.settle': ({ ctx, body }) => {
    const rows = findAll(ctx, 'merchantIncome', body.ids);
    const bad = rows.find((r) => r.status !== 0);
    if (bad) throw new MockError('ids', 'income.decided', { kind: 'merchant income', id: bad.id, status: bad.status === 1 ? 'already settled' : 'frozen' });
    const now = ctx.crud.now();
    for (const r of rows) {
      ctx.store.col('merchantIncome').replace({ ...r, status: 1, settleTime: now, updateTime: now });
      const m = ctx.store.get<AnyRow>('merchant', r.merchantId as number)!;
      ctx.store.col('merchant').replace({ ...m, balance: (m.balance as number) + (r.income as number), updateTime: now });
    }
    return { count: rows.length };
  },

  'rentalIncome.settle': ({ ctx, body }) => {
    const rows = findAll(ctx, 'rentalIncome', body.ids);
    const bad = rows.find((r) => r.status !== 0);
    if (bad) throw new MockError('ids', 'income.decided', { kind: 'rental income', id: bad.id, status: bad.status === 1 ? 'already settled' : 'frozen' });
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('rentalIncome').replace({ ...r, status: 1, settleTime: now, updateTime: now });
    return { count: rows.length };
  },

  'merchantIncome.totals': ({ ctx, body }) => totals(ctx, 'merchantIncome', body),

  'rentalIncome.totals': ({ ctx, body }) => totals(ctx, 'rentalIncome', body),
} satisfies TypedHandlers;
