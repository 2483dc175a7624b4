import { ENUMS } from '../../server/contract/fields';

/** An enumeration's options in a language, for dropdowns and cells. */
export function enumOptions(enumName: string, locale: string): { value: number; label: string }[] {
  const def = ENUMS[enumName];
  if (!def) return [];
  const lang = locale === 'en' ? 'en' : 'zh_CN';
  return def.entries.map((e) => ({ value: e.value, label: e.label[lang] }));
}

/** The label of an enumeration value in a language; the value itself when unknown. */
export function enumLabel(enumName: string, value: unknown, locale: string): string {
  const def = ENUMS[enumName];
  return def && typeof value === 'number' ? def.label(value, locale === 'en' ? 'en' : 'zh_CN') : value == null ? '' : String(value);
}

/** Cents → yuan text with two decimals (money is integer cents on the wire). */
export function centsToYuan(cents: unknown): string {
  return typeof cents === 'number' ? (cents / 100).toFixed(2) : '';
}

/** Yuan (as typed) → integer cents, rounded to the cent; null for empty or not a number. */
export function yuanToCents(yuan: unknown): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
