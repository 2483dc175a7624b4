import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { EntityName } from '../../contract/index.js';
import type { AnyRow, SeedData } from './seed.js';

/**
 * Seed snapshots (issue 13, "boot and memory"): generating ~100,000 records takes seconds and leaves
 * a large heap behind, so the tables of a (seed, scale, data version) are generated once and written
 * to `<project>/.cache/seed/` in V8's serialization format; later boots read them back in a fraction
 * of the time. The data version is a hash of what decides the data: the factories (fixtures/), the
 * mock and contract sources and faker's version; in a deployment without sources (the Docker
 * image), the running server bundle itself. A changed factory therefore regenerates.
 * Failures to read or write (read-only disk, a torn file) only cost the generation: never an error.
 * `MOCK_SEED_CACHE=off` turns snapshots off (tests of the generator itself).
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

function enabled(): boolean {
  return process.env.MOCK_SEED_CACHE !== 'off';
}

/** Where the snapshot of (seed, scale) lives for the current data version. */
export function snapshotPath(seed: number, scale: number): string {
  return path.join(projectRoot(), '.cache', 'seed', `seed-${seed}-scale-${scale}-${dataVersion()}.v8`);
}

function freeze(tables: Record<string, AnyRow[]>) {
  for (const rows of Object.values(tables)) {
    for (const r of rows) {
      for (const k in r) if (Array.isArray(r[k])) Object.freeze(r[k]);
      Object.freeze(r);
    }
    Object.freeze(rows);
  }
}

/** The snapshot's tables, frozen like generated ones, or null (none yet, unreadable, another version). */
export function loadSnapshot(seed: number, scale: number): SeedData | null {
  if (!enabled()) return null;
  const t0 = performance.now();
  let file: string;
  try {
    file = snapshotPath(seed, scale);
    if (!fs.existsSync(file)) return null;
    const parsed = v8.deserialize(fs.readFileSync(file)) as { seed: number; scale: number; tables: Record<EntityName, AnyRow[]> };
    if (parsed.seed !== seed || parsed.scale !== scale) return null;
    freeze(parsed.tables);
    return { seed, scale, tables: parsed.tables, buildMs: Math.round((performance.now() - t0) * 10) / 10 };
  } catch {
    return null;
  }
}

/** Writes the snapshot (atomically: a temp file renamed) and hands `data` back; a failure is ignored. */
export function saveSnapshot(data: SeedData): SeedData {
  if (!enabled()) return data;
  try {
    const file = snapshotPath(data.seed, data.scale);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Older versions of the same seed and scale are dead weight (a snapshot at scale 10 is ~100 MB).
    const prefix = `seed-${data.seed}-scale-${data.scale}-`;
    for (const f of fs.readdirSync(path.dirname(file))) if (f.startsWith(prefix) && f !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), f), { force: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, v8.serialize({ seed: data.seed, scale: data.scale, tables: data.tables }));
    fs.renameSync(tmp, file);
  } catch {
    /* a read-only disk: the next boot generates again */
  }
  return data;
}
