/**
 * Money as people read it: integer cents (fen) of CNY, the wire's unit, shown in yuan with the
 * yuan sign, thousands grouped and two decimals, the same in every language (`121300` → `¥1,213.00`,
 * `-500` → `-¥5.00`). One text for list cells, detail views, dialogs, figures and the server's
 * refusals, so the same amount reads the same everywhere. Pure: no Intl, so the text does not depend
 * on a runtime's ICU data.
 */
export const MONEY_SIGN = '¥';

/** Integer cents as `¥1,213.00` (see the module comment); a fraction of a cent is rounded; `-` when not a finite number. */
export function moneyText(cents: number): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '-';
  const c = Math.round(Math.abs(cents));
  const yuan = String(Math.floor(c / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = String(c % 100).padStart(2, '0');
  return `${cents < 0 && c > 0 ? '-' : ''}${MONEY_SIGN}${yuan}.${fen}`;
}

/** Integer cents as the yuan number a spreadsheet's money cell holds (`121300` → `1213`); null when not a number. */
export function centsToYuanNumber(cents: unknown): number | null {
  return typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) / 100 : null;
}

/** The spreadsheet number format of money cells: thousands grouped, two decimals. */
export const MONEY_CELL_FORMAT = '#,##0.00';
