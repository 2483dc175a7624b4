import writeXlsxFile from 'write-excel-file/universal';
import { saveBlob } from './save';

/**
 * Bound on exported rows: every row of the current filter up to this many, fetched a
 * page at a time; above it the export says plainly that only the first rows of how many were written.
 * 100,000 rows of a dozen columns stay within what a browser tab builds into one sheet in seconds.
 */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows a request (the contract's `pageSize` maximum). */
export const EXPORT_PAGE_SIZE = 1000;

export interface ExportColumn {
  header: string;
  /** The cell of a row: a number is written as a numeric cell, anything else as text. */
  value: (row: Record<string, unknown>) => string | number | null;
  /** The number format of the column's numeric cells (money: `MONEY_CELL_FORMAT`, `#,##0.00`). */
  format?: string;
  width?: number;
}

/** Excel's bound on a sheet name's length. */
const SHEET_NAME_MAX = 31;

/**
 * A screen's title as a sheet name Excel opens: the characters it refuses (`[ ] : * ? / \`) and
 * control characters dropped, no apostrophe at either end, at most 31 characters (by code point, so
 * a Chinese title is not cut inside a character); `Sheet1` when nothing is left.
 */
export function sheetName(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = title.replace(/[[\]:*?/\\\u0000-\u001f]/g, '').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '');
  return [...clean].slice(0, SHEET_NAME_MAX).join('').trim() || 'Sheet1';
}

/** How far an export is: rows fetched and rows the filter holds. */
export interface ExportProgress {
  done: number;
  total: number;
}

/** What an export did: rows written, rows the filter held, whether the bound cut it, whether it was cancelled (no file then). */
export interface ExportResult {
  written: number;
  total: number;
  capped: boolean;
  cancelled: boolean;
}

export interface ExportOptions {
  /** Cancels between (and during) page requests; no file is saved. */
  signal?: AbortSignal;
  /** After each page: rows so far and the filter's total. */
  onProgress?: (p: ExportProgress) => void;
  /** Default {@link EXPORT_MAX_ROWS}. */
  maxRows?: number;
  /** The sheet's name: the screen's title in the user's language (made a valid name by {@link sheetName}). */
  sheet?: string;
  pageSize?: number;
}

/**
 * Fetches every page of the current filter with `fetchPage(pageNum, pageSize, signal)` (up to
 * {@link EXPORT_MAX_ROWS} rows, {@link EXPORT_PAGE_SIZE} a request), reporting progress, writes one
 * sheet named `opts.sheet` (the screen's title, see {@link sheetName}) with the given columns — numbers
 * as numeric cells in the column's `format`, the rest as text — and saves it as `<fileName>.xlsx`. Loaded lazily by the list page so
 * write-excel-file stays out of the entry chunk.
 * @returns rows written and the filter's total (`capped` when the bound cut it); `cancelled` when
 *   the signal fired, and then nothing is saved. Rejects with the fetch's error (already shown by the HTTP client).
 */
export async function exportRows(
  fetchPage: (pageNum: number, pageSize: number, signal?: AbortSignal) => Promise<{ list: Record<string, unknown>[]; total: number }>,
  columns: ExportColumn[],
  fileName: string,
  opts: ExportOptions = {},
): Promise<ExportResult> {
  const max = opts.maxRows ?? EXPORT_MAX_ROWS;
  const size = opts.pageSize ?? EXPORT_PAGE_SIZE;
  const rows: Record<string, unknown>[] = [];
  let total = 0;
  const cancelled = (): ExportResult => ({ written: 0, total, capped: false, cancelled: true });
  for (let pageNum = 1; rows.length < max; pageNum++) {
    if (opts.signal?.aborted) return cancelled();
    let page: { list: Record<string, unknown>[]; total: number };
    try {
      page = await fetchPage(pageNum, size, opts.signal);
    } catch (e) {
      if (opts.signal?.aborted) return cancelled();
      throw e;
    }
    total = Math.max(page.total, rows.length + page.list.length);
    rows.push(...page.list);
    opts.onProgress?.({ done: Math.min(rows.length, max), total });
    if (page.list.length < size || rows.length >= page.total) break;
  }
  if (opts.signal?.aborted) return cancelled();
  const limited = rows.slice(0, max);
  const sheet = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...limited.map((r) => columns.map((c) => {
      const v = c.value(r);
      if (v === null || v === '') return null;
      if (typeof v === 'number') return Number.isFinite(v) ? { value: v, type: Number, ...(c.format ? { format: c.format } : {}) } : null;
      return { value: String(v), type: String };
    })),
  ];
  const blob = await writeXlsxFile(sheet as never, { columns: columns.map((c) => ({ width: c.width ?? 18 })), sheet: sheetName(opts.sheet ?? fileName) } as never).toBlob();
  saveBlob(blob, `${fileName}.xlsx`);
  return { written: limited.length, total, capped: limited.length < total, cancelled: false };
}
