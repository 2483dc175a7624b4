import dayjs from 'dayjs';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import { moneyText } from '../../server/contract/money';

/** `¥1,213.00` from integer cents, the same in every language (where no language is at hand; see {@link formatMoney}). */
export { moneyText };

dayjs.extend(relativeTimePlugin);

/**
 * Display formatting for numbers, money, trends and dates, in the current language.
 * Pure: every function takes the i18next language (`zh_CN` or `en`, spec §9 locales) and,
 * where time matters, "now" as an argument, so the same input always gives the same text.
 */

/** BCP 47 tag for Intl from an i18next language: `zh_CN` → `zh-CN`, `en` → `en`. */
export function intlLocale(lang: string): string {
  return lang.replace('_', '-');
}

function dayjsLocale(lang: string): string {
  return lang.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en';
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = lang + JSON.stringify(opts);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(intlLocale(lang), opts)));
  return f;
}

/**
 * Money from integer cents (fen) of CNY, the console's one money text: `formatMoney(121300, lang)`
 * → `¥1,213.00` in every language (yuan sign, thousands grouped, two decimals; `moneyText` of the
 * contract, which the server's refusals use too). `compact` gives a short form for chart axes and big
 * headline numbers in the language's own units (`¥12.3万`, `¥123K`), with the same sign.
 * Non-finite input shows as `-`.
 */
export function formatMoney(cents: number, lang: string, opts: { compact?: boolean } = {}): string {
  if (!Number.isFinite(cents)) return '-';
  if (!opts.compact) return moneyText(cents);
  return numberFormat(lang, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', notation: 'compact', maximumFractionDigits: 1 }).format(cents / 100);
}

/** A count with grouping (`12,345`), or compact (`1.2万`, `12K`). Non-finite input shows as `-`. */
export function formatCount(n: number, lang: string, opts: { compact?: boolean } = {}): string {
  if (!Number.isFinite(n)) return '-';
  return numberFormat(lang, opts.compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 }).format(n);
}

export type TrendDirection = 'up' | 'down' | 'flat';

/**
 * A percent change (`12.5` means +12.5 %) as a direction and a signed text with one decimal:
 * `formatTrend(12.5, 'en')` → `{ direction: 'up', text: '+12.5%' }`; 0 (or not a number) is flat.
 */
export function formatTrend(percent: number, lang: string): { direction: TrendDirection; text: string } {
  const p = Number.isFinite(percent) ? Math.round(percent * 10) / 10 : 0;
  const direction: TrendDirection = p > 0 ? 'up' : p < 0 ? 'down' : 'flat';
  const text = numberFormat(lang, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(p / 100);
  return { direction, text };
}

/** Share of `part` in `total` in whole percent (0 when total is 0). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** The platform's zone, China Standard Time (UTC+8, no daylight saving): record times are written in it. */
const PLATFORM_OFFSET_MS = 8 * 3_600_000;

/**
 * The instant of a platform time (`YYYY-MM-DD HH:mm:ss`, or a date), read in the platform's zone
 * (UTC+8) whatever the browser's zone is (one rule for record times). NaN when the
 * text is not such a time.
 */
export function platformInstant(time: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(time.trim());
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - PLATFORM_OFFSET_MS;
}

/** An instant (epoch ms) as platform time text `YYYY-MM-DD HH:mm:ss` (UTC+8), whatever the browser's zone. */
export function platformTimeText(ms: number): string {
  return new Date(ms + PLATFORM_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * "3 hours ago" / "3 小时前": how long before the instant `now` (epoch ms) a platform time
 * (UTC+8, see {@link platformInstant}) was, in the language given; the text itself when it is not a time.
 */
export function relativeTime(time: string, now: number, lang: string): string {
  const at = platformInstant(time);
  if (Number.isNaN(at)) return time;
  return dayjs(at).locale(dayjsLocale(lang)).from(dayjs(now));
}

/** `2025-11` → `Nov 25` / `25年11月` (month axis labels that stay short across a year change). */
export function formatMonth(yearMonth: string, lang: string): string {
  const [y, m] = yearMonth.split('-').map(Number);
  if (!y || !m) return yearMonth;
  return new Intl.DateTimeFormat(intlLocale(lang), { year: '2-digit', month: 'short' }).format(new Date(y, m - 1, 1));
}

/** `2026-10-03` → `10/3` (day axis labels). */
export function formatDay(date: string, lang: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(intlLocale(lang), { month: 'numeric', day: 'numeric' }).format(new Date(y, m - 1, d));
}

/** Today's date in full: `2026年11月21日星期六` / `Saturday, November 21, 2026`. */
export function formatLongDate(now: number, lang: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'full' }).format(new Date(now));
}

export type GreetingPeriod = 'night' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** Part of the day for the workbench greeting, from the local hour (0–23). */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 23) return 'evening';
  return 'night';
}

/**
 * Avatar initials: the first two characters of a Chinese name (张伟 → 张伟, 管理员 → 管理, 欧阳娜娜 →
 * 欧阳), else the first letters of the first two words (Ada Lovelace → AL).
 */
export function initials(name: string): string {
  const s = name.trim();
  if (!s) return '?';
  if (/[\u3400-\u9fff]/.test(s)) return [...s.replace(/\s+/g, '')].slice(0, 2).join('');
  const words = s.split(/\s+/);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}

/** PrimeReact palette names avatars take their colour from (the same in both themes). */
export const AVATAR_COLORS = ['blue', 'green', 'orange', 'purple', 'teal', 'pink', 'indigo', 'cyan'] as const;

/** A stable palette colour for a seed string (FNV-1a hash), so a person keeps one colour. */
export function avatarColor(seed: string): (typeof AVATAR_COLORS)[number] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length];
}
