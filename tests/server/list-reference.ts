import type { AnyEntity, FilterKind } from '../../server/contract/index.js';
import type { ListQuery } from '../../server/mock/store/collection.js';
import type { AnyRow } from '../../server/mock/store/seed.js';

/**
 * The reference the store's indexed lists are held to: a brute-force filter of every row
 * by every declared filter kind and the keyword, a sort with missing values last and ties by id,
 * and the page, write-only fields dropped. Plus a small deterministic generator, so a failure repeats.
 */

export const missing = (v: unknown) => v === undefined || v === null;

export function matches(def: AnyEntity, r: AnyRow, q: ListQuery): boolean {
  for (const [f, kind] of Object.entries(def.filters) as [string, FilterKind][]) {
    const v = q[f];
    if (v === undefined || v === null || v === '') continue;
    if (kind === 'eq' && r[f] !== v) return false;
    if (kind === 'has' && !(Array.isArray(r[f]) && (r[f] as unknown[]).includes(v))) return false;
    if (kind === 'like' && !(r[f] !== undefined && String(r[f]).toLowerCase().includes(String(v).toLowerCase()))) return false;
    if (kind === 'range') {
      const [from, to] = v as [string, string];
      if (missing(r[f]) || (r[f] as string) < from || (r[f] as string) > to) return false;
    }
  }
  const kw = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
  return !kw || !def.searchable.length || def.searchable.some((f) => r[f] !== undefined && String(r[f]).toLowerCase().includes(kw));
}

export function reference(def: AnyEntity, rows: AnyRow[], q: ListQuery): { list: AnyRow[]; total: number } {
  const out = rows.filter((r) => matches(def, r, q));
  const [field, order] = q.sortField ? [q.sortField, q.sortOrder ?? 'asc'] : [def.defaultSort[0], q.sortOrder ?? def.defaultSort[1]];
  const dir = order === 'desc' ? -1 : 1;
  out.sort((a, b) => {
    const [x, y] = [a[field], b[field]];
    if (missing(x) !== missing(y)) return missing(x) ? 1 : -1;
    if (!missing(x) && x !== y) return ((x as string) < (y as string) ? -1 : 1) * dir;
    return (a.id - b.id) * dir;
  });
  const size = q.pageSize ?? 10;
  const start = ((q.pageNum ?? 1) - 1) * size;
  const view = (row: AnyRow) => Object.fromEntries(Object.entries(row).filter(([k]) => !def.writeOnlyFields.includes(k)));
  return { list: out.slice(start, start + size).map(view) as AnyRow[], total: out.length };
}

/** A small deterministic generator (LCG) in [0, 1). */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
