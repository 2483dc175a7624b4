import { ORDER_PAID_STATUSES } from '../contract/order.js';
import type { EntityName } from '../contract/index.js';
import type { Collection, ListQuery } from './store/collection.js';
import type { AnyRow } from './store/seed.js';
import type { MockStore } from './store/store.js';

/**
 * The `summary` of the lists whose contract declares one (`listSummary`): totals over every row the
 * query's filters and keyword match, whatever the page. Counted once per filter set and kept until
 * the collection is written to, so paging and sorting the same filter cost nothing more.
 */

type Summarize = (rows: readonly AnyRow[]) => Record<string, number>;

const PAID = new Set(ORDER_PAID_STATUSES);

/** The summarizers by entity; an entity without one answers no `summary`. */
const SUMMARIZERS: Partial<Record<EntityName, Summarize>> = {
  // The order list: how many matched, and the money paid by those of them that were paid.
  order: (rows) => {
    let payAmount = 0;
    for (const o of rows) if (PAID.has(o.status as number)) payAmount += o.payAmount as number;
    return { count: rows.length, payAmount };
  },
};

/** Filter sets kept per collection; the oldest is dropped first. */
const KEPT = 32;
/** What is paging and order in a list query, not filter. */
const NOT_FILTERS = new Set(['pageNum', 'pageSize', 'sortField', 'sortOrder']);

const kept = new WeakMap<Collection, { version: number; byFilter: Map<string, Record<string, number>> }>();

/** The query's filters and keyword as a key (paging and order left out; key order does not matter). */
function filterKey(q: ListQuery): string {
  const parts: [string, unknown][] = [];
  for (const k of Object.keys(q).sort()) if (!NOT_FILTERS.has(k) && q[k] !== undefined && q[k] !== null && q[k] !== '') parts.push([k, q[k]]);
  return JSON.stringify(parts);
}

/** Whether an entity's list answers a `summary`. */
export function hasListSummary(name: EntityName): boolean {
  return SUMMARIZERS[name] !== undefined;
}

/**
 * The list `summary` of an entity for a (validated) query, or null when the entity has none.
 * @throws MockError for a query the store refuses (as the list itself would).
 */
export function listSummary(store: MockStore, name: EntityName, q: ListQuery): Record<string, number> | null {
  const summarize = SUMMARIZERS[name];
  if (!summarize) return null;
  const col = store.col(name);
  let entry = kept.get(col);
  if (!entry || entry.version !== col.version) {
    entry = { version: col.version, byFilter: new Map() };
    kept.set(col, entry);
  }
  const key = filterKey(q);
  let out = entry.byFilter.get(key);
  if (!out) {
    out = summarize(col.filter(q));
    if (entry.byFilter.size >= KEPT) entry.byFilter.delete(entry.byFilter.keys().next().value!);
    entry.byFilter.set(key, out);
  }
  return out;
}
