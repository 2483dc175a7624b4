import { defaultCacheDir } from '../../config.js';
import { ENTITIES, ENTITY, type AnyEntity, type EntityName, type RefDef } from '../../contract/index.js';
import { Collection, rowsById } from './collection.js';
import { generate, generateAsync, type AnyRow, type SeedData } from './seed.js';
import { generatedOnFirstUse, loadSnapshot, saveSnapshot } from './snapshot.js';
import { SEED_STEPS } from './steps.js';
import type { FixtureTables } from './fixtures.js';

/** Work per slice of the background index preparation, in ms (a request waits at most about this long for it). */
const PREPARE_SLICE_MS = 4;
/** Rows put in a collection's map between two pauses of the background preparation. */
const PREPARE_ROWS = 20_000;
/**
 * Tables smaller than this are not prepared in the background (at scale 1 that leaves card and
 * cdkCode): their first use costs a few ms, and indexes of tables nobody lists would only take memory.
 */
const PREPARE_MIN_ROWS = 10_000;

/**
 * The mock's database: one Collection per contract entity, filled from one seed. Seeded tables are
 * generated once per (seed, scale) in this process and shared (they are frozen), so building a
 * second app, or resetting, costs only the indexing.
 */

const cache = new Map<string, SeedData>();
/** Kept datasets may sum to this scale (scale 1 ≈ 100 000 records, ~100 MB): two seeds at scale 1, one above. */
const CACHE_SCALE_BUDGET = 2;

/** Caches a generated dataset, dropping the oldest beyond the budget. */
function remember(key: string, data: SeedData): void {
  let total = data.scale;
  for (const d of cache.values()) total += d.scale;
  for (const [k, d] of cache) {
    if (total <= Math.max(CACHE_SCALE_BUDGET, data.scale)) break;
    cache.delete(k);
    total -= d.scale;
  }
  cache.set(key, data);
}

/**
 * The seeded tables for a seed and scale: from this process's cache, else from the snapshot a
 * previous boot wrote under `cacheDir` (see snapshot.ts; null: none), else generated (see
 * fixtures/*.factory.ts) when a table is first read and snapshotted for the next boot. Either way a
 * table costs nothing until it is used. The oldest dataset is dropped beyond the budget.
 */
export function seedData(seed: number, scale: number, cacheDir: string | null = defaultCacheDir()): SeedData {
  const key = `${seed}:${scale}`;
  let data = cache.get(key);
  if (!data) {
    const make = () => generate(seed, scale, SEED_STEPS);
    data = loadSnapshot(cacheDir, seed, scale, make) ?? generatedOnFirstUse(cacheDir, seed, scale, ENTITIES.map((e) => e.name), make);
    remember(key, data);
  } else {
    // Most recently used last, so eviction drops the dataset used longest ago.
    cache.delete(key);
    cache.set(key, data);
  }
  return data;
}

/**
 * `seedData` without holding the event loop: a seed not yet generated is built in slices
 * (generateAsync), then cached the same way.
 */
export async function seedDataAsync(seed: number, scale: number, cacheDir: string | null = defaultCacheDir()): Promise<SeedData> {
  if (!cache.has(`${seed}:${scale}`)) {
    const data = loadSnapshot(cacheDir, seed, scale, () => generate(seed, scale, SEED_STEPS)) ?? saveSnapshot(cacheDir, await generateAsync(seed, scale, SEED_STEPS));
    // Another reset may have built it meanwhile; keep the first.
    if (!cache.has(`${seed}:${scale}`)) remember(`${seed}:${scale}`, data);
  }
  return seedData(seed, scale, cacheDir);
}

/** Who refers to an entity: the referring entity, its field and what deleting the target does. */
export interface Referrer extends RefDef {
  from: EntityName;
}

const REFERRERS = new Map<string, Referrer[]>();
for (const e of ENTITIES) {
  for (const r of (e as AnyEntity).refs) {
    const list = REFERRERS.get(r.entity) ?? [];
    list.push({ ...r, from: e.name });
    REFERRERS.set(r.entity, list);
  }
}

/** References to `entity` from other entities' fields (for delete rules). */
export function referrersOf(entity: string): Referrer[] {
  return REFERRERS.get(entity) ?? [];
}

export class MockStore {
  /** Collections are made on first use, so a boot from a snapshot reads only the tables it touches. */
  private cols = new Map<EntityName, Collection>();
  private data: SeedData;
  seed: number;
  /** How long generating this seed's tables took, in ms (0 when they came from the cache is not reported: the first build's time stays). */
  buildMs: number;

  /**
   * @param cacheDir where seed snapshots are kept (config `cacheDir`); null keeps none.
   */
  constructor(
    seed: number,
    readonly scale: number,
    /** FIXTURES_DIR: tables that replace the generated ones of their entities, also after a reset. */
    private readonly fixtures: FixtureTables = {},
    private readonly cacheDir: string | null = defaultCacheDir(),
  ) {
    this.data = seedData(seed, scale, cacheDir);
    this.seed = seed;
    this.buildMs = this.data.buildMs;
  }

  /** The collection of an entity. @throws Error for a name that is not in the contract. */
  col(name: EntityName | string): Collection {
    let c = this.cols.get(name as EntityName);
    if (!c) {
      if (!this.has(name)) throw new Error(`no collection ${name}`);
      c = new Collection(ENTITY[name] as unknown as AnyEntity, this.table(name));
      this.cols.set(name, c);
    }
    return c;
  }

  /** The seeded rows of an entity: its fixture when FIXTURES_DIR has one, else the generated table. */
  private table(name: EntityName): readonly AnyRow[] {
    return this.fixtures[name] ?? this.data.tables[name];
  }

  get<R = AnyRow>(name: EntityName, id: number): R | undefined {
    return this.col(name).get(id) as R | undefined;
  }

  /** Restores the seeded data, from another seed when one is given. */
  reset(seed = this.seed): void {
    const data = seedData(seed, this.scale, this.cacheDir);
    this.data = data;
    this.seed = seed;
    this.buildMs = data.buildMs;
    for (const [name, c] of this.cols) c.reset(this.table(name));
    this.restartPreparing();
  }

  /** The background preparation's settings once started (see prepareInSlices), until stopped. */
  private prepareWith: { sliceMs: number; minRows: number } | null = null;
  /** The next slice of the preparation under way; null when none is. */
  private nextSlice: NodeJS.Immediate | null = null;

  /**
   * Builds the large collections' indexes in the background ({@link Collection.prepare}), in slices of
   * about `sliceMs` ms of work, each run from `setImmediate` so requests are answered between them:
   * a list's first filter or search then finds its index built instead of building it inside the
   * request (issue 13). Tables under `minRows` rows are left to their first use. Every reset starts
   * it over, until stopped. Mock mode starts it at the first API call once the server listens (never
   * for `inject`-only apps such as the tests'). Returns the stop function.
   */
  prepareInSlices(sliceMs = PREPARE_SLICE_MS, minRows = PREPARE_MIN_ROWS): () => void {
    if (this.nextSlice) clearImmediate(this.nextSlice);
    this.prepareWith = { sliceMs, minRows };
    const work = (function* (store: MockStore) {
      for (const e of ENTITIES) {
        const base = store.table(e.name);
        if (base.length < minRows) continue;
        if (!store.cols.has(e.name)) {
          // Created here in slices unless a request needs it first (then col() builds it at once).
          let byId: Map<number, AnyRow> | undefined;
          yield* rowsById(base, PREPARE_ROWS, (m) => (byId = m));
          if (!store.cols.has(e.name) && store.table(e.name) === base) store.cols.set(e.name, new Collection(ENTITY[e.name] as unknown as AnyEntity, base, byId));
        }
        yield* store.col(e.name).prepare();
      }
    })(this);
    const slice = () => {
      const until = performance.now() + sliceMs;
      while (performance.now() < until) {
        if (work.next().done) {
          this.nextSlice = null;
          return;
        }
      }
      this.nextSlice = setImmediate(slice);
    };
    this.nextSlice = setImmediate(slice);
    return () => {
      if (this.nextSlice) clearImmediate(this.nextSlice);
      this.nextSlice = null;
      this.prepareWith = null;
    };
  }

  /** Whether a background preparation still has work to do. */
  get preparing(): boolean {
    return this.nextSlice !== null;
  }

  /** After a reset: what was prepared went with the old rows. */
  private restartPreparing(): void {
    if (this.prepareWith) this.prepareInSlices(this.prepareWith.sliceMs, this.prepareWith.minRows);
  }

  /**
   * `reset` without holding the event loop (issue 12): another seed's tables are built in slices
   * while requests keep being answered from the current data, then swapped in all at once (only
   * re-indexing, so no request sees half of one seed and half of another).
   */
  async resetAsync(seed = this.seed): Promise<void> {
    const data = await seedDataAsync(seed, this.scale, this.cacheDir);
    this.data = data;
    this.seed = seed;
    this.buildMs = data.buildMs;
    for (const [name, c] of this.cols) c.reset(this.table(name));
    this.restartPreparing();
  }

  /** Record count per entity. */
  counts(): Record<string, number> {
    return Object.fromEntries(ENTITIES.map((e) => [e.name, this.col(e.name).size]));
  }

  has(name: string): name is EntityName {
    return name in ENTITY;
  }
}
