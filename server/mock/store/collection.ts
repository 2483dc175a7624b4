import type { AnyEntity, FilterKind } from '../../contract/entity.js';
import type { AnyRow } from './seed.js';

/**
 * One entity's records in memory: get, insert, replace, remove, reset, and the list query of the
 * contract (filters, keyword, sort, page). Rows are immutable: a change stores a new object, so the
 * seeded rows can be shared by every store built from the same seed and a reset only re-indexes them.
 *
 * What keeps a list request's cost about the page rather than the table (issue 13, "lists that
 * scale"), all built on first use and kept up to date on every write:
 * - a sorted view per sort field (rows by value then id, missing values last), so a sorted page is a
 *   walk from the view's start that stops once the page is full;
 * - a value index per filtered or referenced field (value → rows in id order): an `eq` filter starts
 *   from its bucket, and a lone `eq` filter's total is the bucket's length;
 * - lower-cased text per row for `like` filters and the keyword (one `includes` per row instead of
 *   converting every searchable field of every row), cached by row object, which never changes.
 * The seeded rows' sorted views are kept beside the seeded tables, so a reset costs a copy, not a sort.
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

/** Rows by value then id (both ascending), missing values last: the ascending order of `sort`. */
function byValueThenId(field: string) {
  return (a: AnyRow, b: AnyRow): number => {
    const x = a[field];
    const y = b[field];
    const xm = x === undefined || x === null;
    const ym = y === undefined || y === null;
    if (xm || ym) return xm && ym ? a.id - b.id : xm ? 1 : -1;
    if (x !== y) return (x as string | number) < (y as string | number) ? -1 : 1;
    return a.id - b.id;
  };
}

/** First index in `rows` (sorted by `cmp`) whose row sorts at or after `row`. */
function lowerBound(rows: readonly AnyRow[], row: AnyRow, cmp: (a: AnyRow, b: AnyRow) => number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(rows[mid], row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byId = (a: AnyRow, b: AnyRow) => a.id - b.id;

/** A sorted view: the rows in ascending order and how many of them (from the start) have a value. */
interface SortedView {
  rows: AnyRow[];
  cmp: (a: AnyRow, b: AnyRow) => number;
}

/** Sorted views of seeded tables, shared by every collection reset to them (frozen; copied before use). */
const BASE_VIEWS = new WeakMap<readonly AnyRow[], Map<string, readonly AnyRow[]>>();

function baseView(base: readonly AnyRow[], field: string): readonly AnyRow[] {
  let views = BASE_VIEWS.get(base);
  if (!views) BASE_VIEWS.set(base, (views = new Map()));
  let v = views.get(field);
  if (!v) views.set(field, (v = Object.freeze([...base].sort(byValueThenId(field)))));
  return v;
}

/** Index keys of a value: each element of an array (a `has`/`refs` field), else the value itself. */
function keysOf(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? [...new Set(v)] : [v];
}

/** The `unique` rule's key of a row: each field as lower-cased text ('' when missing). */
function uniqueKey(fields: string[], r: Record<string, unknown>): string {
  return fields.map((f) => String(r[f] ?? '').toLowerCase()).join('\u0000');
}

export class Collection {
  private base: readonly AnyRow[];
  private rows = new Map<number, AnyRow>();
  private nextId = 1;
  private hidden: string[];
  /** Changed since the last reset: a reset of an untouched collection is free. */
  private dirty = true;
  /**
   * Goes up on every write and reset: what is derived from this collection's rows (an account's
   * grants, read on every request) can be kept until the version moves.
   */
  version = 0;
  /** Sorted views by field, built on first use, kept up to date on write. */
  private views = new Map<string, SortedView>();
  /** Value → rows (id order) by field, built on first use, kept up to date on write. */
  private indexes = new Map<string, Map<unknown, AnyRow[]>>();
  /**
   * An `eq` bucket sorted by a field (key: field, filter field, value), made on first use and
   * dropped on any write: a filtered, sorted page whose matches sit far apart in the whole table's
   * order is then a slice, not a walk over the table.
   */
  private bucketViews = new Map<string, AnyRow[]>();
  /** Rows by lower-cased unique key, per `unique` field set (joined names), built on first use. */
  private uniques = new Map<string, { fields: string[]; index: Map<string, AnyRow[]> }>();
  /** Lower-cased text of a field (or of the searchable fields, key '') per row object. */
  private texts = new Map<string, WeakMap<AnyRow, string>>();

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
    this.version++;
    this.base = base;
    this.rows = new Map(base.map((r) => [r.id, r]));
    this.nextId = base.reduce((m, r) => Math.max(m, r.id), 0) + 1;
    this.views.clear();
    this.indexes.clear();
    this.uniques.clear();
    this.bucketViews.clear();
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
    this.track(undefined, stored);
    return stored;
  }

  /** Stores a changed row in place of the one with the same id. */
  replace(row: AnyRow): AnyRow {
    this.dirty = true;
    const stored = Object.freeze({ ...row });
    const old = this.rows.get(stored.id);
    this.rows.set(stored.id, stored);
    this.track(old, stored);
    return stored;
  }

  remove(ids: Iterable<number>): number {
    this.dirty = true;
    let n = 0;
    for (const id of ids) {
      const old = this.rows.get(id);
      if (old && this.rows.delete(id)) {
        n++;
        this.track(old, undefined);
      }
    }
    return n;
  }

  /** Keeps the built views and indexes in step with one change (`old` → `now`; either may be absent). */
  private track(old: AnyRow | undefined, now: AnyRow | undefined): void {
    this.version++;
    this.bucketViews.clear();
    for (const v of this.views.values()) {
      if (old) {
        const at = lowerBound(v.rows, old, v.cmp);
        if (v.rows[at]?.id === old.id) v.rows.splice(at, 1);
      }
      if (now) v.rows.splice(lowerBound(v.rows, now, v.cmp), 0, now);
    }
    for (const { fields, index } of this.uniques.values()) {
      if (old) {
        const bucket = index.get(uniqueKey(fields, old));
        const at = bucket ? bucket.findIndex((r) => r.id === old.id) : -1;
        if (at >= 0) bucket!.splice(at, 1);
        if (bucket && !bucket.length) index.delete(uniqueKey(fields, old));
      }
      if (now) {
        const k = uniqueKey(fields, now);
        const bucket = index.get(k);
        if (!bucket) index.set(k, [now]);
        else bucket.splice(lowerBound(bucket, now, byId), 0, now);
      }
    }
    for (const [field, index] of this.indexes) {
      if (old) {
        for (const k of keysOf(old[field])) {
          const bucket = index.get(k);
          if (!bucket) continue;
          const at = lowerBound(bucket, old, byId);
          if (bucket[at]?.id === old.id) bucket.splice(at, 1);
          if (!bucket.length) index.delete(k);
        }
      }
      if (now) {
        for (const k of keysOf(now[field])) {
          let bucket = index.get(k);
          if (!bucket) index.set(k, (bucket = []));
          // New ids are the largest: a push keeps id order; a replaced row goes back where it was.
          if (!bucket.length || bucket[bucket.length - 1].id < now.id) bucket.push(now);
          else bucket.splice(lowerBound(bucket, now, byId), 0, now);
        }
      }
    }
  }

  /** Rows in ascending (`field`, id) order, missing values last; do not change the array. */
  sortedBy(field: string): readonly AnyRow[] {
    let v = this.views.get(field);
    if (!v) {
      const rows = this.dirty ? [...this.rows.values()].sort(byValueThenId(field)) : baseView(this.base, field).slice();
      this.views.set(field, (v = { rows, cmp: byValueThenId(field) }));
    }
    return v.rows;
  }

  /**
   * Rows whose `field` equals `value` (or, for an array field, contains it), in id order, from an
   * index built on first use; do not change the array. For reference checks and `eq` filters.
   */
  where(field: string, value: unknown): readonly AnyRow[] {
    let index = this.indexes.get(field);
    if (!index) {
      index = new Map();
      for (const r of this.rows.values()) {
        for (const k of keysOf(r[field])) {
          const bucket = index.get(k);
          if (bucket) bucket.push(r);
          else index.set(k, [r]);
        }
      }
      this.indexes.set(field, index);
    }
    return index.get(value) ?? [];
  }

  /**
   * Rows whose `fields` have the same values as `row`'s, compared as lower-cased text (the `unique`
   * rule of the generic CRUD), in id order, from an index built on first use; do not change the array.
   */
  sameKey(fields: string[], row: Record<string, unknown>): readonly AnyRow[] {
    const name = fields.join('\u0000');
    let u = this.uniques.get(name);
    if (!u) {
      const index = new Map<string, AnyRow[]>();
      for (const r of this.rows.values()) {
        const k = uniqueKey(fields, r);
        const bucket = index.get(k);
        if (bucket) bucket.push(r);
        else index.set(k, [r]);
      }
      this.uniques.set(name, (u = { fields, index }));
    }
    return u.index.get(uniqueKey(fields, row)) ?? [];
  }

  /** Lower-cased text of `fields` joined by a separator no keyword holds (cached per row object). */
  private text(key: string, fields: string[]): (r: AnyRow) => string {
    let cache = this.texts.get(key);
    if (!cache) this.texts.set(key, (cache = new WeakMap()));
    const c = cache;
    return (r) => {
      let t = c.get(r);
      if (t === undefined) {
        t = '';
        for (const f of fields) if (r[f] !== undefined) t += (t ? '\u0000' : '') + String(r[f]).toLowerCase();
        // Keep "field missing" distinct from "empty": a missing field never matches, '' matches ''.
        c.set(r, t);
      }
      return t;
    };
  }

  /** A row as the API answers it: write-only fields (passwords, secrets) removed. */
  view(row: AnyRow): AnyRow {
    if (!this.hidden.length) return row;
    const out: AnyRow = { ...row };
    for (const k of this.hidden) delete out[k];
    return out;
  }

  /**
   * The query's filters as predicates, with the `eq` filters apart: those can start from an index
   * bucket instead of the whole table.
   */
  private plan(q: ListQuery): { eq: [string, unknown][]; preds: Predicate[] } {
    const eq: [string, unknown][] = [];
    const preds: Predicate[] = [];
    for (const [field, kind] of Object.entries(this.def.filters) as [string, FilterKind][]) {
      const v = q[field];
      if (v === undefined || v === null || v === '') continue;
      if (kind === 'eq') {
        // The index matches by value; a non-scalar value can only be compared by identity, as before.
        if (typeof v === 'object' || this.isArrayField(field)) preds.push((r) => r[field] === v);
        else eq.push([field, v]);
      } else if (kind === 'has') preds.push((r) => Array.isArray(r[field]) && (r[field] as unknown[]).includes(v));
      else if (kind === 'like') {
        const needle = String(v).toLowerCase();
        const text = this.text(field, [field]);
        preds.push((r) => r[field] !== undefined && text(r).includes(needle));
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
      if (fields.length === 1) {
        const text = this.text(fields[0], fields);
        preds.push((r) => r[fields[0]] !== undefined && text(r).includes(keyword));
      } else {
        // Joined text could match across two fields only with the separator in the keyword.
        const text = this.text('', fields);
        preds.push((r) => text(r).includes(keyword) && fields.some((f) => r[f] !== undefined && String(r[f]).toLowerCase().includes(keyword)));
      }
    }
    return { eq, preds };
  }

  /** Array fields are indexed by element (for `refs`), which is not what `eq` means: those stay predicates. */
  private isArrayField(field: string): boolean {
    return (this.def.fields[field] as { type?: unknown } | undefined)?.type === 'array';
  }

  /** The rows the query's `eq` filters allow (the smallest bucket; the others become predicates), or every row. */
  private candidates(eq: [string, unknown][], preds: Predicate[]): { rows: readonly AnyRow[] | null; preds: Predicate[]; key?: string } {
    if (!eq.length) return { rows: null, preds };
    const buckets = eq.map(([f, v]) => ({ f, v, rows: this.where(f, v) })).sort((a, b) => a.rows.length - b.rows.length);
    const rest = buckets.slice(1).map(({ f, v }): Predicate => (r) => r[f] === v);
    return { rows: buckets[0].rows, preds: [...rest, ...preds], key: `${buckets[0].f}\u0000${typeof buckets[0].v}\u0000${String(buckets[0].v)}` };
  }

  /** The bucket `key` sorted ascending by `field` (missing values last, ties by id), cached until a write. */
  private sortedBucket(bucket: readonly AnyRow[], key: string, field: string): AnyRow[] {
    const k = `${field}\u0000${key}`;
    let rows = this.bucketViews.get(k);
    if (!rows) {
      if (this.bucketViews.size >= 512) this.bucketViews.clear();
      rows = this.sort([...bucket], field, 'asc');
      this.bucketViews.set(k, rows);
    }
    return rows;
  }

  /** Rows matching the query's filters and keyword, unsorted. */
  filter(q: ListQuery): AnyRow[] {
    const { eq, preds: p } = this.plan(q);
    const { rows, preds } = this.candidates(eq, p);
    const out: AnyRow[] = [];
    for (const r of rows ?? this.rows.values()) if (preds.every((pr) => pr(r))) out.push(r);
    return out;
  }

  /** Sorts in place by `sortField` (or the entity's default), ties by id in the same direction. */
  sort(rows: AnyRow[], sortField?: string, sortOrder?: 'asc' | 'desc'): AnyRow[] {
    const [field, order] = this.order(sortField, sortOrder);
    const dir = order === 'desc' ? -1 : 1;
    // Rows come in ascending id order (seeded, then added), so an id sort needs no comparisons.
    if (field === 'id') return dir === 1 ? rows : rows.reverse();
    return rows.sort((a, b) => {
      const c = compare(a[field], b[field]);
      if (c !== 0) return a[field] == null || b[field] == null ? c : c * dir;
      return (a.id - b.id) * dir;
    });
  }

  private order(sortField?: string, sortOrder?: 'asc' | 'desc'): [string, 'asc' | 'desc'] {
    return sortField ? [sortField, sortOrder ?? 'asc'] : [this.def.defaultSort[0], sortOrder ?? this.def.defaultSort[1]];
  }

  /**
   * Rows of page [start, start + size) in the query's order, walking an ordered source (a sorted
   * view or an id-ordered bucket) and stopping as soon as the page is full.
   * `desc` walks a sorted view from the end of its valued rows, then its missing-value rows from
   * their end, so missing values stay last in both directions (as `sort` orders them).
   */
  private walk(source: readonly AnyRow[] | Iterable<AnyRow>, field: string, desc: boolean, preds: Predicate[], start: number, size: number, budget = Infinity): AnyRow[] | null {
    const out: AnyRow[] = [];
    let seen = 0;
    let looked = 0;
    let over = false;
    const take = (r: AnyRow): boolean => {
      if (++looked > budget) return (over = true);
      for (const p of preds) if (!p(r)) return false;
      if (seen++ >= start) out.push(r);
      return out.length >= size;
    };
    if (!desc) {
      for (const r of source) if (take(r)) break;
      return over ? null : out;
    }
    const rows = Array.isArray(source) ? (source as readonly AnyRow[]) : [...source];
    // First missing-value row (ascending views keep them last); for an id source there are none.
    let firstMissing = rows.length;
    if (field !== 'id') {
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (rows[mid][field] === undefined || rows[mid][field] === null) hi = mid;
        else lo = mid + 1;
      }
      firstMissing = lo;
    }
    for (let i = firstMissing - 1; i >= 0; i--) if (take(rows[i])) return over ? null : out;
    for (let i = rows.length - 1; i >= firstMissing; i--) if (take(rows[i])) return over ? null : out;
    return out;
  }

  /**
   * The `list` answer (spec §7 paging): `total` counts every match, `list` holds page `pageNum`
   * (from 1) of `pageSize` rows; a page past the end is empty.
   */
  list(q: ListQuery): { list: AnyRow[]; total: number } {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const start = (pageNum - 1) * pageSize;
    const [field, order] = this.order(q.sortField, q.sortOrder);
    const desc = order === 'desc';
    const plan = this.plan(q);
    const { rows: bucket, preds, key: bucketKey } = this.candidates(plan.eq, plan.preds);

    // total: a lone eq filter is its bucket's length; anything else counts matches without keeping them.
    let total: number;
    if (bucket && !preds.length) total = bucket.length;
    else if (!bucket && !preds.length) total = this.rows.size;
    else {
      total = 0;
      for (const r of bucket ?? this.rows.values()) {
        let ok = true;
        for (const p of preds) if (!(ok = p(r))) break;
        if (ok) total++;
      }
    }
    if (start >= total || pageSize <= 0) return { list: [], total };

    let page: AnyRow[] | null = null;
    if (field === 'id') page = this.walk(bucket ?? this.sortedBy('id'), 'id', desc, preds, start, pageSize)!;
    else {
      // Walking the sorted view costs about (start + size) × n / matches when matches are spread
      // evenly; sorting the matches m·log m. Matches bunched at the far end of the order (cards of
      // an old goods, newest first) make the walk long, so it gives up past the sort's cost.
      const n = this.rows.size || 1;
      const walkCost = ((start + pageSize) * n) / Math.max(total, 1);
      const sortCost = Math.max(total * Math.log2(total + 1), 4 * (start + pageSize));
      if (!bucket && !preds.length) page = this.walk(this.sortedBy(field), field, desc, [], start, pageSize)!;
      else if (bucket && bucketKey) page = this.walk(this.sortedBucket(bucket, bucketKey, field), field, desc, preds, start, pageSize)!;
      else if (walkCost <= sortCost) {
        const allPreds = bucket ? [this.memberOf(bucket), ...preds] : preds;
        page = this.walk(this.sortedBy(field), field, desc, allPreds, start, pageSize, sortCost);
      }
      if (!page) {
        const matched = bucket && !preds.length ? [...bucket] : this.filterFrom(bucket, preds);
        page = this.sort(matched, field, order).slice(start, start + pageSize);
      }
    }
    return { list: page.map((r) => this.view(r)), total };
  }

  /** A predicate "is one of the bucket's rows" (buckets are in id order: binary search). */
  private memberOf(bucket: readonly AnyRow[]): Predicate {
    if (bucket.length <= 8) return (r) => bucket.includes(r);
    return (r) => {
      const at = lowerBound(bucket, r, byId);
      return bucket[at] === r;
    };
  }

  private filterFrom(bucket: readonly AnyRow[] | null, preds: Predicate[]): AnyRow[] {
    const out: AnyRow[] = [];
    for (const r of bucket ?? this.rows.values()) {
      let ok = true;
      for (const p of preds) if (!(ok = p(r))) break;
      if (ok) out.push(r);
    }
    return out;
  }

  /** `listAll`: every row as `{id, <label>}` in the default order. */
  options(): Record<string, unknown>[] {
    const label = this.def.label;
    const [field, order] = this.order();
    const rows = field === 'id' ? [...this.rows.values()] : this.walk(this.sortedBy(field), field, order === 'desc', [], 0, this.rows.size)!;
    if (field === 'id' && order === 'desc') rows.reverse();
    return rows.map((r) => ({ id: r.id, [label]: r[label] }));
  }
}
