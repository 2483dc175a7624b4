import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { EntityName } from '../../contract/index.js';
import { keepBaseOrders, type BaseOrders } from './collection.js';
import type { AnyRow, SeedData } from './seed.js';

/**
 * Seed snapshots: generating ~100,000 records takes seconds and leaves
 * a large heap behind, so the tables of a (seed, scale, data version) are generated once and written
 * to `<cache dir>/seed/` (setting `CACHE_DIR`, default `node_modules/.cache/game-console`, see
 * config.ts) in V8's serialization format, one file per entity; later boots read each table back
 * when it is first used. The data version is a hash of what decides the data: the factories (fixtures/), the
 * mock and contract sources and faker's version; in a deployment without sources (the Docker
 * image), the running server bundle itself. A changed factory therefore regenerates.
 * Failures to read or write (read-only disk, a torn file) only cost the generation: never an error.
 * A null cache dir (`CACHE_DIR=off`) or `MOCK_SEED_CACHE=off` turns snapshots off.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The nearest folder above this module holding package.json (the project, or /app in Docker). */
function projectRoot(): string {
  for (let dir = HERE; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|json)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

let version: string | null = null;

/** How many snapshots `<cache dir>/seed/` keeps (about 25 MB each at scale 1). */
const KEEP_SNAPSHOTS = 6;

/** Hash of the sources that decide the seeded data (see the module comment). */
export function dataVersion(): string {
  if (version) return version;
  const root = projectRoot();
  const hash = createHash('sha256');
  const sources = [...filesUnder(path.join(root, 'fixtures')), ...filesUnder(path.join(root, 'server', 'contract')), ...filesUnder(path.join(root, 'server', 'mock'))];
  // Without the mock's sources this module runs from a bundle: the bundle holds every factory.
  if (!sources.some((f) => f.includes(`${path.sep}server${path.sep}mock${path.sep}`))) sources.push(fileURLToPath(import.meta.url));
  for (const f of sources) hash.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  try {
    hash.update(fs.readFileSync(path.join(root, 'node_modules', '@faker-js', 'faker', 'package.json')));
  } catch {
    /* faker resolved elsewhere: its version then only shows through the bundle */
  }
  return (version = hash.digest('hex').slice(0, 16));
}

/** Writes the snapshot of (seed, scale, refMs) in another process and answers whether it did; null: none (see {@link writeSnapshotsWith}). */
let writeInChild: ((cacheDir: string, seed: number, scale: number, refMs: number) => boolean) | null = null;

/**
 * Lets a snapshot that does not exist yet be generated and written by `write` (the server's entry
 * runs itself as a child for it, see server/main.ts) instead of in this process; when `write`
 * answers false or the snapshot still cannot be read, the seed is generated here as before.
 */
export function writeSnapshotsWith(write: ((cacheDir: string, seed: number, scale: number, refMs: number) => boolean) | null): void {
  writeInChild = write;
}

function enabled(cacheDir: string | null): cacheDir is string {
  return cacheDir !== null && process.env.MOCK_SEED_CACHE !== 'off';
}

/** The name part of a snapshot folder for (seed, scale, refMs): the reference instant in compact UTC (`20261101T0800Z`). */
function snapshotPrefix(seed: number, scale: number, refMs: number): string {
  const at = new Date(refMs).toISOString().replace(/[-:]/g, '').replace(/\d\d\.\d{3}Z$/, 'Z');
  return `seed-${seed}-scale-${scale}-at-${at}-`;
}

/** The folder holding the snapshot of (seed, scale, reference instant) for the current data version: one file per entity. */
export function snapshotPath(cacheDir: string, seed: number, scale: number, refMs: number): string {
  return path.join(cacheDir, 'seed', `${snapshotPrefix(seed, scale, refMs)}${dataVersion()}`);
}

/**
 * The sorted orders of one snapshot table, kept beside it as `<entity>.order-<field>.i32` (row
 * positions, 4 bytes each), written the first time a process sorts that field.
 */
function ordersIn(dir: string, name: string): BaseOrders {
  const file = (field: string) => path.join(dir, `${name}.order-${field}.i32`);
  return {
    read(field) {
      try {
        const buf = fs.readFileSync(file(field));
        // A copy: the file's bytes may not start on a 4-byte boundary of their buffer.
        return buf.length % 4 ? null : new Int32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
      } catch {
        return null;
      }
    },
    write(field, order) {
      const tmp = `${file(field)}.${process.pid}.tmp`;
      try {
        if (!fs.existsSync(dir)) return;
        fs.writeFileSync(tmp, Buffer.from(order.buffer, order.byteOffset, order.byteLength));
        fs.renameSync(tmp, file(field));
      } catch {
        fs.rmSync(tmp, { force: true });
      }
    },
  };
}

function freeze(rows: AnyRow[]): AnyRow[] {
  for (const r of rows) {
    for (const k in r) if (Array.isArray(r[k])) Object.freeze(r[k]);
    Object.freeze(r);
  }
  return Object.freeze(rows) as AnyRow[];
}

/**
 * The snapshot's tables, each read (and frozen like generated ones) the first time it is used:
 * a boot touches only the few tables sign-in needs, and a large table costs its load once, on the
 * first request that reads it. Null when there is no snapshot for this data version.
 * @param regenerate the fallback when a table file has gone since (another data version's cleanup).
 */
export function loadSnapshot(cacheDir: string | null, seed: number, scale: number, refMs: number, regenerate: () => SeedData): SeedData | null {
  if (!enabled(cacheDir)) return null;
  let dir: string;
  try {
    dir = snapshotPath(cacheDir, seed, scale, refMs);
    if (!fs.existsSync(path.join(dir, 'tables.json'))) return null;
  } catch {
    return null;
  }
  const names = JSON.parse(fs.readFileSync(path.join(dir, 'tables.json'), 'utf8')) as EntityName[];
  try {
    // In use: the prune of a busy cache (tests trying many seeds) keeps the most recently used few.
    const now = new Date();
    fs.utimesSync(dir, now, now);
  } catch {
    /* a read-only cache: nothing prunes it either */
  }
  const data: SeedData = { seed, scale, refMs, tables: {} as Record<EntityName, readonly AnyRow[]>, buildMs: 0 };
  let again: SeedData | null = null;
  /**
   * A table whose file has gone since boot (pruned by another process): the seed is generated once
   * more (by the child of {@link writeSnapshotsWith} when there is one) and written back, and its
   * tables are read from the new snapshot like the others — not the whole generated dataset held
   * for good (+110 MB RSS and a 3 s stall when it happened under the memory bench).
   */
  const regenerated = (name: EntityName): readonly AnyRow[] => {
    // A torn file in a snapshot still there is not rewritten (saveSnapshot keeps an existing one): held as generated.
    const gone = !fs.existsSync(path.join(dir, 'tables.json'));
    if (!again && gone && writeInChild?.(cacheDir, seed, scale, refMs)) again = loadSnapshot(cacheDir, seed, scale, refMs, regenerate);
    if (!again) {
      const full = regenerate();
      if (gone) saveSnapshot(cacheDir, full);
      again = (gone ? loadSnapshot(cacheDir, seed, scale, refMs, regenerate) : null) ?? full;
    }
    return again.tables[name];
  };
  for (const name of names) {
    Object.defineProperty(data.tables, name, {
      enumerable: true,
      configurable: true,
      get() {
        const t0 = performance.now();
        let rows: readonly AnyRow[];
        try {
          rows = freeze(v8.deserialize(fs.readFileSync(path.join(dir, `${name}.v8`))) as AnyRow[]);
          keepBaseOrders(rows, ordersIn(dir, name));
        } catch {
          rows = regenerated(name);
        }
        data.buildMs = Math.round((data.buildMs + performance.now() - t0) * 10) / 10;
        Object.defineProperty(data.tables, name, { value: rows, enumerable: true, configurable: false, writable: false });
        return rows;
      },
    });
  }
  return data;
}

/**
 * Writes the snapshot (one V8-serialized file per entity, in a temp folder renamed into place, so a
 * reader never sees half of one) and hands `data` back; a failure is ignored.
 */
export function saveSnapshot(cacheDir: string | null, data: SeedData): SeedData {
  if (!enabled(cacheDir)) return data;
  let tmp: string | null = null;
  try {
    const dir = snapshotPath(cacheDir, data.seed, data.scale, data.refMs);
    const parent = path.dirname(dir);
    fs.mkdirSync(parent, { recursive: true });
    // Older data versions of the same seed, scale and instant are dead weight (a snapshot at scale
    // 10 is ~250 MB); other instants are pruned with the least recently used below.
    const prefix = snapshotPrefix(data.seed, data.scale, data.refMs);
    for (const f of fs.readdirSync(parent)) if (f.startsWith(prefix) && f !== path.basename(dir) && !f.includes('.tmp')) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
    if (fs.existsSync(dir)) return data;
    tmp = `${dir}.${process.pid}.tmp`;
    fs.mkdirSync(tmp, { recursive: true });
    const names = Object.keys(data.tables) as EntityName[];
    for (const name of names) fs.writeFileSync(path.join(tmp, `${name}.v8`), v8.serialize(data.tables[name]));
    fs.writeFileSync(path.join(tmp, 'tables.json'), JSON.stringify(names));
    fs.renameSync(tmp, dir);
    tmp = null;
    for (const name of names) keepBaseOrders(data.tables[name], ordersIn(dir, name));
    // Tests and QA resets try many seeds: keep the most recently written few.
    const kept = fs
      .readdirSync(parent)
      .filter((f) => f.startsWith('seed-') && !f.includes('.tmp'))
      .map((f) => ({ f, t: fs.statSync(path.join(parent, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const { f } of kept.slice(KEEP_SNAPSHOTS)) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
  } catch {
    /* a read-only disk, or another process wrote it first: the next boot reads or generates again */
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
  return data;
}

/**
 * Tables generated (and snapshotted) on first use rather than at boot: with no snapshot yet, the
 * server still answers `/healthz` at once and the first request that reads data pays the generation.
 */
export function generatedOnFirstUse(cacheDir: string | null, seed: number, scale: number, refMs: number, names: readonly EntityName[], make: () => SeedData): SeedData {
  const data: SeedData = { seed, scale, refMs, tables: {} as Record<EntityName, readonly AnyRow[]>, buildMs: 0 };
  const fill = () => {
    const t0 = performance.now();
    // Written by a child process when the server's entry allows it: the generation's heap and
    // buffers (~250 MB at scale 1, which this process would keep as RSS) leave with the child.
    let lazy = enabled(cacheDir) && writeInChild?.(cacheDir, seed, scale, refMs) ? loadSnapshot(cacheDir, seed, scale, refMs, make) : null;
    let full: SeedData | null = null;
    if (lazy) data.buildMs = Math.round(performance.now() - t0);
    else {
      full = saveSnapshot(cacheDir, make());
      data.buildMs = full.buildMs;
      // Once written, the tables are read back from the snapshot as they are used, like a later
      // boot's: the generated tables all held at once would be the whole dataset on the
      // heap (~770 MB at scale 10), marked by every major GC, for the few tables a session lists.
      lazy = loadSnapshot(cacheDir, seed, scale, refMs, make);
    }
    for (const n of names) {
      const value = lazy ? undefined : full!.tables[n];
      if (value) Object.defineProperty(data.tables, n, { value, enumerable: true, configurable: false, writable: false });
      else
        Object.defineProperty(data.tables, n, {
          enumerable: true,
          configurable: true,
          get() {
            const rows = lazy!.tables[n];
            Object.defineProperty(data.tables, n, { value: rows, enumerable: true, configurable: false, writable: false });
            return rows;
          },
        });
    }
  };
  for (const name of names) {
    Object.defineProperty(data.tables, name, {
      enumerable: true,
      configurable: true,
      get() {
        fill();
        return data.tables[name];
      },
    });
  }
  return data;
}
