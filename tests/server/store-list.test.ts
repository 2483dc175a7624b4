import { describe, expect, test } from 'vitest';
import { ENTITY, type AnyEntity, type FilterKind } from '../../server/contract/index.js';
import { Collection, type ListQuery } from '../../server/mock/store/collection.js';
import { generate, type AnyRow } from '../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';

/**
 * Issue 13: list answers come from value indexes, sorted views, range slices, text indexes and a
 * cache of answers, all kept up to date on write. Over a long run of random writes (enough to make
 * the text indexes rebuild) and random queries of every filter kind, every sort and deep pages, each
 * answer must equal a brute-force filter and sort of every row. Fixed seeds: a failure repeats.
 */

const data = generate(11, 0.1, SEED_STEPS);
const ENTITIES = ['card', 'cdkCode', 'member', 'order', 'game', 'admin', 'walletRecord', 'feedbackAward'] as const;

const missing = (v: unknown) => v === undefined || v === null;

function matches(def: AnyEntity, r: AnyRow, q: ListQuery): boolean {
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

function reference(def: AnyEntity, rows: AnyRow[], q: ListQuery): { list: AnyRow[]; total: number } {
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

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe.each(ENTITIES)('%s: indexes, text search and kept answers equal a brute-force scan', (name) => {
  test('over 400 random writes and queries of every filter kind, sort and depth', () => {
    const def = ENTITY[name] as unknown as AnyEntity;
    const col = new Collection(def, data.tables[name] as readonly AnyRow[]);
    const r = rng(0x5eed + name.length * 131);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    const rows = () => [...col.values()];
    const sample = () => pick(rows());
    const textOf = (v: unknown) => String(v);
    /** A substring of 1 to 5 characters of a value, in random case: like needles and keywords. */
    const needle = (v: unknown) => {
      const t = textOf(v);
      const len = 1 + Math.floor(r() * 5);
      const at = Math.floor(r() * Math.max(1, t.length - len + 1));
      const n = t.slice(at, at + len);
      return r() < 0.5 ? n.toUpperCase() : n;
    };

    const query = (): ListQuery => {
      const q: ListQuery = { pageNum: 1 + Math.floor(r() * (r() < 0.2 ? 60 : 3)), pageSize: pick([1, 7, 20, 50]) };
      for (const [f, kind] of Object.entries(def.filters) as [string, FilterKind][]) {
        if (r() > 0.3) continue;
        const v = sample()[f];
        if (missing(v)) continue;
        if (kind === 'eq') q[f] = v;
        else if (kind === 'like') q[f] = needle(v);
        else if (kind === 'has' && Array.isArray(v) && v.length) q[f] = pick(v);
        else if (kind === 'range') {
          const w = sample()[f];
          if (typeof v === 'string') q[f] = typeof w === 'string' && w < v ? [w, v] : [v, `${v.slice(0, 4)}-12-31 23:59:59`];
          else if (typeof v === 'number') q[f] = typeof w === 'number' && w > v ? [v, w] : [v, v];
        }
      }
      if (r() < 0.35 && def.searchable.length) q.keyword = ` ${needle(sample()[pick(def.searchable)] ?? 'x')} `;
      if (r() < 0.8) q.sortField = pick(def.sortable);
      if (r() < 0.8) q.sortOrder = pick(['asc', 'desc'] as const);
      return q;
    };
    const check = (n: number) => {
      for (let i = 0; i < n; i++) {
        const q = query();
        const want = reference(def, rows(), q);
        expect(col.list(q), JSON.stringify(q)).toEqual(want);
        // The pre-serialized answer the list routes send: the same bytes as serializing it.
        expect(col.listJson(q)).toBe(JSON.stringify(want));
        // The same filters again at another page come from the kept answer.
        const again = { ...q, pageNum: pick([1, 2, (q.pageNum ?? 1) + 1]) };
        expect(col.list(again), JSON.stringify(again)).toEqual(reference(def, rows(), again));
        expect(
          col.filter(q).map((x) => x.id),
          `filter ${JSON.stringify(q)}`,
        ).toEqual(rows().filter((x) => matches(def, x, q)).map((x) => x.id));
      }
    };

    check(40);
    const fields = [...new Set([...def.sortable, ...Object.keys(def.filters), ...def.searchable])].filter((f) => f !== 'id' && !def.writeOnlyFields.includes(f));
    for (let i = 0; i < 400; i++) {
      const row = sample();
      const f = pick(fields);
      const roll = r();
      // Another row's value, a missing one, or a new text holding characters of the old.
      const value = roll < 0.15 && f !== 'createTime' ? undefined : roll < 0.3 && typeof row[f] === 'string' ? `Zq${needle(row[f])}É` : sample()[f];
      col.replace({ ...row, [f]: value });
      if (i % 5 === 0) {
        const { id: _id, ...copy } = sample();
        col.insert(copy);
      }
      if (i % 7 === 0) col.remove([sample().id]);
      if (i % 25 === 0) check(4);
    }
    check(40);
    col.reset();
    check(15);
  });
});
