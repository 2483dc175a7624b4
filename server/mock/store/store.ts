import { defaultCacheDir } from '../../config.js';
import { ENTITIES, ENTITY, type AnyEntity, type EntityName, type RefDef } from '../../contract/index.js';
import { Collection } from './collection.js';
import { REF_MS } from './gen.js';
import { generate, generateAsync, type AnyRow, type SeedData } from './seed.js';
import { generatedOnFirstUse, loadSnapshot, saveSnapshot } from './snapshot.js';
import { SEED_STEPS } from './steps.js';
import type { FixtureTables } from './fixtures.js';
import { changedFields, WRITER, type ChangeListener, type StoreChange } from './changes.js';

/** Work per slice of the background index preparation, in ms (a request waits at most about this long for it). */
const PREPARE_SLICE_MS = 4;
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
export function seedData(seed: number, scale: number, cacheDir: string | null = defaultCacheDir(), refMs: number = REF_MS): SeedData {
  const key = `${seed}:${scale}:${refMs}`;
  let data = cache.get(key);
  if (!data) {
    const make = () => generate(seed, scale, SEED_STEPS, refMs);
    data = loadSnapshot(cacheDir, seed, scale, refMs, make) ?? generatedOnFirstUse(cacheDir, seed, scale, refMs, ENTITIES.map((e) => e.name), make);
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
export async function seedDataAsync(seed: number, scale: number, cacheDir: string | null = defaultCacheDir(), refMs: number = REF_MS): Promise<SeedData> {
  const key = `${seed}:${scale}:${refMs}`;
  if (!cache.has(key)) {
    const data = loadSnapshot(cacheDir, seed, scale, refMs, () => generate(seed, scale, SEED_STEPS, refMs)) ?? saveSnapshot(cacheDir, await generateAsync(seed, scale, SEED_STEPS, undefined, undefined, refMs));
    // Another reset may have built it meanwhile; keep the first.
    if (!cache.has(key)) remember(key, data);
  }
  return seedData(seed, scale, cacheDir, refMs);
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
   * @param refMs the data's reference instant, ms since epoch (config `seedDate`): every seeded
   *   time is relative to it; default the pinned MOCK_REF_DATE.
   */
  constructor(
    seed: number,
    readonly scale: number,
    /** FIXTURES_DIR: tables that replace the generated ones of their entities, also after a reset. */
    private readonly fixtures: FixtureTables = {},
    private readonly cacheDir: string | null = defaultCacheDir(),
    readonly refMs: number = REF_MS,
  ) {
    this.data = seedData(seed, scale, cacheDir, refMs);
    this.seed = seed;
    this.buildMs = this.data.buildMs;
  }

  /** The collection of an entity. @throws Error for a name that is not in the contract. */
  col(name: EntityName | string): Collection {
    let c = this.cols.get(name as EntityName);
    if (!c) {
      if (!this.has(name)) throw new Error(`no collection ${name}`);
      c = new Collection(ENTITY[name] as unknown as AnyEntity, this.table(name));
      const entity = name;
      c.onWrite = (old, now) => this.changed(entity, old, now);
      this.cols.set(name, c);
      this.queuePreparation(name as EntityName, c.size);
    }
    return c;
  }

  private listeners = new Set<ChangeListener>();
  private statusOp = 0;

  /**
   * Hears every row written in any collection (server/mock/store/changes.ts); answers the removal.
   * Listeners are called inside the write, after it: they must not throw and must defer their work.
   */
  onChange(fn: ChangeListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Runs `fn` as a status change: its row updates are told as `updateStatus` (Crud.updateStatus). */
  asStatusChange<T>(fn: () => T): T {
    this.statusOp++;
    try {
      return fn();
    } finally {
      this.statusOp--;
    }
  }

  private changed(entity: string, old: AnyRow | undefined, now: AnyRow | undefined): void {
    if (!this.listeners.size) return;
    const row = (now ?? old)!;
    let op: StoreChange['op'];
    let fields: string[] = [];
    if (!old) op = 'add';
    else if (!now) op = 'del';
    else {
      fields = changedFields(old, now);
      if (!fields.length) return;
      op = this.statusOp > 0 ? 'updateStatus' : 'update';
    }
    const change: StoreChange = { entity, id: row.id, op, fields, by: WRITER.getStore() ?? null, at: Date.now() };
    for (const fn of this.listeners) fn(change);
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
    const data = seedData(seed, this.scale, this.cacheDir, this.refMs);
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
  /** Collections in use whose indexes the preparation has still to build, in the order they were first used. */
  private toPrepare: EntityName[] = [];
  /** The preparation's work under way (over `toPrepare`), or null when it has run out. */
  private work: Generator<void, void, void> | null = null;

  /**
   * Builds the indexes of the large collections in use ({@link Collection.prepare}) in the
   * background, in slices of about `sliceMs` ms of work, each run from `setImmediate` so requests
   * are answered between them: a list's next filter or search then finds its index built instead of
   * building it inside the request. Only the tables a request has already read are
   * prepared, each once it is first read: preparing every table read them all in from
   * the snapshot, which at scale 10 filled the heap to ~770 MB within seconds of the first call, and
   * the major GCs over it (150–200 ms pauses, seconds of marking) were the lists' stalls. Tables
   * under `minRows` rows are left to their first use. Every reset starts it over, until stopped.
   * Mock mode starts it at the first API call once the server listens (never for `inject`-only apps
   * such as the tests'). Returns the stop function.
   */
  prepareInSlices(sliceMs = PREPARE_SLICE_MS, minRows = PREPARE_MIN_ROWS): () => void {
    if (this.nextSlice) clearImmediate(this.nextSlice);
    this.nextSlice = null;
    this.prepareWith = { sliceMs, minRows };
    this.toPrepare = [];
    this.work = null;
    for (const [name, c] of this.cols) this.queuePreparation(name, c.size);
    return () => {
      if (this.nextSlice) clearImmediate(this.nextSlice);
      this.nextSlice = null;
      this.prepareWith = null;
      this.toPrepare = [];
      this.work = null;
    };
  }

  /** Queues a collection just put in use for the background preparation, when one runs and it is large enough. */
  private queuePreparation(name: EntityName, rows: number): void {
    if (!this.prepareWith || rows < this.prepareWith.minRows || this.toPrepare.includes(name)) return;
    this.toPrepare.push(name);
    if (!this.nextSlice) this.nextSlice = setImmediate(this.slice);
  }

  /** One slice of the preparation: about `sliceMs` ms of work, then the next slice is scheduled, until the queue is empty. */
  private slice = (): void => {
    this.nextSlice = null;
    if (!this.prepareWith) return;
    const until = performance.now() + this.prepareWith.sliceMs;
    while (performance.now() < until) {
      if (!this.work) {
        const name = this.toPrepare.shift();
        if (name === undefined) return;
        const c = this.cols.get(name);
        if (!c) continue;
        this.work = c.prepare();
      }
      if (this.work.next().done) this.work = null;
    }
    this.nextSlice = setImmediate(this.slice);
  };

  /** Whether a background preparation still has work to do. */
  get preparing(): boolean {
    return this.nextSlice !== null;
  }

  /** After a reset: what was prepared went with the old rows. */
  private restartPreparing(): void {
    if (this.prepareWith) this.prepareInSlices(this.prepareWith.sliceMs, this.prepareWith.minRows);
  }

  /**
   * `reset` without holding the event loop: another seed's tables are built in slices
   * while requests keep being answered from the current data, then swapped in all at once (only
   * re-indexing, so no request sees half of one seed and half of another).
   */
  async resetAsync(seed = this.seed): Promise<void> {
    const data = await seedDataAsync(seed, this.scale, this.cacheDir, this.refMs);
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
