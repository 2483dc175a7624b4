import { describe, expect, test } from 'vitest';
import { ENTITY, type AnyEntity, type FilterKind } from '../../server/contract/index.js';
import { Collection, type ListQuery } from '../../server/mock/store/collection.js';
import { generate, type AnyRow } from '../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';
import { reference, rng } from './list-reference.js';

/**
 * The store's list answers come from indexes and sorted views kept up to date on write;
 * they must be exactly what filtering and sorting every row gives. A reference implementation (the
 * store's former one) answers the same random queries, before and after random writes.
 */

const data = generate(7, 0.1, SEED_STEPS);
const ENTITIES = ['member', 'order', 'goods', 'cdkCode', 'gameAccount', 'walletRecord', 'feedback', 'admin'] as const;


describe.each(ENTITIES)('%s list answers equal a full filter and sort', (name) => {
  test('random queries, before and after random writes', () => {
    const def = ENTITY[name] as unknown as AnyEntity;
    const base = data.tables[name] as readonly AnyRow[];
    const col = new Collection(def, base);
    const r = rng(name.length * 7919);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    const sample = () => pick([...col.values()]);

    const query = (): ListQuery => {
      const q: ListQuery = { pageNum: 1 + Math.floor(r() * 3), pageSize: pick([1, 5, 20]) };
      for (const [f, kind] of Object.entries(def.filters) as [string, FilterKind][]) {
        if (r() > 0.35) continue;
        const v = sample()[f];
        if (v === undefined || v === null) continue;
        if (kind === 'eq') q[f] = v;
        else if (kind === 'like') q[f] = String(v).slice(1, 3);
        else if (kind === 'has' && Array.isArray(v) && v.length) q[f] = v[0];
        else if (kind === 'range' && typeof v === 'string') q[f] = [v, v.slice(0, 4) + '-12-31 23:59:59'];
      }
      if (r() < 0.3 && def.searchable.length) q.keyword = String(sample()[pick(def.searchable)] ?? '').slice(0, 2).toUpperCase();
      if (r() < 0.7 && def.sortable.length) q.sortField = pick(def.sortable);
      if (r() < 0.8) q.sortOrder = pick(['asc', 'desc'] as const);
      return q;
    };
    const check = (n: number) => {
      for (let i = 0; i < n; i++) {
        const q = query();
        expect(col.list(q), JSON.stringify(q)).toEqual(reference(def, [...col.values()], q));
      }
    };

    check(60);
    // Writes: changed sort and filter values (some to missing), new rows, removed rows.
    const fields = [...new Set([...def.sortable, ...Object.keys(def.filters)])].filter((f) => f !== 'id');
    for (let i = 0; i < 40; i++) {
      const row = sample();
      const f = pick(fields);
      const other = sample()[f];
      col.replace({ ...row, [f]: r() < 0.2 && f !== 'createTime' ? undefined : other });
      if (i % 4 === 0) {
        const { id: _id, ...copy } = sample();
        col.insert(copy);
      }
      if (i % 5 === 0) col.remove([sample().id]);
      if (i % 10 === 0) check(5);
    }
    check(60);
    col.reset();
    check(20);
  });
});
