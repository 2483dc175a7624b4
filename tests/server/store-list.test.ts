import { describe, expect, test } from 'vitest';
import { ENTITY, type AnyEntity, type FilterKind } from '../../server/contract/index.js';
import { Collection, type ListQuery } from '../../server/mock/store/collection.js';
import { generate, type AnyRow } from '../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';
import { MockStore } from '../../server/mock/store/store.js';
import { makeApp } from './helpers.js';
import { matches, missing, reference, rng } from './list-reference.js';

/**
 * List answers come from value indexes, sorted views, range slices, text indexes and a
 * cache of answers, all kept up to date on write. Over a long run of random writes (enough to make
 * the text indexes rebuild) and random queries of every filter kind, every sort and deep pages, each
 * answer must equal a brute-force filter and sort of every row. Fixed seeds: a failure repeats.
 */

const data = generate(11, 0.1, SEED_STEPS);
const ENTITIES = ['card', 'cdkCode', 'member', 'order', 'game', 'admin', 'walletRecord', 'feedbackAward'] as const;


describe.each(ENTITIES)('%s: indexes, text search and kept answers equal a brute-force scan', (name) => {
  /**
   * `prepareSteps`: the indexes are also prepared in the background (Collection.prepare, small
   * chunks) this many steps between writes, started over after each reset, as the store does.
   */
  const run = (prepareSteps: number) => {
    const def = ENTITY[name] as unknown as AnyEntity;
    const col = new Collection(def, data.tables[name] as readonly AnyRow[]);
    let preparing = col.prepare(37);
    const prepare = () => {
      for (let s = 0; s < prepareSteps; s++) preparing.next();
    };
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
        expect(col.listBytes(q, Buffer.alloc(0), Buffer.alloc(0)).toString()).toBe(JSON.stringify(want));
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
      prepare();
      if (prepareSteps && i % 100 === 50) {
        // Part prepared, then everything new: what was being built must not survive the reset.
        col.reset();
        for (const _ of preparing);
        preparing = col.prepare(37);
        check(4);
      }
    }
    check(40);
    col.reset();
    preparing = col.prepare(37);
    prepare();
    check(15);
    for (const _ of preparing);
    check(15);
  };

  test('over 400 random writes and queries of every filter kind, sort and depth', () => run(0));
  test('the same with the indexes prepared in the background between the writes', () => run(3));
});

test('the store prepares the list indexes in the background, again after a reset, until stopped', async () => {
  const store = new MockStore(11, 0.1, {}, null);
  const settled = async () => {
    while (store.preparing) await new Promise((r) => setImmediate(r));
  };
  // Every table in use, however small (the server prepares only the large ones); a table is
  // prepared once a request reads it, so one is read first.
  const order = store.col('order');
  const stop = store.prepareInSlices(1, 0);
  expect(store.preparing).toBe(true);
  await settled();
  const q: ListQuery = { pageNum: 1, pageSize: 20, keyword: '1', sortField: 'createTime', sortOrder: 'desc' };
  expect(order.list(q)).toEqual(reference(ENTITY.order as unknown as AnyEntity, [...order.values()], q));
  // A write, then a reset: the preparation starts over on the new rows.
  const { id: _id, ...copy } = [...order.values()][0];
  order.insert({ ...copy, orderNo: 'ZZ-PREPARED-1' });
  store.reset();
  expect(store.preparing).toBe(true);
  await settled();
  expect(order.list({ pageNum: 1, pageSize: 5, keyword: 'zz-prepared' }).total).toBe(0);
  expect(order.list(q)).toEqual(reference(ENTITY.order as unknown as AnyEntity, [...order.values()], q));
  stop();
  store.reset();
  expect(store.preparing).toBe(false);
});

test('a listening mock server starts the preparation at its first API call, once; an inject-only app never does', async () => {
  /** Counts the store's preparation starts. */
  const starts = (a: unknown) => {
    const store = (a as { __mockCtx: { store: MockStore } }).__mockCtx.store;
    const counted = { n: 0 };
    const start = store.prepareInSlices.bind(store);
    store.prepareInSlices = (...args) => {
      counted.n++;
      return start(...args);
    };
    return counted;
  };
  const { app: injected } = await makeApp({ SCALE: '0.1' });
  const { app: served } = await makeApp({ SCALE: '0.1' });
  const [injectedStarts, servedStarts] = [starts(injected), starts(served)];
  try {
    await injected.inject({ method: 'GET', url: '/v1/captcha/token' });
    expect(injectedStarts.n).toBe(0);
    await served.listen({ port: 0, host: '127.0.0.1' });
    expect(servedStarts.n).toBe(0);
    await served.inject({ method: 'GET', url: '/v1/captcha/token' });
    await served.inject({ method: 'GET', url: '/v1/captcha/token' });
    expect(servedStarts.n).toBe(1);
  } finally {
    await injected.close();
    await served.close();
  }
  expect((served as unknown as { __mockCtx: { store: MockStore } }).__mockCtx.store.preparing).toBe(false);
});

test('the preparation reads no table a request has not read (at scale 10 it filled the heap)', async () => {
  const store = new MockStore(11, 0.1, {}, null);
  const inUse = () => [...(store as unknown as { cols: Map<string, unknown> }).cols.keys()];
  store.col('member');
  const stop = store.prepareInSlices(1, 0);
  while (store.preparing) await new Promise((r) => setImmediate(r));
  expect(inUse()).toEqual(['member']);
  // A table read later is prepared then.
  store.col('order');
  expect(store.preparing).toBe(true);
  while (store.preparing) await new Promise((r) => setImmediate(r));
  expect(inUse()).toEqual(['member', 'order']);
  stop();
});
