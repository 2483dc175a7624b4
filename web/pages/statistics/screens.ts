import type { StatisticsKind } from '../../../server/contract/statistics';

/**
 * The twelve Statistics screens (spec §1, §2 /statistics), one declaration each over the shared
 * statistics page (StatisticsScreen.tsx):
 * - `chart`: `line` / `area` over time, `stacked` bars for a breakdown over time, `funnel` for the
 *   range totals as steps, `ranking` for the range totals as horizontal bars, largest first;
 * - `series`: the series drawn (server names; all when left out); the headline figures and the
 *   table always show every series;
 * - `range`: the default quick range.
 */
export interface StatisticsScreenDecl {
  kind: StatisticsKind;
  chart: 'line' | 'area' | 'stacked' | 'funnel' | 'ranking';
  series?: string[];
  range?: '7d' | '30d' | 'month';
  /** Ranking and other breakdowns by record name: series names are data, not translation keys. */
  namedSeries?: boolean;
}

export const STATISTICS_SCREENS: Record<StatisticsKind, StatisticsScreenDecl> = {
  pageView: { kind: 'pageView', chart: 'area' },
  userRegister: { kind: 'userRegister', chart: 'stacked' },
  userLogin: { kind: 'userLogin', chart: 'line' },
  memberPurchase: { kind: 'memberPurchase', chart: 'line', series: ['orders', 'buyers'] },
  cdkUsage: { kind: 'cdkUsage', chart: 'line' },
  clientInstall: { kind: 'clientInstall', chart: 'stacked' },
  arpu: { kind: 'arpu', chart: 'line' },
  newcomer: { kind: 'newcomer', chart: 'funnel' },
  game: { kind: 'game', chart: 'ranking', namedSeries: true },
  feedback: { kind: 'feedback', chart: 'area' },
  goods: { kind: 'goods', chart: 'ranking', namedSeries: true },
  archive: { kind: 'archive', chart: 'area', series: ['members', 'orders'], range: 'month' },
};
