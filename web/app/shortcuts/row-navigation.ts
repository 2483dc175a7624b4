import type { RowMove } from './shortcut-keys';

/** The rows of the list on the shown screen (kept-alive screens are hidden), in order. */
function shownRows(): HTMLTableRowElement[] {
  return [...document.querySelectorAll<HTMLTableRowElement>('.page-view:not([hidden]) [data-testid=crud-table] tbody tr')].filter((r) => !r.classList.contains('p-datatable-emptymessage'));
}

/** The list row holding `el`, or null. */
export function listRowOf(el: EventTarget | null): HTMLTableRowElement | null {
  const node = el as HTMLElement | null;
  return node?.closest?.<HTMLTableRowElement>('.page-view:not([hidden]) [data-testid=crud-table] tbody tr') ?? null;
}

/**
 * Carries out a row move on the shown list: `next` / `prev` focus the row after or before the
 * focused one (the first or the last row when none has the focus; the ends stay put) and scroll it
 * into view; `open` presses the focused row's first action that opens or edits it (never a delete or another dangerous one). Rows take the
 * focus programmatically only (`tabindex="-1"`), so Tab order is unchanged. Answers whether a row
 * took the move (nothing happens on a screen without a list).
 */
export function moveRow(move: RowMove, active: Element | null = document.activeElement): boolean {
  const rows = shownRows();
  if (!rows.length) return false;
  const current = listRowOf(active);
  if (move === 'open') {
    // The first action that opens or edits: never a delete or another dangerous one (a freeze).
    const action = [...(current?.querySelectorAll<HTMLElement>('.crud-row-actions button:not([disabled]), .crud-row-actions a[href]') ?? [])].find((b) => !/danger/.test(b.className) && b.dataset.testid !== 'crud-del');
    action?.click();
    return !!action;
  }
  const at = current ? rows.indexOf(current) : -1;
  const next = at < 0 ? (move === 'next' ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, at + (move === 'next' ? 1 : -1)));
  const row = rows[next];
  row.tabIndex = -1;
  row.focus({ preventScroll: true });
  row.scrollIntoView?.({ block: 'nearest' });
  return true;
}
