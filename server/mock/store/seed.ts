import { ENTITIES, ENTITY, type EntityMap, type EntityName, type EntityStored } from '../../contract/index.js';
import { seededFaker } from '../faker.js';
import { Gen, REF_MS, withRefMs } from './gen.js';
import { renumberByTime } from './time-order.js';

/**
 * The seeding engine: runs the factories (fixtures/*.factory.ts) in dependency order, each with its
 * own faker seeded from (seed, entity name) so adding an entity never shifts another's data, then
 * the finishing passes that compute derived fields (totals, counters, stock). Ids are 1..n in
 * `createTime` order, as a database hands them out (`time-order.ts`: factories number rows as they
 * make them, then each table is renumbered by time and every reference rewritten). The result is
 * frozen: the store treats seeded rows as immutable and a reset
 * just re-indexes them, which is what makes resetting between tests cheap.
 */

/** A stored record of entity N (with write-only fields such as passwords). */
export type Stored<N extends EntityName> = EntityStored<EntityMap[N]>;
/** What a factory makes: a stored record without its id. */
export type Made<N extends EntityName> = Omit<Stored<N>, 'id'>;
import type { AnyRow } from './row.js';
export type { AnyRow };

/** Read access to the tables generated so far. */
export interface Db {
  all<N extends EntityName>(name: N): Stored<N>[];
  get<N extends EntityName>(name: N, id: number): Stored<N> | undefined;
}

export interface GenCtx {
  g: Gen;
  /** Index of the record being made (0-based) within its factory's run. */
  i: number;
  scale: number;
  db: Db;
}

export interface FactoryDef {
  entity: EntityName;
  build(c: Omit<GenCtx, 'i'>): AnyRow[] | Omit<AnyRow, 'id'>[];
  /** The same work as `build` in slices: yields every CHUNK_ROWS records so a caller may pause (QA reset). */
  chunks?(c: Omit<GenCtx, 'i'>): Generator<void, AnyRow[] | Omit<AnyRow, 'id'>[]>;
}

/** Records made between two points where an incremental build may pause. */
const CHUNK_ROWS = 500;

/** Runs a sliced build to its end at once. */
function runAll<T>(it: Generator<void, T>): T {
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/** Runs a whole generation at once with its reference instant in force (see {@link withRefMs}). */
function runAt<T>(refMs: number, it: Generator<void, T>): T {
  return withRefMs(refMs, () => runAll(it));
}

/**
 * Factories of one entity: `factory('member').count(3000, make, { scaled: true })`,
 * `factory('orderItem').each('order', make)`, `factory('menu').list(make)`. Naming the entity first
 * fixes the record type before `make` is checked, so literal statuses type-check against the contract.
 */
export function factory<N extends EntityName>(entity: N) {
  return {
    /** `count` records (times `scale` when `scaled`, at least one), each from `make`. */
    count(count: number | ((db: Db) => number), make: (c: GenCtx) => Made<N>, opts: { scaled?: boolean } = {}): FactoryDef {
      return {
        entity,
        build(c) {
          return runAll(this.chunks!(c));
        },
        *chunks(c) {
          const base = typeof count === 'function' ? count(c.db) : count;
          const n = opts.scaled && base > 0 ? Math.max(1, Math.round(base * c.scale)) : base;
          const rows: Made<N>[] = new Array(n);
          // One context object for all rows (factories read `i` when called): no allocation per row.
          const ctx: GenCtx = { ...c, i: 0 };
          for (let i = 0; i < n; i++) {
            ctx.i = i;
            rows[i] = make(ctx);
            if (i % CHUNK_ROWS === CHUNK_ROWS - 1) yield;
          }
          return rows as never;
        },
      };
    },
    /** Zero or more records per row of `parent` (items of an order, wallet records of a member). */
    each<P extends EntityName>(parent: P, make: (c: GenCtx, parent: Stored<P>) => Made<N>[] | Made<N> | null): FactoryDef {
      return {
        entity,
        build(c) {
          return runAll(this.chunks!(c));
        },
        *chunks(c) {
          const rows: Made<N>[] = [];
          const ctx: GenCtx = { ...c, i: 0 };
          for (const p of c.db.all(parent)) {
            const made = make(ctx, p);
            ctx.i++;
            if (ctx.i % CHUNK_ROWS === 0) yield;
            if (made === null) continue;
            if (Array.isArray(made)) rows.push(...made);
            else rows.push(made);
          }
          return rows as never;
        },
      };
    },
    /** A fixed list of records (menus from the route table, demo accounts). */
    list(make: (c: GenCtx) => Made<N>[]): FactoryDef {
      return { entity, build: (c) => make({ ...c, i: 0 }) as never };
    },
  };
}

/** A finishing pass: may change any generated row (before the tables are frozen). */
export interface FinishDef {
  name: string;
  run(db: Db, g: Gen): void;
}

export interface SeedData {
  seed: number;
  scale: number;
  /** The reference instant the tables were generated against (ms since epoch): their "now". */
  refMs: number;
  tables: Record<EntityName, readonly AnyRow[]>;
  /** Generation time in ms. */
  buildMs: number;
}

function deepFreeze(row: AnyRow) {
  for (const v of Object.values(row)) if (Array.isArray(v)) Object.freeze(v);
  return Object.freeze(row);
}

/** One step of generation: a factory (makes a table) or a finishing pass (derives fields). */
export type SeedStep = FactoryDef | FinishDef;

/**
 * Generates every table from one seed by running the steps in order. Deterministic: the same seed,
 * scale and reference instant `refMs` (ms since epoch, default the pinned MOCK_REF_DATE) always give
 * the same tables; the clock is not read, every time is relative to `refMs`.
 * @throws Error when the steps skip or repeat an entity of the contract (a programming error).
 */
export function generate(seed: number, scale: number, steps: SeedStep[], refMs: number = REF_MS): SeedData {
  return runAt(refMs, generation(seed, scale, steps, refMs));
}

/**
 * `generate` in slices of at most `sliceMs` of work, pausing between them (`pause`, by default one
 * turn of the event loop) so other requests are answered while a QA reset builds another seed's
 * tables (no request waits more than ~100 ms for it). Same result as `generate`.
 */
export async function generateAsync(seed: number, scale: number, steps: SeedStep[], sliceMs = 20, pause = () => new Promise<void>((r) => setImmediate(r)), refMs: number = REF_MS): Promise<SeedData> {
  const it = generation(seed, scale, steps, refMs);
  let sliceStart = performance.now();
  let paused = 0;
  for (;;) {
    const r = withRefMs(refMs, () => it.next());
    if (r.done) return { ...r.value, buildMs: Math.round((r.value.buildMs - paused) * 10) / 10 };
    if (performance.now() - sliceStart >= sliceMs) {
      const t = performance.now();
      await pause();
      sliceStart = performance.now();
      paused += sliceStart - t;
    }
  }
}

/** The generation itself, yielding wherever it may pause (see CHUNK_ROWS). */
function* generation(seed: number, scale: number, steps: SeedStep[], refMs: number): Generator<void, SeedData> {
  const t0 = performance.now();
  const tables = {} as Record<EntityName, AnyRow[]>;
  const index = new Map<EntityName, Map<number, AnyRow>>();
  const db: Db = {
    all: (name) => {
      const t = tables[name];
      if (!t) throw new Error(`seed steps: ${name} is used before it is generated`);
      return t as never;
    },
    get: (name, id) => {
      let m = index.get(name);
      if (!m) index.set(name, (m = new Map(db.all(name).map((r) => [(r as AnyRow).id, r as AnyRow]))));
      return m.get(id) as never;
    },
  };
  for (const step of steps) {
    yield;
    if ('run' in step) {
      step.run(db, new Gen(seededFaker(seed, `finish:${step.name}`, refMs)));
      continue;
    }
    if (tables[step.entity]) throw new Error(`factory for ${step.entity} is listed twice`);
    if (!ENTITY[step.entity]) throw new Error(`factory for unknown entity ${step.entity}`);
    const g = new Gen(seededFaker(seed, step.entity, refMs));
    const made = step.chunks ? yield* step.chunks({ g, scale, db }) : step.build({ g, scale, db });
    // Ids in generation order; set in place (copying 100 000 rows would double the garbage).
    made.forEach((r, i) => ((r as AnyRow).id = i + 1));
    tables[step.entity] = made as AnyRow[];
  }
  for (const e of ENTITIES) if (!tables[e.name]) throw new Error(`no factory for entity ${e.name}`);
  yield* renumberByTime(tables);
  for (const name of Object.keys(tables) as EntityName[]) {
    const rows = tables[name];
    for (let i = 0; i < rows.length; i++) {
      deepFreeze(rows[i]);
      if (i % (CHUNK_ROWS * 10) === 0) yield;
    }
    Object.freeze(rows);
  }
  return { seed, scale, refMs, tables, buildMs: Math.round((performance.now() - t0) * 10) / 10 };
}
