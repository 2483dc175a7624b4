import Type from 'typebox';
import { defineAction } from './entity.js';
import { F } from './fields.js';

/**
 * Statistics area (spec §1 "Statistics: page view, user register, user login, member purchase, CDK
 * usage, client install, ARPU, newcomer, game, feedback, goods, archive"). Each screen asks one
 * endpoint `POST /v1/statistics/<kind>` for a time series over a date range, bucketed by day, week or
 * month, and shows its series as a chart and the totals as cards. Money series are in cents.
 */

export const STATISTICS_KINDS = [
  'pageView', 'userRegister', 'userLogin', 'memberPurchase', 'cdkUsage', 'clientInstall',
  'arpu', 'newcomer', 'game', 'feedback', 'goods', 'archive',
] as const;
export type StatisticsKind = (typeof STATISTICS_KINDS)[number];

export const StatisticsQuery = Type.Object(
  {
    startDate: F.date(),
    endDate: F.date(),
    granularity: Type.Optional(Type.Enum(['day', 'week', 'month'], { default: 'day' })),
  },
  { additionalProperties: false },
);
export const StatisticsSeries = Type.Object({
  kind: Type.String(),
  granularity: Type.Enum(['day', 'week', 'month']),
  /** Bucket start dates, 'YYYY-MM-DD'. */
  categories: Type.Array(F.date()),
  series: Type.Array(Type.Object({ name: Type.String(), unit: Type.Enum(['count', 'cent', 'percent']), data: Type.Array(Type.Number()) })),
  /** Totals over the range, by series name. */
  summary: Type.Record(Type.String(), Type.Number()),
});

const TITLES: Record<StatisticsKind, string> = {
  pageView: 'Page views and unique visitors',
  userRegister: 'New members, by source',
  userLogin: 'Sign-ins and active members',
  memberPurchase: 'Paid orders, buyers and sales (cents)',
  cdkUsage: 'CDK codes issued and redeemed',
  clientInstall: 'Client installs, by platform',
  arpu: 'Average revenue per user and per paying user (cents)',
  newcomer: 'New members and how many bought within the period',
  game: 'Units sold for the ten best-selling games (one series per game)',
  feedback: 'Feedback received and replied',
  goods: 'Units sold for the ten best-selling goods (one series per goods)',
  archive: 'Cumulative members, orders and sales (cents)',
};

export const statisticsActions = STATISTICS_KINDS.map((kind) =>
  defineAction({ name: `statistics.${kind}` as `statistics.${StatisticsKind}`, path: `/v1/statistics/${kind}`, area: 'statistics', summary: TITLES[kind], payload: StatisticsQuery, result: StatisticsSeries }),
);
