import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ENTITY, type AnyEntity } from '../../server/contract/index.js';
import { Collection } from '../../server/mock/store/collection.js';
import { REF_MS } from '../../server/mock/store/gen.js';
import { generate, type SeedData } from '../../server/mock/store/seed.js';
import { dataVersion, loadSnapshot, saveSnapshot, snapshotPath } from '../../server/mock/store/snapshot.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';

/**
 * A (seed, scale, reference instant, data version) is generated once and kept as a snapshot under the
 * cache folder; later boots read it table by table. What a boot reads must be exactly what generating
 * gives, another data version's snapshot is never read, and a broken or unwritable cache only costs
 * a generation.
 */

const SEED = 4242;
const SCALE = 0.05;
/** The pinned reference instant the snapshots below are generated against. */
const REF = REF_MS;
const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'store-snapshot-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const generated = generate(SEED, SCALE, SEED_STEPS);
const never = (): SeedData => {
  throw new Error('regenerated although the snapshot is whole');
};

describe('seed snapshots', () => {
  test('a saved snapshot reads back every table identical to the generated one, frozen like it', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    expect(fs.existsSync(path.join(snapshotPath(dir, SEED, SCALE, REF), 'tables.json'))).toBe(true);
    const loaded = loadSnapshot(dir, SEED, SCALE, REF, never)!;
    expect(Object.keys(loaded.tables).sort()).toEqual(Object.keys(generated.tables).sort());
    for (const name of Object.keys(generated.tables) as (keyof SeedData['tables'])[]) {
      expect(loaded.tables[name], name).toEqual(generated.tables[name]);
      expect(Object.isFrozen(loaded.tables[name])).toBe(true);
      if (loaded.tables[name].length) expect(Object.isFrozen(loaded.tables[name][0])).toBe(true);
    }
  });

  test('the snapshot is named by the data version: another version is never read, and saving removes it', () => {
    const dir = tempDir();
    const other = path.join(dir, 'seed', `seed-${SEED}-scale-${SCALE}-at-20261101T0800Z-0000000000000000`);
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'tables.json'), '["member"]');
    expect(snapshotPath(dir, SEED, SCALE, REF)).toContain(dataVersion());
    expect(loadSnapshot(dir, SEED, SCALE, REF, never)).toBeNull();
    saveSnapshot(dir, generated);
    expect(fs.existsSync(other)).toBe(false);
    expect(loadSnapshot(dir, SEED, SCALE, REF, never)).not.toBeNull();
  });

  test('another reference instant is another snapshot: the same seed then gives the same records, every time moved with it', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    const later = REF + 30 * 86_400_000;
    expect(loadSnapshot(dir, SEED, SCALE, later, never)).toBeNull();
    const moved = generate(SEED, SCALE, SEED_STEPS, later);
    saveSnapshot(dir, moved);
    expect(loadSnapshot(dir, SEED, SCALE, later, never)!.tables.order[0]).toEqual(moved.tables.order[0]);
    expect(loadSnapshot(dir, SEED, SCALE, REF, never)!.tables.order[0]).toEqual(generated.tables.order[0]);
    const [a, b] = [generated.tables.member[5], moved.tables.member[5]];
    expect(b.nickname).toBe(a.nickname);
    expect(Date.parse(`${b.createTime as string}+08:00`.replace(' ', 'T')) - Date.parse(`${a.createTime as string}+08:00`.replace(' ', 'T'))).toBe(30 * 86_400_000);
    const newest = (d: SeedData) => d.tables.order.reduce((m, o) => ((o.createTime as string) > m ? (o.createTime as string) : m), '');
    expect(Date.parse(`${newest(moved)}+08:00`.replace(' ', 'T'))).toBeLessThanOrEqual(later);
  });

  test('a table file gone or torn since is generated again; the rest still comes from the snapshot', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    fs.writeFileSync(path.join(snapshotPath(dir, SEED, SCALE, REF), 'member.v8'), 'torn');
    const regenerate = vi.fn(() => generated);
    const loaded = loadSnapshot(dir, SEED, SCALE, REF, regenerate)!;
    expect(loaded.tables.order).toEqual(generated.tables.order);
    expect(regenerate).not.toHaveBeenCalled();
    expect(loaded.tables.member).toEqual(generated.tables.member);
    expect(regenerate).toHaveBeenCalledTimes(1);
  });

  test('a snapshot removed while in use (another process pruned it) is written again and its tables read back from it', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    const regenerate = vi.fn(() => generate(SEED, SCALE, SEED_STEPS));
    const loaded = loadSnapshot(dir, SEED, SCALE, REF, regenerate)!;
    expect(loaded.tables.order).toEqual(generated.tables.order);
    fs.rmSync(snapshotPath(dir, SEED, SCALE, REF), { recursive: true });
    expect(loaded.tables.member).toEqual(generated.tables.member);
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(fs.existsSync(path.join(snapshotPath(dir, SEED, SCALE, REF), 'tables.json'))).toBe(true);
    // The generated tables are not what is served: a later table is the snapshot's copy (frozen, equal).
    const regenerated = regenerate.mock.results[0].value as SeedData;
    expect(loaded.tables.goods).toEqual(generated.tables.goods);
    expect(loaded.tables.goods).not.toBe(regenerated.tables.goods);
    expect(regenerate).toHaveBeenCalledTimes(1);
  });

  test('loading a snapshot marks it used, so the prune of a busy cache keeps it', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    const snap = snapshotPath(dir, SEED, SCALE, REF);
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(snap, old, old);
    loadSnapshot(dir, SEED, SCALE, REF, never);
    expect(fs.statSync(snap).mtimeMs).toBeGreaterThan(old.getTime() + 1000);
  });

  test('a sort order made once is kept beside the table and read by later boots; a bad one is sorted again', () => {
    const dir = tempDir();
    saveSnapshot(dir, generated);
    const def = ENTITY.member as unknown as AnyEntity;
    const sorted = (rows: readonly Record<string, unknown>[]) =>
      [...rows].sort((a, b) => {
        const [x, y] = [a.lastLoginTime as string | undefined, b.lastLoginTime as string | undefined];
        if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
        return x !== y ? (x! < y! ? -1 : 1) : (a.id as number) - (b.id as number);
      });
    const want = sorted(generated.tables.member).map((r) => r.id);
    const file = path.join(snapshotPath(dir, SEED, SCALE, REF), 'member.order-lastLoginTime.i32');

    const first = new Collection(def, loadSnapshot(dir, SEED, SCALE, REF, never)!.tables.member);
    expect(first.sortedBy('lastLoginTime').map((r) => r.id)).toEqual(want);
    expect(fs.statSync(file).size).toBe(4 * generated.tables.member.length);

    const later = new Collection(def, loadSnapshot(dir, SEED, SCALE, REF, never)!.tables.member);
    expect(later.sortedBy('lastLoginTime').map((r) => r.id)).toEqual(want);

    fs.writeFileSync(file, Buffer.alloc(8));
    const torn = new Collection(def, loadSnapshot(dir, SEED, SCALE, REF, never)!.tables.member);
    expect(torn.sortedBy('lastLoginTime').map((r) => r.id)).toEqual(want);
  });

  test('an unwritable cache folder or snapshots turned off never fail: the data is generated and served', () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    expect(saveSnapshot(file, generated)).toBe(generated);
    expect(loadSnapshot(file, SEED, SCALE, REF, never)).toBeNull();
    expect(saveSnapshot(null, generated)).toBe(generated);
    expect(loadSnapshot(null, SEED, SCALE, REF, never)).toBeNull();
  });

  test('CACHE_DIR sets the folder, `off` turns snapshots off, and the default is the project cache', () => {
    expect(loadConfig([], { CACHE_DIR: '/tmp/console-cache' }).cacheDir).toBe(path.resolve('/tmp/console-cache'));
    expect(loadConfig(['--cache-dir', 'off'], {}).cacheDir).toBeNull();
    expect(loadConfig([], {}).cacheDir).toMatch(/node_modules[\\/]\.cache[\\/]game-console$|game-console-cache$/);
  });
});
