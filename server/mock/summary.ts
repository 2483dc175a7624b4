import type { Faker } from '@faker-js/faker';
import {
  DYNAMIC_ACTIONS,
  MEMBER_SOURCES,
  SALES_CATEGORIES,
  type Dynamic,
  type DynamicAction,
  type MemberSourceKey,
  type Period,
  type Project,
  type Summary,
  type Today,
} from '../contract/summary.js';
import { MemberSource } from '../contract/member.js';
import { ORDER_PAID_STATUSES } from '../contract/order.js';
import { seededFaker } from './faker.js';
import type { AnyRow } from './store/seed.js';
import type { MockStore } from './store/store.js';

/**
 * The home page's pending counters, counted from the store at the time of the call (so delivering
 * an order or deciding a refund changes them): orders awaiting delivery (paid), refunds awaiting
 * review, feedback awaiting a reply.
 */
export function pendingFrom(store: MockStore): Summary['pending'] {
  let orders = 0;
  let refunds = 0;
  let feedback = 0;
  for (const o of store.col('order').values()) if (o.status === 1) orders++;
  for (const r of store.col('refund').values()) if (r.status === 0) refunds++;
  for (const f of store.col('feedback').values()) if (f.status === 0) feedback++;
  return { orders, refunds, feedback };
}

const DAY_MS = 86_400_000;
/** The platform keeps China time (UTC+8, no daylight saving); its dates are written in it. */
const PLATFORM_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in platform time, independent of the machine's time zone. */
function dateTime(ms: number): string {
  const d = new Date(ms + PLATFORM_OFFSET_MS);
  return `${day(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function day(ms: number): string {
  const d = new Date(ms + PLATFORM_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The `count` whole months before the one holding `ms`, oldest first, as `YYYY-MM`. */
function monthsBefore(ms: number, count: number): string[] {
  const d = new Date(ms + PLATFORM_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const t = new Date(Date.UTC(y, m - count + i, 1));
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}`;
  });
}

/** Percent change from `prev` to `cur`, one decimal; 0 when there is nothing to compare with. */
function change(cur: number, prev: number): number {
  if (prev <= 0) return 0;
  return Math.round(((cur - prev) / prev) * 1000) / 10;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const GAME_NAMES = ['星海远征', '幻境传说', '暗影猎手', '龙之谷地', '极速狂飙', '王者征途', '荒野求生', '机甲纪元'];
const MESSAGE_TITLES = ['系统维护通知', '双十一活动预告', '新游上架公告', '充值返利说明', '账号安全提醒'];

function visitSeries(f: Faker, labels: string[], base: number, wave: number) {
  const visits = labels.map((_, i) => Math.round(base * (1 + 0.18 * Math.sin((i / wave) * 2 * Math.PI)) * f.number.float({ min: 0.85, max: 1.15 })));
  const visitors = visits.map((v) => Math.round(v * f.number.float({ min: 0.28, max: 0.42 })));
  return { labels, visits, visitors };
}

function target(f: Faker, action: DynamicAction): string {
  switch (action) {
    case 'placedOrder':
    case 'refunded':
      return `DD${f.string.numeric(16)}`;
    case 'publishedGoods':
      return `${f.helpers.arrayElement(GAME_NAMES)} ${f.helpers.arrayElement(['月卡', '648 点券', '典藏礼包', '账号'])}`;
    case 'repliedFeedback':
      return `#${f.number.int({ min: 1000, max: 9999 })}`;
    case 'importedCdk':
      return `CDK-${f.string.numeric(8)}`;
    case 'updatedGame':
      return f.helpers.arrayElement(GAME_NAMES);
    case 'approvedRent':
      return `ZH${f.string.numeric(6)}`;
    case 'sentMessage':
      return f.helpers.arrayElement(MESSAGE_TITLES);
  }
}

function projects(f: Faker, ref: number): Project[] {
  const cards: Omit<Project, 'progress' | 'date'>[] = [
    { key: 'cdkCenter', icon: 'pi pi-ticket', color: 'blue', group: 'operations', path: '/cdk/platform' },
    { key: 'accountMarket', icon: 'pi pi-id-card', color: 'green', group: 'tech', path: '/account/list' },
    { key: 'rentService', icon: 'pi pi-key', color: 'orange', group: 'service', path: '/rent/apply' },
    { key: 'memberGrowth', icon: 'pi pi-users', color: 'purple', group: 'marketing', path: '/member/index' },
    { key: 'recommendEngine', icon: 'pi pi-thumbs-up', color: 'cyan', group: 'tech', path: '/recommend/game' },
    { key: 'riskControl', icon: 'pi pi-shield', color: 'red', group: 'finance', path: '/order/index' },
  ];
  return cards.map((c) => ({ ...c, progress: f.number.int({ min: 15, max: 100 }), date: day(ref - f.number.int({ min: 0, max: 40 }) * DAY_MS) }));
}

function dynamics(f: Faker, ref: number): Dynamic[] {
  const people = Array.from({ length: 5 }, () => f.person.fullName());
  let t = ref - f.number.int({ min: 2, max: 30 }) * 60_000;
  return Array.from({ length: 8 }, (_, i) => {
    const who = f.helpers.arrayElement(people);
    const action = f.helpers.arrayElement(DYNAMIC_ACTIONS);
    const entry: Dynamic = { id: i + 1, avatarSeed: who, who, action, target: target(f, action), time: dateTime(t) };
    t -= f.number.int({ min: 5, max: 600 }) * 60_000;
    return entry;
  });
}

/** Order statuses that were paid (paid, delivered, completed, refunding, refunded), as the statistics count them. */
const PAID = new Set(ORDER_PAID_STATUSES);

/**
 * Today's trade (`Summary.today`), the platform day holding `nowMs`: orders placed that day (their
 * `createTime`), any status, and the `payAmount` of the paid ones among them, the figures the order
 * list's `summary` gives for a `createTime` filter of the same day.
 */
export function todayFrom(store: MockStore, nowMs: number): Today {
  const today = day(nowMs);
  let orders = 0;
  let sales = 0;
  for (const o of store.col('order').values()) {
    if (typeof o.createTime !== 'string' || o.createTime.slice(0, 10) !== today) continue;
    orders++;
    if (PAID.has(o.status as number)) sales += o.payAmount as number;
  }
  return { day: today, orders, sales };
}

/** The last day of a month `YYYY-MM`, as `YYYY-MM-DD`. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}

/**
 * The period of whole months `from`..`to` (`YYYY-MM`) or of one day, with its kind relative to the
 * platform day holding `nowMs` (see `Period`).
 */
function periodOf(nowMs: number, span: { day: string } | { from: string; to: string }): Period {
  if ('day' in span) return { kind: span.day === day(nowMs) ? 'today' : 'day', from: span.day, to: span.day };
  const [prev] = monthsBefore(nowMs, 1);
  const range = { from: `${span.from}-01`, to: monthEnd(span.to) };
  if (span.from === span.to) return { kind: span.to === prev ? 'lastMonth' : 'month', ...range };
  return { kind: span.to === prev && monthsBefore(nowMs, 12)[0] === span.from ? 'last12Months' : 'months', ...range };
}

/**
 * Each order's paid amount split over the sales categories of its items, in cents: in proportion to
 * the items' amounts, the rounding remainder on the largest share, so the shares add up to the
 * order's `payAmount` exactly. A goods category counts as the top-level category it sits under;
 * top-level categories in their `sort` order are the six of SALES_CATEGORIES (a seventh or later,
 * added by an operator, counts as the last).
 */
function categoryShares(store: MockStore): (order: AnyRow) => number[] {
  const categories = [...store.col('goodsCategory').values()];
  const tops = categories.filter((c) => !c.parentId).sort((a, b) => (a.sort as number) - (b.sort as number) || a.id - b.id);
  const topIndex = new Map(tops.map((c, i) => [c.id, Math.min(i, SALES_CATEGORIES.length - 1)]));
  const parentOf = new Map(categories.map((c) => [c.id, (c.parentId as number) || c.id]));
  const goodsIndex = new Map<number, number>();
  for (const g of store.col('goods').values()) goodsIndex.set(g.id, topIndex.get(parentOf.get(g.categoryId as number) ?? 0) ?? SALES_CATEGORIES.length - 1);
  const items = new Map<number, AnyRow[]>();
  for (const it of store.col('orderItem').values()) {
    const list = items.get(it.orderId as number);
    if (list) list.push(it);
    else items.set(it.orderId as number, [it]);
  }
  return (order) => {
    const amounts = SALES_CATEGORIES.map(() => 0);
    for (const it of items.get(order.id) ?? []) amounts[goodsIndex.get(it.goodsId as number) ?? SALES_CATEGORIES.length - 1] += it.amount as number;
    const whole = sum(amounts);
    const pay = order.payAmount as number;
    if (whole <= 0) return amounts.map((_, i) => (i === SALES_CATEGORIES.length - 1 ? pay : 0));
    const shares = amounts.map((a) => Math.floor((a * pay) / whole));
    shares[amounts.indexOf(Math.max(...amounts))] += pay - sum(shares);
    return shares;
  };
}

/**
 * Builds the dashboard summary (spec §1, §7 `POST /v1/admin/summary`). Every figure about records
 * is counted from the store at the time of the call, over whole months in
 * platform time before the month of the data's reference instant (`store.refMs`) (the 12 of `salesStack.months`, oldest first):
 * - `growCards.orders`: orders placed (`createTime`) in the last month, any status; trend against the
 *   month before; total = every order in the store (the order list's total);
 * - `growCards.sales` and `salesStack`: `payAmount` of paid orders (statuses paid, delivered,
 *   completed, refunding, refunded, by `payTime`), the same sums as the `memberPurchase` statistics'
 *   `sales`; value = the last month, total = the 12 months, split by goods category (`categoryShares`);
 * - `growCards.newMembers` and `memberSource`: members who joined (`createTime`) in the 12 months, by
 *   their `source`; trend against the 12 months before; total = every member in the store;
 * - `salesRadar`: paid orders per goods category (the category with the largest share of the
 *   order), the 12 months (`thisYear`) against the 12 before (`lastYear`);
 * - `pending`: see `pendingFrom`;
 * - `today`: see `todayFrom`, the platform day of `nowMs` (the clock of the call);
 * - each growth card's `period`: the days its `value` covers, its kind relative to the day of `nowMs`.
 * Traffic (visits), project cards and the dynamic info are not records of the store: they are drawn
 * from the seed, deterministic per seed on any day (their faker has its own `summary` salt).
 * Series lengths: 30 days, 12 months, 6 categories, 4 member sources, 6 projects, 8 dynamics.
 */
export function makeSummary(store: MockStore, nowMs: number = Date.now()): Summary {
  const f = seededFaker(store.seed, 'summary', store.refMs);
  const ref = store.refMs;

  const days = Array.from({ length: 30 }, (_, i) => day(ref - (29 - i) * DAY_MS));
  const months = monthsBefore(ref, 24);
  const year = months.slice(12);
  const monthIndex = new Map(months.map((m, i) => [m, i]));
  /** Index in `months` (0..23) of a time, or -1 outside the 24 months. */
  const at = (time: unknown) => (typeof time === 'string' ? (monthIndex.get(time.slice(0, 7)) ?? -1) : -1);
  const daily = visitSeries(f, days, f.number.int({ min: 6000, max: 14000 }), 7);
  const monthly = visitSeries(f, year, f.number.int({ min: 200_000, max: 400_000 }), 12);

  const shares = categoryShares(store);
  const placed = months.map(() => 0);
  const sales = SALES_CATEGORIES.map(() => months.map(() => 0));
  const paidOrders = SALES_CATEGORIES.map(() => months.map(() => 0));
  let orderCount = 0;
  for (const o of store.col('order').values()) {
    orderCount++;
    const i = at(o.createTime);
    if (i >= 0) placed[i]++;
    const p = PAID.has(o.status as number) ? at(o.payTime) : -1;
    if (p < 0) continue;
    const share = shares(o);
    share.forEach((v, c) => (sales[c][p] += v));
    paidOrders[share.indexOf(Math.max(...share))][p]++;
  }
  const salesStack = { months: year, series: SALES_CATEGORIES.map((category, c) => ({ category, values: sales[c].slice(12) })) };
  const monthSales = year.map((_, i) => sum(salesStack.series.map((s) => s.values[i])));

  const sources = MEMBER_SOURCES.map(() => [0, 0]);
  let memberCount = 0;
  for (const m of store.col('member').values()) {
    memberCount++;
    const i = at(m.createTime);
    const s = MEMBER_SOURCES.indexOf(MemberSource.entries.find((e) => e.value === m.source)?.key as MemberSourceKey);
    if (i >= 0 && s >= 0) sources[s][i < 12 ? 0 : 1]++;
  }
  const memberSource = MEMBER_SOURCES.map((key, s) => ({ key, value: sources[s][1] }));
  const newMembers = sum(memberSource.map((m) => m.value));

  return {
    generatedAt: dateTime(ref),
    pending: pendingFrom(store),
    today: todayFrom(store, nowMs),
    growCards: {
      visits: { value: daily.visits[29], total: sum(monthly.visits), trend: change(daily.visits[29], daily.visits[28]), period: periodOf(nowMs, { day: days[29] }) },
      sales: { value: monthSales[11], total: sum(monthSales), trend: change(monthSales[11], monthSales[10]), period: periodOf(nowMs, { from: year[11], to: year[11] }) },
      orders: { value: placed[23], total: orderCount, trend: change(placed[23], placed[22]), period: periodOf(nowMs, { from: year[11], to: year[11] }) },
      newMembers: { value: newMembers, total: memberCount, trend: change(newMembers, sum(sources.map((x) => x[0]))), period: periodOf(nowMs, { from: year[0], to: year[11] }) },
    },
    visitTrend: { daily, monthly },
    salesRadar: {
      axes: [...SALES_CATEGORIES],
      series: [
        { key: 'thisYear', values: paidOrders.map((m) => sum(m.slice(12))) },
        { key: 'lastYear', values: paidOrders.map((m) => sum(m.slice(0, 12))) },
      ],
    },
    memberSource,
    salesStack,
    projects: projects(f, ref),
    dynamics: dynamics(f, ref),
  };
}
