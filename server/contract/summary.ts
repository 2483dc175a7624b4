import Type, { type Static } from 'typebox';

/**
 * The dashboard summary behind `POST /v1/admin/summary` (spec §7: no payload; dashboard summary),
 * shown by the home workbench and the dashboard analysis screens (spec §1).
 *
 * The spec does not show the platform's fields; these are ours. Conventions:
 * - money is an integer number of cents (fen) of CNY; counts are integers;
 * - trends are percentages with one decimal, signed (`-3.2` means 3.2 % down on the previous period);
 * - times are platform-local `YYYY-MM-DD HH:mm:ss` (spec §5), months `YYYY-MM`, days `YYYY-MM-DD`;
 * - labels are never text: every category, source, action and project is a key the client
 *   translates (`home.*`, `dashboard.*` i18n keys), so the same payload serves both languages.
 */

/** Goods categories the charts break sales down by (the six of the basic data's goodsCategory). */
export const SALES_CATEGORIES = ['pointCard', 'account', 'item', 'cdk', 'membership', 'merch'] as const;
export const SalesCategory = Type.Enum(SALES_CATEGORIES);
export type SalesCategory = (typeof SALES_CATEGORIES)[number];

/** Where new members come from (dashboard "member source" donut): the keys of the member's `source` (enum `memberSource`). */
export const MEMBER_SOURCES = ['app', 'web', 'wechat', 'invite'] as const;
export const MemberSourceKey = Type.Enum(MEMBER_SOURCES);
export type MemberSourceKey = (typeof MEMBER_SOURCES)[number];

/** What an operator did in a dynamic-info entry; the client renders `who <action> target`. */
export const DYNAMIC_ACTIONS = ['placedOrder', 'refunded', 'publishedGoods', 'repliedFeedback', 'importedCdk', 'updatedGame', 'approvedRent', 'sentMessage'] as const;
export const DynamicAction = Type.Enum(DYNAMIC_ACTIONS);
export type DynamicAction = (typeof DYNAMIC_ACTIONS)[number];

/** Project cards of the workbench; each names a route group of the route table it links to. */
export const PROJECT_KEYS = ['cdkCenter', 'accountMarket', 'rentService', 'memberGrowth', 'recommendEngine', 'riskControl'] as const;
export const ProjectKey = Type.Enum(PROJECT_KEYS);
export type ProjectKey = (typeof PROJECT_KEYS)[number];

/** Teams owning a project (i18n `home.projects.groups.<key>`). */
export const PROJECT_GROUPS = ['operations', 'tech', 'marketing', 'finance', 'service'] as const;
export const ProjectGroup = Type.Enum(PROJECT_GROUPS);
export type ProjectGroup = (typeof PROJECT_GROUPS)[number];

/** PrimeReact palette names; the client colours with `var(--<color>-500)` so both themes fit. */
export const PALETTE = ['blue', 'green', 'yellow', 'cyan', 'pink', 'indigo', 'teal', 'orange', 'purple', 'red'] as const;
export const PaletteColor = Type.Enum(PALETTE);
export type PaletteColor = (typeof PALETTE)[number];

const Count = Type.Integer({ minimum: 0 });
const Cents = Type.Integer({ minimum: 0, description: 'CNY cents' });
const Percent = Type.Number({ minimum: -100, description: 'percent change on the previous period' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/**
 * What a figure covers, so a card can say it (`今天 2026-12-02`, `上月 2026-11`): the first and last
 * day, platform time, and how the period stands to the day of the call. `today` and `day` are one
 * day (today's or another); `lastMonth` and `month` one whole month (the month before the call's, or
 * another); `last12Months` and `months` whole months (the twelve before the call's month, or others).
 */
export const PERIOD_KINDS = ['today', 'day', 'lastMonth', 'month', 'last12Months', 'months'] as const;
export const Period = Type.Object({ kind: Type.Enum(PERIOD_KINDS), from: Day, to: Day });
export type Period = Static<typeof Period>;

/**
 * One growth card: the current period's value, the all-time total and the change in percent;
 * `period` says what `value` covers (optional: a platform without it leaves the card its fixed caption).
 */
export const GrowMetric = Type.Object({ value: Count, total: Count, trend: Percent, period: Type.Optional(Period) });
export type GrowMetric = Static<typeof GrowMetric>;

/**
 * Headline numbers: the last day's visits; the last whole month's sales (cents, paid orders by pay
 * time; total = the 12 months of `salesStack`) and orders placed (total = all orders); new members of
 * the 12 months (total = all members). Trends compare with the period before.
 */
export const GrowCards = Type.Object({
  visits: GrowMetric,
  sales: Type.Object({ value: Cents, total: Cents, trend: Percent, period: Type.Optional(Period) }),
  orders: GrowMetric,
  newMembers: GrowMetric,
});
export type GrowCards = Static<typeof GrowCards>;

/** A visits series: page views and unique visitors, one value per label. */
export const VisitSeries = Type.Object({ labels: Type.Array(Type.String()), visits: Type.Array(Count), visitors: Type.Array(Count) });
export type VisitSeries = Static<typeof VisitSeries>;

/** Visits trend: the last 30 days (labels `YYYY-MM-DD`) and the last 12 months (labels `YYYY-MM`). */
export const VisitTrend = Type.Object({
  daily: Type.Object({ labels: Type.Array(Day, { minItems: 30, maxItems: 30 }), visits: Type.Array(Count), visitors: Type.Array(Count) }),
  monthly: Type.Object({ labels: Type.Array(Month, { minItems: 12, maxItems: 12 }), visits: Type.Array(Count), visitors: Type.Array(Count) }),
});
export type VisitTrend = Static<typeof VisitTrend>;

/** Sales radar: paid orders per goods category (axes in `axes` order), the last 12 whole months (`thisYear`) against the 12 before (`lastYear`). */
export const SalesRadar = Type.Object({
  axes: Type.Array(SalesCategory, { minItems: 6, maxItems: 6 }),
  series: Type.Array(Type.Object({ key: Type.Enum(['thisYear', 'lastYear']), values: Type.Array(Count, { minItems: 6, maxItems: 6 }) }), { minItems: 2, maxItems: 2 }),
});
export type SalesRadar = Static<typeof SalesRadar>;

/** New members of the last 12 whole months by source (sums to `growCards.newMembers.value`). */
export const MemberSource = Type.Array(Type.Object({ key: MemberSourceKey, value: Count }), { minItems: 1 });
export type MemberSource = Static<typeof MemberSource>;

/** Monthly sales (cents) per goods category over the last 12 months, drawn stacked. */
export const SalesStack = Type.Object({
  months: Type.Array(Month, { minItems: 12, maxItems: 12 }),
  series: Type.Array(Type.Object({ category: SalesCategory, values: Type.Array(Cents, { minItems: 12, maxItems: 12 }) })),
});
export type SalesStack = Static<typeof SalesStack>;

/** A workbench project card; title and description are i18n `home.projects.items.<key>.title|desc`. */
export const Project = Type.Object({
  key: ProjectKey,
  icon: Type.String({ pattern: '^pi pi-[a-z-]+$' }),
  color: PaletteColor,
  group: ProjectGroup,
  /** Route the card opens (a leaf path of the route table). */
  path: Type.String({ pattern: '^/' }),
  /** Completion in percent. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Last update, `YYYY-MM-DD`. */
  date: Day,
});
export type Project = Static<typeof Project>;

/** A dynamic-info entry: `who` did `action` on `target` at `time`. */
export const Dynamic = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  /** Seed of the avatar (initials and colour), stable per person. */
  avatarSeed: Type.String(),
  who: Type.String({ minLength: 1 }),
  action: DynamicAction,
  /** Literal name of the object acted on (an order number, a goods or game name…). */
  target: Type.String(),
  time: DateTime,
});
export type Dynamic = Static<typeof Dynamic>;

/** Work waiting for an operator, shown in the workbench header. */
export const Pending = Type.Object({ orders: Count, refunds: Count, feedback: Count });
export type Pending = Static<typeof Pending>;

/**
 * Today's trade, the platform's day (China Standard Time) of the call, counted as the order list
 * counts the same day (`createTime` of the day, the list's `summary`): `orders` placed that day in
 * any status (the list's `summary.count`), `sales` the `payAmount` of those of them that were paid
 * (statuses paid, delivered, completed, refunding, refunded: the list's `summary.payAmount`), cents.
 */
export const Today = Type.Object({ day: Day, orders: Count, sales: Cents });
export type Today = Static<typeof Today>;

/** The whole summary (data of a successful `POST /v1/admin/summary`). */
export const Summary = Type.Object({
  /** When the numbers were computed, `YYYY-MM-DD HH:mm:ss`. */
  generatedAt: DateTime,
  pending: Pending,
  /** Optional: a platform without it answers no today cards (the dashboard then hides them). */
  today: Type.Optional(Today),
  growCards: GrowCards,
  visitTrend: VisitTrend,
  salesRadar: SalesRadar,
  memberSource: MemberSource,
  salesStack: SalesStack,
  projects: Type.Array(Project),
  /** Newest first. */
  dynamics: Type.Array(Dynamic),
});
export type Summary = Static<typeof Summary>;
