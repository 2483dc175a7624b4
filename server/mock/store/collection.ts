import type { AnyEntity, FilterKind } from '../../contract/entity.js';
import type { AnyRow } from './seed.js';

/**
 * One entity's records in memory: get, insert, replace, remove, reset, and the list query of the
 * contract (filters, keyword, sort, page). Rows are immutable: a change stores a new object, so the
 * seeded rows can be shared by every store built from the same seed and a reset only re-indexes them.
 *
 * What keeps a list request's cost about the page rather than the table, all built on first use and kept up to date on every write:
 * - a sorted view per sort field (rows by value then id, missing values last), so a sorted page is a
 *   walk from the view's start that stops once the page is full, and a `range` filter is a slice of
 *   its field's view found by binary search;
 * - a value index per filtered or referenced field (value → rows in id order): an `eq` or `has`
 *   filter is its bucket;
 * - a text index per `like` field and for the keyword (TextIndex): one flat lower-cased string
 *   searched natively, instead of converting every searchable field of every row;
 * - the query runs from the smallest of those sources, the other filters checked on its rows only;
 *   a total with nothing left to check is the source's size; the page is walked from a sorted view
 *   or chosen from the matches without sorting them all (`top`);
 * - answers are kept per filters and order until the next write, so paging on is a slice.
 * The seeded rows' sorted views are kept beside the seeded tables, so a reset costs a copy, not a sort.
 */

/** A list query as validated by the entity's query schema (pageNum/pageSize filled by defaults). */
export type ListQuery = Record<string, unknown> & { pageNum?: number; pageSize?: number; keyword?: string; sortField?: string; sortOrder?: 'asc' | 'desc' };

type Predicate = (r: AnyRow) => boolean;

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

/**
 * Where the ascending orders of a seeded table's fields are kept between starts (snapshot.ts): row
 * positions in (value, id) order. Sorting a large table on its first sorted list is the one cost
 * that grows with the table (a second or so at scale 10); a later boot reads the order instead.
 */
export interface BaseOrders {
  /** The kept order of `field`, or null. */
  read(field: string): Int32Array | null;
  /** Keeps the order of `field` (failures ignored). */
  write(field: string, order: Int32Array): void;
}
const BASE_ORDERS = new WeakMap<readonly AnyRow[], BaseOrders>();

/** Lets the sorted views of the seeded table `base` be read from, and kept in, `orders`. */
export function keepBaseOrders(base: readonly AnyRow[], orders: BaseOrders): void {
  BASE_ORDERS.set(base, orders);
}

function baseView(base: readonly AnyRow[], field: string): readonly AnyRow[] {
  let views = BASE_VIEWS.get(base);
  if (!views) BASE_VIEWS.set(base, (views = new Map()));
  let v = views.get(field);
  if (!v) {
    const kept = BASE_ORDERS.get(base);
    let order = kept?.read(field) ?? null;
    // A kept order is for this very table (same snapshot); its length is checked all the same.
    if (!order || order.length !== base.length) {
      const cmp = byValueThenId(field);
      // A plain array sorts five times faster than an Int32Array with a comparator.
      const positions = Array.from({ length: base.length }, (_, i) => i).sort((i, j) => cmp(base[i], base[j]));
      order = Int32Array.from(positions);
      kept?.write(field, order);
    }
    v = Object.freeze(Array.from(order, (i) => base[i]));
    views.set(field, v);
  }
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

/** A list condition: its predicate and, where an index serves it, a source of candidate rows. */
interface Condition {
  pred: Predicate;
  /** How many rows the source holds (exactly), computed on demand. */
  estimate?: () => number;
  /** The candidate rows: exactly those passing `pred`. */
  source?: () => Source;
  /** The estimate itself costs a pass over an index (a text search). */
  costly?: boolean;
}

/** Rows [from, to) of `rows`, in id order or ascending by the field `order` names. */
interface Source {
  rows: readonly AnyRow[];
  from: number;
  to: number;
  order: string;
}

/** A list answer kept for its filters and order: every match counted, the first matches in order. */
interface Result {
  total: number;
  prefix: AnyRow[];
}

/**
 * List answers kept per collection, the longest prefix kept (deeper pages are answered, not kept)
 * and the rows all kept prefixes of a collection hold together: distinct filters and keywords
 * (each a new answer) cannot hold more than this many row references, whatever the bodies.
 */
export const RESULT_ENTRIES = 256;
const RESULT_PREFIX_MAX = 5_000;
export const RESULT_ROWS_KEPT = 50_000;
/** Rows whose JSON text a collection keeps before starting afresh (a bound, not a cache policy); a reset drops them all. */
export const JSON_ROWS_KEPT = 20_000;
/** Rows indexed between two pauses of Collection.prepare (about a millisecond of work). */
const PREPARE_CHUNK = 2_000;
const LIST_OPEN = Buffer.from('{"list":[');
const COMMA = Buffer.from(',');

function passes(r: AnyRow, preds: readonly Predicate[]): boolean {
  for (const p of preds) if (!p(r)) return false;
  return true;
}

/** The order of a list: by `field` (missing values last in both directions), ties by id in the same direction. */
function orderBy(field: string, desc: boolean): (a: AnyRow, b: AnyRow) => number {
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    const xm = x === undefined || x === null;
    const ym = y === undefined || y === null;
    if (xm || ym) {
      if (!(xm && ym)) return xm ? 1 : -1;
    } else if (x !== y) {
      const c = (x as string | number) < (y as string | number) ? -1 : 1;
      return desc ? -c : c;
    }
    return desc ? b.id - a.id : a.id - b.id;
  };
}

/**
 * The first `k` rows of rows[from, to) passing `preds`, in `cmp` order: a bounded insertion into
 * the k best so far, so choosing a page from m matches costs about m comparisons, not m·log m.
 */
function top(rows: readonly AnyRow[], from: number, to: number, preds: readonly Predicate[], cmp: (a: AnyRow, b: AnyRow) => number, k: number): AnyRow[] {
  if (k <= 0) return [];
  if (k >= (to - from) >>> 2) {
    const all: AnyRow[] = [];
    for (let i = from; i < to; i++) if (passes(rows[i], preds)) all.push(rows[i]);
    return all.sort(cmp).slice(0, k);
  }
  const best: AnyRow[] = [];
  for (let i = from; i < to; i++) {
    const r = rows[i];
    if (best.length === k && cmp(r, best[k - 1]) >= 0) continue;
    if (!passes(r, preds)) continue;
    let a = 0;
    let b = best.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (cmp(best[mid], r) <= 0) a = mid + 1;
      else b = mid;
    }
    best.splice(a, 0, r);
    if (best.length > k) best.pop();
  }
  return best;
}

/** A predicate "is one of rows[from, to)" for rows in id order (binary search). */
function memberOf(rows: readonly AnyRow[], from: number, to: number): Predicate {
  return (r) => {
    let a = from;
    let b = to;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (rows[mid].id < r.id) a = mid + 1;
      else b = mid;
    }
    return a < to && rows[a] === r;
  };
}

/** Separates the texts in a text index; a needle holding it is checked row by row instead. */
const SEP = '\u0001';

/**
 * The lower-cased text of some fields of every row, in one flat string (each field's text after a
 * separator), with where each row's part starts: a substring search over every row is one native
 * `indexOf` pass over the string, jumping to the next row after a hit, instead of converting and
 * searching each field of each record. Exact: the separator keeps a match inside one
 * field. Writes mark the row stale (its old text is skipped, its current row checked directly); the
 * string is rebuilt once the stale rows grow past a sixteenth of the table.
 */
class TextIndex {
  private text = '';
  private starts = new Int32Array(0);
  /** The rows as they were when built (a stale row's entry is never read). */
  private rows: AnyRow[] = [];
  private stale = new Set<number>();

  /** Built from `rows` at once, or (none given) empty until {@link TextIndex.filling} ends. */
  constructor(
    readonly fields: readonly string[],
    rows?: Iterable<AnyRow>,
  ) {
    if (rows) this.build(rows);
  }

  private build(rows: Iterable<AnyRow>): void {
    for (const _ of this.filling(rows, Infinity));
  }

  /** Builds the index from `rows`, pausing (a `yield`) after every `chunk` rows; usable once it ends. */
  *filling(rows: Iterable<AnyRow>, chunk: number): Generator<void, void, void> {
    // Appending makes a rope V8 flattens once, on the first search: twice as fast as joining parts.
    let text = '';
    const starts: number[] = [];
    const kept: AnyRow[] = [];
    for (const r of rows) {
      starts.push(text.length);
      kept.push(r);
      for (const f of this.fields) if (r[f] !== undefined) text += SEP + String(r[f]).toLowerCase();
      if (kept.length % chunk === 0) yield;
    }
    this.text = text;
    this.starts = Int32Array.from(starts);
    this.rows = kept;
    this.stale.clear();
  }

  /** The row with this id was added, changed or removed. */
  touch(id: number): void {
    this.stale.add(id);
  }

  /**
   * The rows (of `rows`, in id order) with `needle` in one of the fields; `pred` is the same test on
   * one row, for the stale ones.
   */
  search(needle: string, rows: Map<number, AnyRow>, pred: Predicate): AnyRow[] {
    if (this.stale.size > Math.max(256, this.rows.length >>> 4)) this.build(rows.values());
    const { text, starts, stale, rows: kept } = this;
    const out: AnyRow[] = [];
    let p = text.indexOf(needle);
    let lo = 0;
    while (p >= 0) {
      // The row whose part holds position p: the last start at or before it.
      let hi = starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (starts[mid] <= p) lo = mid + 1;
        else hi = mid;
      }
      const i = lo - 1;
      if (!stale.has(kept[i].id)) out.push(kept[i]);
      if (i + 1 >= starts.length) break;
      p = text.indexOf(needle, starts[i + 1]);
    }
    if (stale.size) {
      let added = false;
      for (const id of stale) {
        const r = rows.get(id);
        if (r && pred(r)) {
          out.push(r);
          added = true;
        }
      }
      if (added) out.sort(byId);
    }
    return out;
  }
}

/**
 * `text` as UTF-8 in a buffer of its own. `Buffer.from` cuts small strings from Node's shared 8 KB
 * pool, and a kept slice holds its whole slab: up to JSON_ROWS_KEPT rows per collection could each
 * hold 8 KB of other, long-dead bytes.
 */
function unpooledBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** Adds `r` to a value index of `field` (value → rows in id order; an array field by each element). */
function indexRow(index: Map<unknown, AnyRow[]>, r: AnyRow, field: string): void {
  for (const k of keysOf(r[field])) {
    const bucket = index.get(k);
    if (bucket) bucket.push(r);
    else index.set(k, [r]);
  }
}

/**
 * The rows of `base` by id, `chunk` rows between two pauses (a `yield`), handed to `done` at the end:
 * a large table's map is built in the background slices of MockStore.prepareInSlices (at scale 10
 * building the biggest at once held the event loop half a second).
 */
export function* rowsById(base: readonly AnyRow[], chunk: number, done: (byId: Map<number, AnyRow>) => void): Generator<void, void, void> {
  const byId = new Map<number, AnyRow>();
  for (let i = 0; i < base.length; i++) {
    byId.set(base[i].id, base[i]);
    if ((i + 1) % chunk === 0) yield;
  }
  done(byId);
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
   * List answers by filters, keyword and order (see `resultKey`): the total and the rows up to the
   * deepest page asked, least recently used dropped first, all dropped on any write.
   */
  private results = new Map<string, Result>();
  /** The rows of every prefix in {@link results} (at most RESULT_ROWS_KEPT). */
  private resultRows = 0;
  /** Rows by lower-cased unique key, per `unique` field set (joined names), built on first use. */
  private uniques = new Map<string, { fields: string[]; index: Map<string, AnyRow[]> }>();
  /** UTF-8 JSON of the rows answered lately (see listBytes), and how many were kept since the map was new. */
  private json = new WeakMap<AnyRow, Buffer>();
  private jsonCount = 0;
  /** Text indexes for `like` filters (key: the field) and the keyword (key: NUL), built on first use. */
  private textIndexes = new Map<string, TextIndex>();
  /** Who made the last change of a record (username, or null when unknown), by id: named in a stale write's refusal. */
  private writers = new Map<number, string | null>();
  /** Told of every insert (`old` absent), replace and removal (`now` absent), after the change; set by the store. */
  onWrite: ((old: AnyRow | undefined, now: AnyRow | undefined) => void) | null = null;

  /** `byId`: `base` by id when already built (see {@link rowsById}), else it is built here. */
  constructor(
    readonly def: AnyEntity,
    base: readonly AnyRow[],
    byId?: Map<number, AnyRow>,
  ) {
    this.base = base;
    this.hidden = def.writeOnlyFields;
    this.reset(base, byId);
  }

  /** Back to the seeded rows (or to new ones, for another seed). */
  reset(base: readonly AnyRow[] = this.base, byId?: Map<number, AnyRow>): void {
    if (!this.dirty && base === this.base) return;
    this.dirty = false;
    this.version++;
    this.base = base;
    if (!byId) for (const _ of rowsById(base, Infinity, (m) => (byId = m)));
    this.rows = byId!;
    let max = 0;
    for (const id of byId!.keys()) if (id > max) max = id;
    this.nextId = max + 1;
    this.views.clear();
    this.indexes.clear();
    this.uniques.clear();
    this.textIndexes.clear();
    this.dropResults();
    // The seeded rows outlive a reset (the seed's tables are shared), so their bytes would too.
    this.json = new WeakMap();
    this.jsonCount = 0;
    this.writers.clear();
  }

  /**
   * What the collection's caches hold now: kept list answers and their rows (at most
   * RESULT_ENTRIES and RESULT_ROWS_KEPT), and rows whose JSON bytes are kept (at most JSON_ROWS_KEPT).
   */
  cacheSizes(): { answers: number; answerRows: number; jsonRows: number } {
    return { answers: this.results.size, answerRows: this.resultRows, jsonRows: this.jsonCount };
  }

  private dropResults(): void {
    this.results.clear();
    this.resultRows = 0;
  }

  /** Keeps a list answer, dropping the least recently used ones beyond the entry and row bounds. */
  private keepResult(key: string, hit: Result): void {
    const old = this.results.get(key);
    if (old) {
      this.results.delete(key);
      this.resultRows -= old.prefix.length;
    }
    while (this.results.size && (this.results.size >= RESULT_ENTRIES || this.resultRows + hit.prefix.length > RESULT_ROWS_KEPT)) {
      const [oldestKey, oldest] = this.results.entries().next().value!;
      this.results.delete(oldestKey);
      this.resultRows -= oldest.prefix.length;
    }
    this.results.set(key, hit);
    this.resultRows += hit.prefix.length;
  }

  /** Who made the last change of record `id` through the store (`noteWriter`), or null when nobody did since the seed. */
  writerOf(id: number): string | null {
    return this.writers.get(id) ?? null;
  }

  /** Records who made the last change of record `id` (the `by` of a stale write's refusal). */
  noteWriter(id: number, by: string | null): void {
    this.dirty = true;
    this.writers.set(id, by);
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
    this.onWrite?.(undefined, stored);
    return stored;
  }

  /** Stores a changed row in place of the one with the same id. */
  replace(row: AnyRow): AnyRow {
    this.dirty = true;
    const stored = Object.freeze({ ...row });
    const old = this.rows.get(stored.id);
    this.rows.set(stored.id, stored);
    this.track(old, stored);
    this.onWrite?.(old, stored);
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
        this.onWrite?.(old, undefined);
      }
    }
    return n;
  }

  /** Keeps the built views and indexes in step with one change (`old` → `now`; either may be absent). */
  private track(old: AnyRow | undefined, now: AnyRow | undefined): void {
    this.version++;
    this.dropResults();
    const id = (now ?? old)!.id;
    for (const t of this.textIndexes.values()) t.touch(id);
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
      for (const r of this.rows.values()) indexRow(index, r, field);
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

  /**
   * Builds, a slice at a time, the indexes a first use would otherwise build inside a request
   * (at scale 10 the first keyword search of `cdkCode` held the event loop for a second):
   * the value index of every `eq`/`has` filter and the text index of every `like` filter and of the
   * keyword. Yields after about every `chunk` rows (Store.prepareInSlices decides how long a slice
   * runs). Each index is built from the rows as they were when it began and kept only if nothing
   * was written or reset meanwhile and no request built it first; otherwise the next first use
   * builds it, as it would without this.
   */
  *prepare(chunk = PREPARE_CHUNK): Generator<void, void, void> {
    for (const [field, kind] of Object.entries(this.def.filters) as [string, FilterKind][]) {
      if (kind === 'eq' || kind === 'has') {
        // `id` is answered from the row map (see conditions); no value index is built for it.
        if (field === 'id' || this.indexes.has(field)) continue;
        const version = this.version;
        const index = new Map<unknown, AnyRow[]>();
        let n = 0;
        // The live map (iterating survives writes; the result is then dropped by the version check).
        for (const r of this.rows.values()) {
          indexRow(index, r, field);
          if (++n % chunk === 0) yield;
        }
        if (this.version === version && !this.indexes.has(field)) this.indexes.set(field, index);
      } else if (kind === 'like') {
        yield* this.prepareText(field, [field], chunk);
      }
    }
    if (this.def.searchable.length) yield* this.prepareText('\u0000', this.def.searchable, chunk);
  }

  private *prepareText(key: string, fields: readonly string[], chunk: number): Generator<void, void, void> {
    if (this.textIndexes.has(key)) return;
    const version = this.version;
    const t = new TextIndex(fields);
    yield* t.filling(this.rows.values(), chunk);
    if (this.version === version && !this.textIndexes.has(key)) this.textIndexes.set(key, t);
  }

  /** A row as the API answers it: write-only fields (passwords, secrets) removed. */
  view(row: AnyRow): AnyRow {
    if (!this.hidden.length) return row;
    const out: AnyRow = { ...row };
    for (const k of this.hidden) delete out[k];
    return out;
  }

  /**
   * The query's filters and keyword as conditions: each a predicate, and where an index can, a
   * source of candidate rows (`eq`/`has` buckets, a `range` slice of a sorted view, the hits of a
   * `like`/keyword text search).
   */
  private conditions(q: ListQuery): Condition[] {
    const out: Condition[] = [];
    for (const [field, kind] of Object.entries(this.def.filters) as [string, FilterKind][]) {
      const v = q[field];
      if (v === undefined || v === null || v === '') continue;
      if (kind === 'eq' && field === 'id') {
        // One record by its id: the row map is the index (no value index of a whole table for it).
        const row = typeof v === 'number' ? this.get(v) : undefined;
        const rows = row ? [row] : [];
        out.push({ pred: (r) => r.id === v, estimate: () => rows.length, source: () => ({ rows, from: 0, to: rows.length, order: 'id' }) });
      } else if (kind === 'eq') {
        // The index matches by value; a non-scalar value can only be compared by identity, as before.
        if (typeof v === 'object' || this.isArrayField(field)) out.push({ pred: (r) => r[field] === v });
        else out.push({ pred: (r) => r[field] === v, estimate: () => this.where(field, v).length, source: () => ({ rows: this.where(field, v), from: 0, to: this.where(field, v).length, order: 'id' }) });
      } else if (kind === 'has') {
        const pred: Predicate = (r) => Array.isArray(r[field]) && (r[field] as unknown[]).includes(v);
        // The value index keys array fields by element: a bucket is exactly the rows holding `v`.
        if (typeof v === 'object' || !this.isArrayField(field)) out.push({ pred });
        else out.push({ pred, estimate: () => this.where(field, v).length, source: () => ({ rows: this.where(field, v), from: 0, to: this.where(field, v).length, order: 'id' }) });
      } else if (kind === 'like') {
        out.push(this.textCondition(field, [field], String(v).toLowerCase()));
      } else if (kind === 'range') {
        const [from, to] = v as [string | number, string | number];
        const pred: Predicate = (r) => {
          const x = r[field] as string | number | undefined | null;
          return x !== undefined && x !== null && x >= from && x <= to;
        };
        let slice: { from: number; to: number } | null = null;
        const bounds = () => (slice ??= this.rangeBounds(field, from, to));
        out.push({ pred, estimate: () => bounds().to - bounds().from, source: () => ({ rows: this.sortedBy(field), ...bounds(), order: field }) });
      }
    }
    const keyword = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    if (keyword && this.def.searchable.length) out.push(this.textCondition('\u0000', this.def.searchable, keyword));
    return out;
  }

  /**
   * A `like` filter (one field) or the keyword (any searchable field): a case-insensitive substring
   * match. As a source it searches the collection's text index (see TextIndex) instead of converting
   * every field of every row; as a predicate (when another source is smaller) it checks the row.
   */
  private textCondition(key: string, fields: readonly string[], needle: string): Condition {
    const pred: Predicate = (r) => {
      for (const f of fields) if (r[f] !== undefined && String(r[f]).toLowerCase().includes(needle)) return true;
      return false;
    };
    if (needle.includes(SEP)) return { pred };
    let hits: AnyRow[] | null = null;
    const search = () => (hits ??= this.textIndex(key, fields).search(needle, this.rows, pred));
    // Its size is only known by searching (one pass over a flat string); a smaller bucket or range is taken first.
    return { pred, costly: true, estimate: () => search().length, source: () => ({ rows: search(), from: 0, to: search().length, order: 'id' }) };
  }

  private textIndex(key: string, fields: readonly string[]): TextIndex {
    let t = this.textIndexes.get(key);
    if (!t) this.textIndexes.set(key, (t = new TextIndex(fields, this.rows.values())));
    return t;
  }

  /** Rows [from, to) of the sorted view of `field` whose value lies in [lo, hi] (missing values never do). */
  private rangeBounds(field: string, lo: string | number, hi: string | number): { from: number; to: number } {
    const rows = this.sortedBy(field);
    const missing = (r: AnyRow) => r[field] === undefined || r[field] === null;
    const first = (past: (r: AnyRow) => boolean) => {
      let a = 0;
      let b = rows.length;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (past(rows[mid])) b = mid;
        else a = mid + 1;
      }
      return a;
    };
    const from = first((r) => missing(r) || (r[field] as string | number) >= lo);
    const to = first((r) => missing(r) || (r[field] as string | number) > hi);
    return { from, to: Math.max(from, to) };
  }

  /** Array fields are indexed by element (for `refs`/`has`), which is not what `eq` means: those stay predicates. */
  private isArrayField(field: string): boolean {
    return (this.def.fields[field] as { type?: unknown } | undefined)?.type === 'array';
  }

  /**
   * The smallest candidate source among the conditions (the one whose predicate it replaces), or
   * null when no condition has one. Text searches cost a pass over their index, so they are only
   * run when no cheap source is already small.
   */
  private pick(conds: Condition[]): { source: Source; pred: Predicate; rest: Predicate[] } | null {
    let best = -1;
    let bestSize = Infinity;
    for (const pass of [false, true]) {
      if (pass && bestSize <= Math.max(64, this.rows.size >>> 6)) break;
      conds.forEach((c, i) => {
        if (!c.estimate || !!c.costly !== pass) return;
        const n = c.estimate();
        if (n < bestSize) [best, bestSize] = [i, n];
      });
    }
    if (best < 0) return null;
    return { source: conds[best].source!(), pred: conds[best].pred, rest: conds.filter((_, i) => i !== best).map((c) => c.pred) };
  }

  /** Rows matching the query's filters and keyword, in id order. */
  filter(q: ListQuery): AnyRow[] {
    const picked = this.pick(this.conditions(q));
    if (!picked) return [...this.rows.values()];
    const { source: s, rest } = picked;
    const out: AnyRow[] = [];
    for (let i = s.from; i < s.to; i++) if (passes(s.rows[i], rest)) out.push(s.rows[i]);
    return s.order === 'id' ? out : out.sort(byId);
  }

  /** Sorts in place by `sortField` (or the entity's default), ties by id in the same direction. */
  sort(rows: AnyRow[], sortField?: string, sortOrder?: 'asc' | 'desc'): AnyRow[] {
    const [field, order] = this.order(sortField, sortOrder);
    // Rows come in ascending id order (seeded, then added), so an id sort needs no comparisons.
    if (field === 'id') return order === 'asc' ? rows : rows.reverse();
    return rows.sort(orderBy(field, order === 'desc'));
  }

  private order(sortField?: string, sortOrder?: 'asc' | 'desc'): [string, 'asc' | 'desc'] {
    return sortField ? [sortField, sortOrder ?? 'asc'] : [this.def.defaultSort[0], sortOrder ?? this.def.defaultSort[1]];
  }

  /**
   * The first `k` rows, in the query's order, of a source that is already in that order in one
   * direction (a sorted view, or id order), walking it and stopping once `k` rows passed `preds`.
   * `desc` walks from the end of the valued rows, then the missing-value rows from their end, so
   * missing values stay last in both directions (as `sort` orders them).
   */
  private walk(rows: readonly AnyRow[], from: number, to: number, field: string, desc: boolean, preds: Predicate[], k: number): AnyRow[];
  private walk(rows: readonly AnyRow[], from: number, to: number, field: string, desc: boolean, preds: Predicate[], k: number, budget: number): AnyRow[] | null;
  private walk(rows: readonly AnyRow[], from: number, to: number, field: string, desc: boolean, preds: Predicate[], k: number, budget = Infinity): AnyRow[] | null {
    const out: AnyRow[] = [];
    let looked = 0;
    if (!desc) {
      for (let i = from; i < to && out.length < k; i++) {
        if (++looked > budget) return null;
        if (passes(rows[i], preds)) out.push(rows[i]);
      }
      return out;
    }
    // First missing-value row (ascending views keep them last); id order has none.
    let firstMissing = to;
    if (field !== 'id') {
      let a = from;
      let b = to;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (rows[mid][field] === undefined || rows[mid][field] === null) b = mid;
        else a = mid + 1;
      }
      firstMissing = a;
    }
    for (let i = firstMissing - 1; i >= from && out.length < k; i--) {
      if (++looked > budget) return null;
      if (passes(rows[i], preds)) out.push(rows[i]);
    }
    for (let i = to - 1; i >= firstMissing && out.length < k; i--) {
      if (++looked > budget) return null;
      if (passes(rows[i], preds)) out.push(rows[i]);
    }
    return out;
  }

  /**
   * The `list` answer (spec §7 paging): `total` counts every match, `list` holds page `pageNum`
   * (from 1) of `pageSize` rows; a page past the end is empty. The cost follows the smallest index
   * source and the page, not the table (see the class comment); the answer for the same filters and
   * sort is kept until the next write, so paging on costs a slice.
   */
  list(q: ListQuery): { list: AnyRow[]; total: number } {
    const { rows, total } = this.page(q);
    return { list: rows.map((r) => this.view(r)), total };
  }

  /** `list` before the view: the stored rows of the page (never to be changed or handed out) and the total. */
  private page(q: ListQuery): { rows: AnyRow[]; total: number } {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const start = (pageNum - 1) * pageSize;
    const [field, order] = this.order(q.sortField, q.sortOrder);
    const desc = order === 'desc';
    const k = start + pageSize;
    const key = this.resultKey(q, field, desc);
    let hit = this.results.get(key);
    if (hit) {
      this.results.delete(key);
      this.results.set(key, hit);
    }
    if (!hit || hit.prefix.length < Math.min(k, hit.total)) {
      hit = this.compute(q, field, desc, k);
      if (hit.prefix.length <= RESULT_PREFIX_MAX) this.keepResult(key, hit);
    }
    if (start >= hit.total || pageSize <= 0) return { rows: [], total: hit.total };
    return { rows: hit.prefix.slice(start, k), total: hit.total };
  }

  /**
   * `list` as the UTF-8 bytes of `{list, total}` between `head` and `tail` (the route's envelope),
   * each row's bytes kept per row object (rows never change; a change is a new object): a page
   * costs copying twenty byte runs into one buffer, not serializing and encoding twenty records on
   * every request (encoding the text on the socket was a third of a list answer's cost).
   * The same bytes as `head + JSON.stringify(list(q)) + tail`.
   */
  listBytes(q: ListQuery, head: Buffer, tail: Buffer): Buffer {
    const { rows, total } = this.page(q);
    const parts: Buffer[] = [head, LIST_OPEN];
    let length = head.length + LIST_OPEN.length;
    for (let i = 0; i < rows.length; i++) {
      // Kept per stored row, of its view: write-only fields are never in the bytes.
      const stored = rows[i];
      let bytes = this.json.get(stored);
      if (bytes === undefined) {
        bytes = unpooledBytes(JSON.stringify(this.view(stored)));
        if (++this.jsonCount > JSON_ROWS_KEPT) [this.json, this.jsonCount] = [new WeakMap(), 1];
        this.json.set(stored, bytes);
      }
      if (i) {
        parts.push(COMMA);
        length++;
      }
      parts.push(bytes);
      length += bytes.length;
    }
    const end = Buffer.from(`],"total":${total}}`);
    parts.push(end, tail);
    return Buffer.concat(parts, length + end.length + tail.length);
  }

  /** The cache key of a query's filters, keyword and order (paging apart). */
  private resultKey(q: ListQuery, field: string, desc: boolean): string {
    let key = `${field}\u0000${desc ? 'd' : 'a'}`;
    for (const f in this.def.filters) {
      const v = q[f];
      if (v !== undefined && v !== null && v !== '') key += `\u0000${f}=${typeof v === 'object' ? JSON.stringify(v) : `${typeof v}:${String(v)}`}`;
    }
    if (typeof q.keyword === 'string' && q.keyword.trim()) key += `\u0000\u0000${q.keyword.trim().toLowerCase()}`;
    return key;
  }

  /** The total and the first `k` matches in order, from the cheapest plan. */
  private compute(q: ListQuery, field: string, desc: boolean, k: number): Result {
    const n = this.rows.size;
    const picked = this.pick(this.conditions(q));
    if (!picked) {
      const view = this.sortedBy(field);
      return { total: n, prefix: this.walk(view, 0, view.length, field, desc, [], k) };
    }
    const { source: s, pred, rest } = picked;
    const inOrder = s.order === field;
    if (!rest.length) {
      const total = s.to - s.from;
      if (inOrder) return { total, prefix: this.walk(s.rows, s.from, s.to, field, desc, [], k) };
      // Walking the whole table's sorted view costs about k·n/total rows when matches are spread
      // evenly; choosing from the source costs its size. Matches bunched at the far end of the order
      // make the walk longer than estimated, so it is capped at the source's size.
      if ((k * n) / Math.max(total, 1) < total / 2) {
        const view = this.sortedBy(field);
        const member = s.order === 'id' ? memberOf(s.rows, s.from, s.to) : pred;
        const prefix = this.walk(view, 0, view.length, field, desc, [member], k, total);
        if (prefix) return { total, prefix };
      }
      return { total, prefix: top(s.rows, s.from, s.to, [], orderBy(field, desc), k) };
    }
    const matched: AnyRow[] = [];
    for (let i = s.from; i < s.to; i++) if (passes(s.rows[i], rest)) matched.push(s.rows[i]);
    if (inOrder) return { total: matched.length, prefix: this.walk(matched, 0, matched.length, field, desc, [], k) };
    return { total: matched.length, prefix: top(matched, 0, matched.length, [], orderBy(field, desc), k) };
  }

  /** `listAll`: every row as `{id, <label>}` in the default order. */
  options(): Record<string, unknown>[] {
    const label = this.def.label;
    const [field, order] = this.order();
    const view = this.sortedBy(field);
    const rows = this.walk(view, 0, view.length, field, order === 'desc', [], view.length);
    return rows.map((r) => ({ id: r.id, [label]: r[label] }));
  }
}
