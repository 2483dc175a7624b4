import { describe, expect, test } from 'vitest';
import { changePercent, previousPeriod, quickRangeDates, readRange, writeRange } from '../../web/crud/parts/date-range';

describe('report date ranges (web/parts/date-range)', () => {
  const today = '2026-11-24';
  test('quick ranges end today', () => {
    expect(quickRangeDates('today', today)).toEqual({ start: today, end: today });
    expect(quickRangeDates('7d', today)).toEqual({ start: '2026-11-18', end: today });
    expect(quickRangeDates('30d', today)).toEqual({ start: '2026-10-26', end: today });
    expect(quickRangeDates('month', today)).toEqual({ start: '2026-11-01', end: today });
  });
  test('the URL round-trips; bad values fall back', () => {
    const custom = { range: 'custom' as const, start: '2026-10-01', end: '2026-10-15', granularity: 'week' as const };
    expect(readRange(writeRange(custom), today)).toEqual(custom);
    expect(readRange(new URLSearchParams('range=7d&granularity=month'), today)).toEqual({ range: '7d', start: '2026-11-18', end: today, granularity: 'month' });
    expect(readRange(new URLSearchParams('range=custom&start=2026-10-15&end=2026-10-01'), today).range).toBe('30d');
    expect(readRange(new URLSearchParams('range=custom&start=2026-02-30&end=2026-03-01'), today).range).toBe('30d');
    expect(readRange(new URLSearchParams('granularity=year'), today).granularity).toBe('day');
    expect(writeRange({ ...custom, range: '7d' }, new URLSearchParams('start=x&tab=2')).toString()).toBe('tab=2&range=7d&granularity=week');
  });
  test('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod('2026-11-18', '2026-11-24')).toEqual({ start: '2026-11-11', end: '2026-11-17' });
    expect(previousPeriod('2026-11-24', '2026-11-24')).toEqual({ start: '2026-11-23', end: '2026-11-23' });
  });
  test('change in percent, none without a base', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 200)).toBe(-75);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(5, undefined)).toBeNull();
  });
});
