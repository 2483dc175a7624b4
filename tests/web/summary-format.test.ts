import { describe, expect, test } from 'vitest';
import {
  avatarColor,
  AVATAR_COLORS,
  formatCount,
  formatDay,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatTrend,
  greetingPeriod,
  initials,
  intlLocale,
  moneyText,
  percentOf,
  platformInstant,
  platformTimeText,
  relativeTime,
} from '../../web/lib/format';
import { baseOptions, chartLocale, lookKey, mergeOptions, readLook, type ChartLook } from '../../web/components/chart-options';

// Intl output depends on the ICU data of the runtime; these tests pin what the dashboards rely
// on (symbol, grouping, two decimals, sign) rather than ICU's exact spacing.

describe('money from cents', () => {
  test('shows yuan with the yuan sign, grouping and two decimals, the same text in both languages', () => {
    expect(formatMoney(123456, 'zh_CN')).toBe('¥1,234.56');
    expect(formatMoney(123456, 'en')).toBe('¥1,234.56');
    expect(formatMoney(121300, 'en')).toBe('¥1,213.00');
    expect(formatMoney(373764212345, 'en')).toBe('¥3,737,642,123.45');
    expect(formatMoney(5, 'zh_CN')).toBe('¥0.05');
    expect(formatMoney(0, 'zh_CN')).toBe('¥0.00');
    expect(formatMoney(-500, 'en')).toBe('-¥5.00');
    expect(formatMoney(-0.4, 'en')).toBe('¥0.00');
    expect(moneyText(100)).toBe(formatMoney(100, 'zh_CN'));
  });
  test('compact form for axes and big numbers follows the language, with the same sign', () => {
    expect(formatMoney(56_756_600, 'zh_CN', { compact: true })).toBe('¥56.8万');
    expect(formatMoney(56_756_600, 'en', { compact: true })).toBe('¥567.6K');
  });
  test('a broken number shows a dash instead of NaN', () => {
    expect(formatMoney(Number.NaN, 'en')).toBe('-');
    expect(formatCount(Number.POSITIVE_INFINITY, 'en')).toBe('-');
  });
});

describe('counts, trends and shares', () => {
  test('counts are grouped, compact counts are short', () => {
    expect(formatCount(4_485_783, 'en')).toBe('4,485,783');
    expect(formatCount(4_485_783, 'en', { compact: true })).toBe('4.5M');
    expect(formatCount(4_485_783, 'zh_CN', { compact: true })).toBe('448.6万');
  });
  test('a trend has a direction and a signed percentage with one decimal', () => {
    expect(formatTrend(12.46, 'en')).toEqual({ direction: 'up', text: '+12.5%' });
    expect(formatTrend(-3.2, 'zh_CN')).toEqual({ direction: 'down', text: '-3.2%' });
    expect(formatTrend(0, 'en')).toEqual({ direction: 'flat', text: '0%' });
    // Rounds before deciding, so "+0.0%" next to an up arrow cannot happen.
    expect(formatTrend(0.04, 'en').direction).toBe('flat');
    expect(formatTrend(Number.NaN, 'en').direction).toBe('flat');
  });
  test('share in whole percent, 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('dates', () => {
  // 08:00 on 21 Nov 2026 on the platform's clock (UTC+8), as an instant.
  const now = Date.UTC(2026, 10, 21, 0, 0, 0);
  test('relative time of a platform time, in each language', () => {
    expect(relativeTime('2026-11-21 05:00:00', now, 'zh_CN')).toBe('3 小时前');
    expect(relativeTime('2026-11-21 05:00:00', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-11-01 15:52:00', now, 'en')).toBe('20 days ago');
    expect(relativeTime('not a date', now, 'en')).toBe('not a date');
  });
  test('record times are platform time (UTC+8) whatever the zone of the browser', () => {
    // 10:00 platform time is 02:00 UTC: five minutes before 02:05 UTC, read in any zone.
    expect(platformInstant('2026-11-24 10:00:00')).toBe(Date.UTC(2026, 10, 24, 2, 0, 0));
    expect(relativeTime('2026-11-24 10:00:00', Date.UTC(2026, 10, 24, 2, 5, 0), 'en')).toBe('5 minutes ago');
    expect(platformInstant('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 16, 0, 0));
    expect(platformInstant('yesterday')).toBeNaN();
    expect(platformTimeText(Date.UTC(2026, 10, 24, 17, 30, 5))).toBe('2026-11-25 01:30:05');
  });
  test('axis labels stay short and keep the year across a year change', () => {
    expect(formatMonth('2025-11', 'en')).toBe('Nov 25');
    expect(formatMonth('2025-11', 'zh_CN')).toBe('25年11月');
    expect(formatDay('2026-10-03', 'en')).toBe('10/3');
    expect(formatMonth('garbage', 'en')).toBe('garbage');
  });
  test("today's date in full", () => {
    // The person's own day (the greeting's clock is the browser's), at 08:00 local time.
    const now = new Date(2026, 10, 21, 8, 0, 0).getTime();
    expect(formatLongDate(now, 'en')).toBe('Saturday, November 21, 2026');
    expect(formatLongDate(now, 'zh_CN')).toBe('2026年11月21日星期六');
  });
  test('greeting follows the hour', () => {
    expect([3, 6, 12, 15, 20, 23].map(greetingPeriod)).toEqual(['night', 'morning', 'noon', 'afternoon', 'evening', 'night']);
  });
  test('i18next languages map to Intl tags', () => {
    expect(intlLocale('zh_CN')).toBe('zh-CN');
    expect(intlLocale('en')).toBe('en');
  });
});

describe('avatars', () => {
  test('initials read like a Chinese or a Latin avatar', () => {
    expect(initials('欧阳娜娜')).toBe('欧阳');
    expect(initials('管理员')).toBe('管理');
    expect(initials('张伟')).toBe('张伟');
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('admin')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
  test('a person keeps one colour from the palette', () => {
    expect(avatarColor('包浩轩')).toBe(avatarColor('包浩轩'));
    expect(AVATAR_COLORS).toContain(avatarColor('someone'));
  });
});

describe('chart options', () => {
  const vars: Record<string, string> = { '--text-color-secondary': ' #aaa', '--primary-color': '#f00', '--surface-card': '#1f2937' };
  const dark: ChartLook = readLook('dark', (n) => vars[n] ?? '', 'Inter');

  test('the look reads the theme variables, with fallbacks when the theme is not loaded', () => {
    expect(dark.mode).toBe('dark');
    expect(dark.text).toBe('#aaa');
    expect(dark.palette[0]).toBe('#f00');
    expect(dark.surface).toBe('#1f2937');
    expect(dark.border).toMatch(/^#/);
    const light = readLook(undefined, () => '');
    expect(light.mode).toBe('light');
    expect(light.palette.every((c) => c.startsWith('#'))).toBe(true);
    expect(lookKey(light)).not.toBe(lookKey(dark));
  });

  test('base options carry theme and locale, and donuts get the card colour between slices', () => {
    const o = baseOptions(dark, 'zh_CN', { type: 'donut', reducedMotion: true });
    expect(o.theme?.mode).toBe('dark');
    expect(o.tooltip?.theme).toBe('dark');
    expect(o.chart?.defaultLocale).toBe('zh-cn');
    expect(o.chart?.locales?.map((l) => l.name)).toEqual(['zh-cn', 'en']);
    expect(o.chart?.redrawOnParentResize).toBe(true);
    expect(o.chart?.animations?.enabled).toBe(false);
    expect(o.stroke?.colors).toEqual(['#1f2937']);
    expect(baseOptions(dark, 'en', { type: 'area' }).stroke?.colors).toBeUndefined();
    expect(chartLocale('en')).toBe('en');
  });

  test('chart options merge deeply; arrays and functions replace; inputs stay untouched', () => {
    const base = { chart: { type: 'bar', toolbar: { show: false } }, colors: ['a', 'b'] };
    const f = () => 'x';
    const merged = mergeOptions(base, { chart: { stacked: true }, colors: ['c'], tooltip: { y: { formatter: f } }, legend: undefined });
    expect(merged).toEqual({ chart: { type: 'bar', toolbar: { show: false }, stacked: true }, colors: ['c'], tooltip: { y: { formatter: f } } });
    expect(base).toEqual({ chart: { type: 'bar', toolbar: { show: false } }, colors: ['a', 'b'] });
    expect(mergeOptions(base, undefined)).toBe(base);
  });
});
