import dayjs from 'dayjs';

/**
 * Date ranges for report screens: a quick range or a custom one plus a
 * granularity, kept in the URL query (`range`, `start`, `end`, `granularity`) so a reload or a
 * shared link shows the same report. Pure: "today" is an argument. Dates are 'YYYY-MM-DD'
 * (spec §9 date format).
 */

/** The quick ranges in picker order; `custom` takes `start` and `end`. */
export const QUICK_RANGES = ['today', '7d', '30d', 'month', 'custom'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
/** How a report groups its series. */
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** A report's period as the URL keeps it. */
export interface RangeState {
  range: QuickRange;
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
  granularity: Granularity;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const valid = (d: string | null | undefined): d is string => !!d && DATE.test(d) && dayjs(d).format('YYYY-MM-DD') === d;

/** The days of a quick range ending today (`month`: the 1st of this month to today). */
export function quickRangeDates(range: Exclude<QuickRange, 'custom'>, today: string): { start: string; end: string } {
  const t = dayjs(today);
  const start = range === 'today' ? t : range === '7d' ? t.subtract(6, 'day') : range === '30d' ? t.subtract(29, 'day') : t.startOf('month');
  return { start: start.format('YYYY-MM-DD'), end: today };
}

/**
 * The range a URL query asks for. Unknown or missing values fall back to the defaults
 * (`fallbackRange`, day granularity); a custom range with bad or reversed dates falls back too.
 */
export function readRange(query: URLSearchParams, today: string, fallbackRange: Exclude<QuickRange, 'custom'> = '30d'): RangeState {
  const g = query.get('granularity');
  const granularity: Granularity = (GRANULARITIES as readonly string[]).includes(g ?? '') ? (g as Granularity) : 'day';
  const r = query.get('range');
  if (r === 'custom') {
    const start = query.get('start');
    const end = query.get('end');
    if (valid(start) && valid(end) && start <= end) return { range: 'custom', start, end, granularity };
  }
  const range = (QUICK_RANGES as readonly string[]).includes(r ?? '') && r !== 'custom' ? (r as Exclude<QuickRange, 'custom'>) : fallbackRange;
  return { range, ...quickRangeDates(range, today), granularity };
}

/** A URL query holding the range (other keys of `base` kept). Quick ranges leave the dates out, so they move with the calendar. */
export function writeRange(state: RangeState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const q = new URLSearchParams(base);
  q.set('range', state.range);
  q.set('granularity', state.granularity);
  if (state.range === 'custom') {
    q.set('start', state.start);
    q.set('end', state.end);
  } else {
    q.delete('start');
    q.delete('end');
  }
  return q;
}

/** The period of the same length just before `[start, end]` (what headline changes compare with). */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const days = dayjs(end).diff(dayjs(start), 'day') + 1;
  return { start: dayjs(start).subtract(days, 'day').format('YYYY-MM-DD'), end: dayjs(start).subtract(1, 'day').format('YYYY-MM-DD') };
}

/** Change from `before` to `now` in percent (one decimal), or null when there is nothing to compare with. */
export function changePercent(now: number, before: number | undefined): number | null {
  if (before === undefined || !Number.isFinite(before) || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
