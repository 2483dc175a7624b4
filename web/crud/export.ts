import writeXlsxFile from 'write-excel-file/universal';
import { saveBlob } from './save';

/** Bound on exported rows: a spreadsheet of the current filter, never the whole store. */
export const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 1000;

export interface ExportColumn {
  header: string;
  /** The cell text or number of a row. */
  value: (row: Record<string, unknown>) => string | number | null;
  width?: number;
}

/**
 * Fetches every page of the current filter (up to {@link EXPORT_MAX_ROWS} rows, 1,000 a request)
 * with `fetchPage(pageNum, pageSize)`, writes one sheet with the visible columns and saves it as
 * `<fileName>.xlsx`. Loaded lazily by the list page so write-excel-file stays out of the entry chunk.
 * @returns the number of rows written.
 */
export async function exportRows(
  fetchPage: (pageNum: number, pageSize: number) => Promise<{ list: Record<string, unknown>[]; total: number }>,
  columns: ExportColumn[],
  fileName: string,
): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  for (let pageNum = 1; rows.length < EXPORT_MAX_ROWS; pageNum++) {
    const page = await fetchPage(pageNum, EXPORT_PAGE_SIZE);
    rows.push(...page.list);
    if (page.list.length < EXPORT_PAGE_SIZE || rows.length >= page.total) break;
  }
  const limited = rows.slice(0, EXPORT_MAX_ROWS);
  const sheet = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...limited.map((r) => columns.map((c) => {
      const v = c.value(r);
      return v === null || v === '' ? null : typeof v === 'number' ? { value: v, type: Number } : { value: String(v), type: String };
    })),
  ];
  const blob = await writeXlsxFile(sheet as never, { columns: columns.map((c) => ({ width: c.width ?? 18 })) } as never).toBlob();
  saveBlob(blob, `${fileName}.xlsx`);
  return limited.length;
}
