import { STATISTICS_KINDS, type StatisticsKind } from '../../contract/statistics.js';
import type { MockContext } from '../context.js';
import { MockError } from '../store/crud.js';
import { DAY_MS, fmtDate, parseTime } from '../store/gen.js';
import type { AnyRow } from '../store/seed.js';
import type { ActionHandlers } from '../routes/actions.js';

/**
 * Statistics series (spec §1 Statistics screens), counted from the store where the store holds the
 * facts (registrations, orders, feedback, codes) and drawn from the seed for traffic the store does
 * not record (page views, sign-ins, installs). Buckets are days, weeks (from Monday) or months.
 */

type Granularity = 'day' | 'week' | 'month';
type Series = { name: string; unit: 'count' | 'cent' | 'percent'; data: number[] };
const CST = 8 * 3_600_000;
const MAX_BUCKETS = 400;

function bucketStart(date: string, g: Granularity): string {
  if (g === 'day') return date;
  if (g === 'month') return `${date.slice(0, 7)}-01`;
  const t = parseTime(date);
  const dow = (new Date(t + CST).getUTCDay() + 6) % 7;
  return fmtDate(t - dow * DAY_MS);
}

class Buckets {
  readonly categories: string[] = [];
  private index = new Map<string, number>();
  readonly from: string;
  readonly to: string;
  constructor(startDate: string, endDate: string, readonly g: Granularity) {
    this.from = `${startDate} 00:00:00`;
    this.to = `${endDate} 23:59:59`;
    for (let t = parseTime(startDate); t <= parseTime(endDate); t += DAY_MS) {
      const b = bucketStart(fmtDate(t), g);
      if (!this.index.has(b)) {
        this.index.set(b, this.categories.length);
        this.categories.push(b);
      }
    }
  }
  /** Bucket of a time, or -1 outside the range. */
  at(time: string | undefined): number {
    if (!time || time < this.from || time > this.to) return -1;
    return this.index.get(bucketStart(time.slice(0, 10), this.g)) ?? -1;
  }
  zeros(): number[] {
    return this.categories.map(() => 0);
  }
}

function rows(ctx: MockContext, name: Parameters<MockContext['store']['col']>[0]): Iterable<AnyRow> {
  return ctx.store.col(name).values();
}

const PAID = new Set([1, 2, 3, 5, 6]);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

function count(b: Buckets, name: string, items: Iterable<AnyRow>, time: (r: AnyRow) => string | undefined, value: (r: AnyRow) => number = () => 1): Series {
  const data = b.zeros();
  for (const r of items) {
    const i = b.at(time(r));
    if (i >= 0) data[i] += value(r);
  }
  return { name, unit: 'count', data };
}

/** 0..1, the same for the same seed and key (FNV-1a, then a xorshift round). */
function noise(seed: number, key: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  h ^= h << 13;
  h ^= h >>> 17;
  h ^= h << 5;
  return (h >>> 0) / 4294967296;
}

/** Traffic the store does not record: a base per day, ±30%, more at weekends, the same for a seed and day. */
function synthetic(ctx: MockContext, b: Buckets, kind: string, names: [string, number][]): Series[] {
  return names.map(([name, base]) => {
    const data = b.categories.map((start, i) => {
      const end = i + 1 < b.categories.length ? parseTime(b.categories[i + 1]) : parseTime(b.to.slice(0, 10)) + DAY_MS;
      let total = 0;
      for (let t = Math.max(parseTime(start), parseTime(b.from.slice(0, 10))); t < end; t += DAY_MS) {
        const weekend = new Date(t + CST).getUTCDay() % 6 === 0 ? 1.3 : 1;
        total += base * weekend * (0.7 + 0.6 * noise(ctx.store.seed, `${kind}:${name}:${fmtDate(t)}`));
      }
      return Math.round(total);
    });
    return { name, unit: 'count' as const, data };
  });
}

/** Units sold per item (goods or game) in paid orders, the ten largest over the range, largest first (ranking screens). */
function topBy(ctx: MockContext, b: Buckets, orders: AnyRow[], key: (item: AnyRow) => number | undefined, name: (id: number) => string): Series[] {
  const paidAt = new Map(orders.map((o) => [o.id, o.payTime as string]));
  const per = new Map<number, number[]>();
  for (const it of rows(ctx, 'orderItem')) {
    const i = b.at(paidAt.get(it.orderId as number));
    const id = i < 0 ? undefined : key(it);
    if (i < 0 || !id) continue;
    const data = per.get(id) ?? b.zeros();
    data[i] += it.quantity as number;
    per.set(id, data);
  }
  return [...per]
    .sort((x, y) => sum(y[1]) - sum(x[1]) || x[0] - y[0])
    .slice(0, 10)
    .map(([id, data]) => ({ name: name(id), unit: 'count' as const, data }));
}

function compute(ctx: MockContext, kind: StatisticsKind, b: Buckets): Series[] {
  const orders = [...rows(ctx, 'order')].filter((o) => PAID.has(o.status as number));
  switch (kind) {
    case 'pageView':
      return synthetic(ctx, b, kind, [['pv', 42000], ['uv', 9000]]);
    case 'userLogin':
      return synthetic(ctx, b, kind, [['logins', 5200], ['activeMembers', 1800]]);
    case 'clientInstall':
      return synthetic(ctx, b, kind, [['android', 320], ['ios', 210], ['windows', 60], ['mac', 25]]);
    case 'userRegister':
      return [1, 2, 3, 4].map((s, i) => ({ ...count(b, ['app', 'web', 'wechat', 'invite'][i], [...rows(ctx, 'member')].filter((m) => m.source === s), (m) => m.createTime as string) }));
    case 'memberPurchase': {
      const buyers = b.categories.map(() => new Set<number>());
      for (const o of orders) {
        const i = b.at(o.payTime as string);
        if (i >= 0) buyers[i].add(o.memberId as number);
      }
      return [
        count(b, 'orders', orders, (o) => o.payTime as string),
        { name: 'buyers', unit: 'count', data: buyers.map((s) => s.size) },
        { ...count(b, 'sales', orders, (o) => o.payTime as string, (o) => o.payAmount as number), unit: 'cent' },
      ];
    }
    case 'cdkUsage':
      return [count(b, 'issued', rows(ctx, 'cdkCode'), (c) => c.createTime as string), count(b, 'redeemed', rows(ctx, 'cdkCode'), (c) => c.usedTime as string | undefined)];
    case 'arpu': {
      const sales = count(b, 'sales', orders, (o) => o.payTime as string, (o) => o.payAmount as number).data;
      const buyers = compute(ctx, 'memberPurchase', b)[1].data;
      const members = [...rows(ctx, 'member')].map((m) => m.createTime as string).sort();
      const registered = b.categories.map((c, i) => {
        const end = i + 1 < b.categories.length ? `${b.categories[i + 1]} 00:00:00` : b.to;
        let lo = 0;
        let hi = members.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (members[mid] < end) lo = mid + 1;
          else hi = mid;
        }
        return lo || 1;
      });
      return [
        { name: 'arpu', unit: 'cent', data: sales.map((s, i) => Math.round(s / registered[i])) },
        { name: 'arppu', unit: 'cent', data: sales.map((s, i) => (buyers[i] ? Math.round(s / buyers[i]) : 0)) },
      ];
    }
    case 'newcomer': {
      const newMembers = count(b, 'newMembers', rows(ctx, 'member'), (m) => m.createTime as string);
      const joined = new Map<number, number>();
      for (const m of rows(ctx, 'member')) joined.set(m.id, b.at(m.createTime as string));
      const firstBuy = b.categories.map(() => new Set<number>());
      for (const o of orders) {
        const i = b.at(o.payTime as string);
        if (i >= 0 && joined.get(o.memberId as number) === i) firstBuy[i].add(o.memberId as number);
      }
      return [newMembers, { name: 'newBuyers', unit: 'count', data: firstBuy.map((s) => s.size) }];
    }
    case 'feedback':
      return [count(b, 'received', rows(ctx, 'feedback'), (f) => f.createTime as string), count(b, 'replied', rows(ctx, 'feedback'), (f) => f.replyTime as string | undefined)];
    case 'goods':
      return topBy(ctx, b, orders, (it) => it.goodsId as number, (id) => String(ctx.store.get<AnyRow>('goods', id)?.goodsName ?? id));
    case 'game':
      return topBy(ctx, b, orders, (it) => ctx.store.get<AnyRow>('goods', it.goodsId as number)?.gameId as number | undefined, (id) => String(ctx.store.get<AnyRow>('game', id)?.gameName ?? id));
    case 'archive': {
      const ends = b.categories.map((_, i) => (i + 1 < b.categories.length ? `${b.categories[i + 1]} 00:00:00` : b.to));
      const cumulative = (items: AnyRow[], time: (r: AnyRow) => string, value: (r: AnyRow) => number = () => 1) =>
        ends.map((end) => items.reduce((s, r) => (time(r) < end ? s + value(r) : s), 0));
      return [
        { name: 'members', unit: 'count', data: cumulative([...rows(ctx, 'member')], (m) => m.createTime as string) },
        { name: 'orders', unit: 'count', data: cumulative(orders, (o) => o.payTime as string) },
        { name: 'sales', unit: 'cent', data: cumulative(orders, (o) => o.payTime as string, (o) => o.payAmount as number) },
      ];
    }
  }
}

export const statisticsHandlers: ActionHandlers = Object.fromEntries(
  STATISTICS_KINDS.map((kind) => [
    `statistics.${kind}`,
    ({ ctx, body }: { ctx: MockContext; body: { startDate: string; endDate: string; granularity?: Granularity } }) => {
      if (body.endDate < body.startDate) throw new MockError('endDate', 'record.beforeStart', { start: 'startDate', value: body.startDate });
      if ((parseTime(body.endDate) - parseTime(body.startDate)) / DAY_MS > 3660) throw new MockError('endDate', 'range.tenYears');
      const granularity = body.granularity ?? 'day';
      const b = new Buckets(body.startDate, body.endDate, granularity);
      if (b.categories.length > MAX_BUCKETS) throw new MockError('endDate', 'range.tooManyBuckets', { count: b.categories.length, unit: granularity, max: MAX_BUCKETS });
      const series = compute(ctx, kind, b);
      return { kind, granularity, categories: b.categories, series, summary: Object.fromEntries(series.map((s) => [s.name, kind === 'archive' ? (s.data.at(-1) ?? 0) : sum(s.data)])) };
    },
  ]),
);
