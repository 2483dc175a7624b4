import type { EntityName } from '../../../contract/index.js';
import type { ColumnRef, Refusal } from '../../../contract/messages.js';
import type { MockContext } from '../../context.js';
import { entityOfUrl, langOf, localizedMessage, rawMessage } from '../../../plugins/localize.js';
import { MockError } from '../../store/crud.js';
import type { AnyRow } from '../../store/seed.js';
import { attachment, intCell, textCell, writeRows, XLSX_TYPE, type Cell, type SheetColumn } from '../../store/sheet.js';
import type { ActionInput } from '../../routes/actions.js';

/**
 * Spreadsheet imports of codes and accounts (inventory and cdk areas): cell readers, the preview or
 * all-or-none commit, batch numbers and templates. A refusal names every bad row; nothing changes.
 */

type Col = EntityName;

export const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const GOODS_COL: ColumnRef = { header: '商品ID', field: 'goodsId' };
const TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** Bad rows described in full in a refusal; the rest are named by number only. */
const DETAILED = 50;
/** Good rows a preview answers beside every bad one. */
const PREVIEW_GOOD = 50;

/** A cell as 'YYYY-MM-DD HH:mm:ss' (Excel date cells carry the wall time as UTC), or null when it is not a time. */
export function timeCell(v: Cell): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 19).replace('T', ' ');
  const s = textCell(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s} 23:59:59`;
  return TIME.test(s) ? s : null;
}

/** Yuan in a cell → cents; null when it is not an amount from 0 to 1 000 000 000 with at most 2 decimals. */
export function yuanCell(v: Cell): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000_000) return null;
  const cents = Math.round(n * 100);
  return Math.abs(cents - n * 100) < 1e-6 ? cents : null;
}

export interface Checked<T> {
  row: number;
  values: Record<string, string | number | null>;
  problems: Refusal[];
  record: T | null;
}

/**
 * A row problem as the request reads it: in its `Accept-Language` (zh_CN when absent) with the
 * endpoint's field labels, the same words the refusal envelope carries; `<field>: <English>` with
 * MESSAGES=raw.
 */
export function rowProblemText({ ctx, req }: Pick<ActionInput, 'ctx' | 'req'>): (r: Refusal) => string {
  if (ctx.config.messages !== 'localized') return rawMessage;
  const lang = langOf(req.headers['accept-language']);
  const entity = entityOfUrl(req.url);
  return (r) => localizedMessage(r, lang, entity);
}

/**
 * The common end of an import: a preview answers the rows, each bad row's problems in the request's
 * language (`rowProblemText`); a commit with any bad row is refused with every bad row named
 * (nothing changed); otherwise `commit` stores the good ones.
 */
export function finish<T>(input: Pick<ActionInput, 'ctx' | 'req'>, preview: boolean, checked: Checked<T>[], commit: (records: T[]) => { batchNo?: string }) {
  const bad = checked.filter((c) => c.problems.length);
  const total = checked.length;
  if (preview) {
    const text = rowProblemText(input);
    const shown = [...bad, ...checked.filter((c) => !c.problems.length).slice(0, PREVIEW_GOOD)].sort((a, b) => a.row - b.row);
    return { preview: true, total, bad: bad.length, count: total - bad.length, rows: shown.map(({ row, values, problems }) => ({ row, values, problems: problems.map(text) })) };
  }
  if (bad.length) {
    const rows: Refusal[] = bad.slice(0, DETAILED).map((c) => ({ field: `row ${c.row}`, key: 'sheet.row', params: { problems: c.problems } }));
    const more: Refusal | null = bad.length > DETAILED ? { key: 'sheet.alsoRows', params: { rows: bad.slice(DETAILED).map((c) => c.row).join(', ') } } : null;
    throw new MockError('file', 'sheet.badRows', { bad: bad.length, total, rows, more });
  }
  const records = checked.map((c) => c.record!);
  const { batchNo } = commit(records);
  return { preview: false, total, bad: 0, count: records.length, ...(batchNo ? { batchNo } : {}), rows: [] };
}

export function flag(v: unknown): boolean {
  return v === 'true';
}

export function idField(v: unknown): number | undefined {
  return typeof v === 'string' && v ? Number(v) : undefined;
}

/** Goods of a row: its own cell, else the form's `goodsId`; must exist and be delivered as `deliveryType`. */
export function rowGoods(ctx: MockContext, cell: Cell | undefined, fallback: number | undefined, deliveryType: number, what: string, bad: (m: Refusal) => void): AnyRow | undefined {
  const text = textCell(cell ?? null);
  const id = text ? intCell(cell ?? null) : fallback ?? null;
  if (text && id === null) return void bad({ key: 'sheet.cell.notWhole', params: { col: GOODS_COL, value: text } });
  if (id === null) return void bad({ key: 'sheet.cell.emptyNoDefault', params: { col: GOODS_COL, fallback: 'goodsId' } });
  const goods = ctx.store.get<AnyRow>('goods', id);
  if (!goods) return void bad({ key: 'sheet.cell.unknownGoods', params: { col: GOODS_COL, value: id } });
  if (goods.deliveryType !== deliveryType) return void bad({ key: 'sheet.cell.wrongDelivery', params: { col: GOODS_COL, value: id, name: goods.goodsName as string, what } });
  return goods;
}

export function newBatchNo(ctx: MockContext, prefix: string, col: Col): string {
  return `${prefix}${ctx.crud.now().slice(0, 10).replace(/-/g, '')}${String(ctx.store.col(col).peekNextId()).padStart(6, '0')}`;
}

export const columns = (cols: readonly { field: string; zh_CN: string; en: string; required?: boolean }[]): SheetColumn[] => cols.map((c) => ({ ...c }));

export async function template({ reply }: ActionInput, cols: SheetColumn[], sheet: string, fileName: string) {
  const file = await writeRows(sheet, cols, []);
  return reply.type(XLSX_TYPE).header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'no-store').send(file);
}

