import type { Faker } from '@faker-js/faker';
import {
  DYNAMIC_ACTIONS,
  MEMBER_SOURCES,
  SALES_CATEGORIES,
  type Dynamic,
  type DynamicAction,
  type Project,
  type SalesCategory,
  type Summary,
} from '../contract/summary.js';
import { MOCK_REF_DATE, seededFaker } from './faker.js';
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

/** Typical monthly sales of a category in yuan, so the stack has a believable shape. */
const CATEGORY_BASE_YUAN: Record<SalesCategory, number> = {
  pointCard: 160_000,
  account: 120_000,
  item: 90_000,
  cdk: 70_000,
  membership: 50_000,
  merch: 25_000,
};

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

/**
 * Builds the dashboard summary (spec §1, §7 `POST /v1/admin/summary`) from the mock seed.
 * Pure and deterministic: the same seed gives the same summary on any day, because every date
 * counts back from `MOCK_REF_DATE` and the faker has its own `summary` salt.
 * Series lengths: 30 days, 12 months, 6 categories, 6 member sources, 6 projects, 8 dynamics.
 */
export function makeSummary(seed: number): Summary {
  const f = seededFaker(seed, 'summary');
  const ref = MOCK_REF_DATE.getTime();

  const days = Array.from({ length: 30 }, (_, i) => day(ref - (29 - i) * DAY_MS));
  const months = monthsBefore(ref, 12);
  const daily = visitSeries(f, days, f.number.int({ min: 6000, max: 14000 }), 7);
  const monthly = visitSeries(f, months, f.number.int({ min: 200_000, max: 400_000 }), 12);

  const season = months.map((_, i) => 1 + 0.25 * Math.sin(((i + f.number.int({ min: 0, max: 2 })) / 12) * 2 * Math.PI));
  const salesStack = {
    months,
    series: SALES_CATEGORIES.map((category) => ({
      category,
      values: season.map((s) => Math.round(CATEGORY_BASE_YUAN[category] * s * f.number.float({ min: 0.8, max: 1.2 })) * 100),
    })),
  };
  const monthSales = months.map((_, i) => sum(salesStack.series.map((s) => s.values[i])));

  const thisYear = SALES_CATEGORIES.map(() => f.number.int({ min: 300, max: 1200 }));
  const memberSource = MEMBER_SOURCES.map((key) => ({ key, value: f.number.int({ min: 200, max: 2400 }) }));
  const newMembers = sum(memberSource.map((m) => m.value));

  const orders = f.number.int({ min: 3000, max: 9000 });
  return {
    generatedAt: dateTime(ref),
    pending: { orders: f.number.int({ min: 5, max: 60 }), refunds: f.number.int({ min: 0, max: 15 }), feedback: f.number.int({ min: 0, max: 30 }) },
    growCards: {
      visits: { value: daily.visits[29], total: sum(monthly.visits), trend: change(daily.visits[29], daily.visits[28]) },
      sales: { value: monthSales[11], total: sum(monthSales), trend: change(monthSales[11], monthSales[10]) },
      orders: { value: orders, total: orders * f.number.int({ min: 10, max: 14 }), trend: f.number.float({ min: -25, max: 40, fractionDigits: 1 }) },
      newMembers: { value: newMembers, total: newMembers * f.number.int({ min: 3, max: 6 }), trend: f.number.float({ min: -15, max: 60, fractionDigits: 1 }) },
    },
    visitTrend: { daily, monthly },
    salesRadar: {
      axes: [...SALES_CATEGORIES],
      series: [
        { key: 'thisYear', values: thisYear },
        { key: 'lastYear', values: thisYear.map((v) => Math.round(v * f.number.float({ min: 0.55, max: 1.1 }))) },
      ],
    },
    memberSource,
    salesStack,
    projects: projects(f, ref),
    dynamics: dynamics(f, ref),
  };
}
