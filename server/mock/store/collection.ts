import type { AnyEntity, FilterKind } from '../../contract/entity.js';
import type { AnyRow } from './seed.js';

/**
 * One entity's records in memory: get, insert, replace, remove, reset, and the list query of the
 * contract (filters, keyword, sort, page). Rows are immutable: a change stores a new object, so the
 * seeded rows can be shared by every store built from the same seed and a reset only re-indexes them.
 */

/** A list query as validated by the entity's query schema (pageNum/pageSize filled by defaults). */
export type ListQuery = Record<string, unknown> & { pageNum?: number; pageSize?: number; keyword?: string; sortField?: string; sortOrder?: 'asc' | 'desc' };

type Predicate = (r: AnyRow) => boolean;

function compare(a: unknown, b: unknown): number {
  // Missing values sort last whatever the order, so a "newest paid first" list starts with paid orders.
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  return a < b ? -1 : 1;
}

export class Collection {
  private base: readonly AnyRow[];
  private rows = new Map<number, AnyRow>();
  private nextId = 1;
  private hidden: string[];
  /** Changed since the last reset: a reset of an untouched collection is free. */
  private dirty = true;

  constructor(
    readonly def: AnyEntity,
    base: readonly AnyRow[],
  ) {
    this.base = base;
    this.hidden = def.writeOnlyFields;
    this.reset(base);
  }

  /** Back to the seeded rows (or to new ones, for another seed). */
  reset(base: readonly AnyRow[] = this.base): void {
    if (!this.dirty && base === this.base) return;
    this.dirty = false;
    this.base = base;
    this.rows = new Map(base.map((r) => [r.id, r]));
    this.nextId = base.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  }

  get size(): number {
    return this.rows.size;
  }

  /** The id the next insert will get (business numbers such as goodsSn are built from it). */
  peekNextId(): number {
    return this.nextId;
  }

  get(id: number): AnyRow | undefined {
    return this.rows.get(id);
  }

  /** All rows in id order of insertion (seeded first, then added). */
  values(): IterableIterator<AnyRow> {
    return this.rows.values();
  }

  /** Stores a new row under the next id and returns it. */
  insert(row: Omit<AnyRow, 'id'>): AnyRow {
    this.dirty = true;
    const stored = Object.freeze({ ...row, id: this.nextId++ }) as AnyRow;
    this.rows.set(stored.id, stored);
    return stored;
  }

  /** Stores a changed row in place of the one with the same id. */
  replace(row: AnyRow): AnyRow {
    this.dirty = true;
    const stored = Object.freeze({ ...row });
    this.rows.set(stored.id, stored);
    return stored;
  }

  remove(ids: Iterable<number>): number {
    this.dirty = true;
    let n = 0;
    for (const id of ids) if (this.rows.delete(id)) n++;
    return n;
  }

  /** A row as the API answers it: write-only fields (passwords, secrets) removed. */
  view(row: AnyRow): AnyRow {
    if (!this.hidden.length) return row;
    const out: AnyRow = { ...row };
    for (const k of this.hidden) delete out[k];
    return out;
  }

  /** Rows matching the query's filters and keyword, unsorted. */
  filter(q: ListQuery): AnyRow[] {
    const preds: Predicate[] = [];
    for (const [field, kind] of Object.entries(this.def.filters) as [string, FilterKind][]) {
      const v = q[field];
      if (v === undefined || v === null || v === '') continue;
      if (kind === 'eq') preds.push((r) => r[field] === v);
      else if (kind === 'has') preds.push((r) => Array.isArray(r[field]) && (r[field] as unknown[]).includes(v));
      else if (kind === 'like') {
        const needle = String(v).toLowerCase();
        preds.push((r) => r[field] !== undefined && String(r[field]).toLowerCase().includes(needle));
      } else if (kind === 'range') {
        const [from, to] = v as [string | number, string | number];
        preds.push((r) => {
          const x = r[field] as string | number | undefined;
          return x !== undefined && x >= from && x <= to;
        });
      }
    }
    const keyword = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    if (keyword && this.def.searchable.length) {
      const fields = this.def.searchable;
      preds.push((r) => fields.some((f) => r[f] !== undefined && String(r[f]).toLowerCase().includes(keyword)));
    }
    const out: AnyRow[] = [];
    for (const r of this.rows.values()) if (preds.every((p) => p(r))) out.push(r);
    return out;
  }

  /** Sorts in place by `sortField` (or the entity's default), ties by id in the same direction. */
  sort(rows: AnyRow[], sortField?: string, sortOrder?: 'asc' | 'desc'): AnyRow[] {
    const [field, order] = sortField ? [sortField, sortOrder ?? 'asc'] : [this.def.defaultSort[0], sortOrder ?? this.def.defaultSort[1]];
    const dir = order === 'desc' ? -1 : 1;
    // Rows come in ascending id order (seeded, then added), so an id sort needs no comparisons.
    if (field === 'id') return dir === 1 ? rows : rows.reverse();
    return rows.sort((a, b) => {
      const c = compare(a[field], b[field]);
      if (c !== 0) return a[field] == null || b[field] == null ? c : c * dir;
      return (a.id - b.id) * dir;
    });
  }

  /**
   * The `list` answer (spec §7 paging): `total` counts every match, `list` holds page `pageNum`
   * (from 1) of `pageSize` rows; a page past the end is empty.
   */
  list(q: ListQuery): { list: AnyRow[]; total: number } {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const rows = this.sort(this.filter(q), q.sortField, q.sortOrder);
    const start = (pageNum - 1) * pageSize;
    return { list: rows.slice(start, start + pageSize).map((r) => this.view(r)), total: rows.length };
  }

  /** `listAll`: every row as `{id, <label>}` in the default order. */
  options(): Record<string, unknown>[] {
    const label = this.def.label;
    return this.sort([...this.rows.values()]).map((r) => ({ id: r.id, [label]: r[label] }));
  }
}
