import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';
import { MockError } from './crud.js';

/**
 * Spreadsheet reading and writing for the mock's imports and exports (.xlsx only). Reading checks the
 * header, turns each data row into an object by column, and reports problems by spreadsheet row
 * number (the header is row 1), so an operator can find the cell; nothing is imported unless every
 * row is good.
 */

/** A column of an import/export sheet: the record field and the header texts accepted for it. */
export interface SheetColumn {
  field: string;
  zh_CN: string;
  en: string;
  /** Required columns must be present in the header. */
  required?: boolean;
}

export type Cell = string | number | boolean | Date | null;

/** At most this many data rows per import; a bigger file is refused as a whole. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * Reads the first sheet of an .xlsx file into one object per non-empty data row, keyed by field.
 * @returns `{rows, rowNumbers}`: `rowNumbers[i]` is the spreadsheet row of `rows[i]`.
 * @throws MockError `file: …` when the bytes are not an .xlsx file, the sheet is empty, a required
 *   column is missing or there are more than MAX_IMPORT_ROWS rows.
 */
export async function readRows(file: Buffer, columns: SheetColumn[]): Promise<{ rows: Record<string, Cell>[]; rowNumbers: number[] }> {
  let data: Cell[][];
  try {
    data = (await readSheet(file)) as Cell[][];
  } catch {
    throw new MockError('file: not an .xlsx spreadsheet (save it as Excel Workbook .xlsx and try again)');
  }
  if (!data.length) throw new MockError('file: the sheet is empty; use the template');
  const header = data[0].map((c) => (c === null ? '' : String(c).trim()));
  const index = new Map<string, number>();
  for (const col of columns) {
    const at = header.findIndex((h) => h === col.zh_CN || h.toLowerCase() === col.en.toLowerCase() || h === col.field);
    if (at >= 0) index.set(col.field, at);
    else if (col.required) throw new MockError(`file: column "${col.zh_CN}" (${col.en}) is missing from the header row; use the template`);
  }
  const rows: Record<string, Cell>[] = [];
  const rowNumbers: number[] = [];
  for (let r = 1; r < data.length; r++) {
    const cells = data[r];
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    const obj: Record<string, Cell> = {};
    for (const [field, at] of index) {
      const v = cells[at] ?? null;
      obj[field] = typeof v === 'string' ? v.trim() : v;
    }
    rows.push(obj);
    rowNumbers.push(r + 1);
  }
  if (!rows.length) throw new MockError('file: the sheet has no rows to import');
  if (rows.length > MAX_IMPORT_ROWS) throw new MockError(`file: ${rows.length} rows is more than the ${MAX_IMPORT_ROWS} an import takes; split the file`);
  return { rows, rowNumbers };
}

/** A whole number from a cell (numbers, or text of digits). */
export function intCell(v: Cell): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
}

/** Text from a cell; numbers become their digits (a phone typed as a number). */
export function textCell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

/** Writes one sheet with a bold header row of the columns' zh_CN titles and the given rows. */
export async function writeRows(sheet: string, columns: SheetColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const data: SheetData = [
    columns.map((c) => ({ value: c.zh_CN, fontWeight: 'bold' as const })),
    ...rows.map((r) => columns.map((c) => {
      const v = r[c.field];
      return v === undefined || v === null ? null : typeof v === 'number' ? { value: v, type: Number } : { value: String(v), type: String };
    })),
  ];
  return writeXlsxFile(data, { sheet, columns: columns.map((c) => ({ width: Math.max(10, c.zh_CN.length * 2 + 4) })) }).toBuffer();
}

/** `Content-Disposition` for a download with a non-ASCII file name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
