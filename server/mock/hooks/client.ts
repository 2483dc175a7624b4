import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { defineHooks } from './shared.js';

/** 'a.b.c' compared part by part as numbers: negative when `a` is older than `b`. */
export function compareVersionNames(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A release must be newer than the current one of its platform: its version code above,
 * and its version name not below, those of every released version of the same platform. Checked when
 * a version is added as released and when a draft is released.
 */
function checkNewer(row: AnyRow, rows: Iterable<AnyRow>): void {
  let current: AnyRow | undefined;
  for (const r of rows) {
    if (r.id === row.id || r.platform !== row.platform || r.status !== 1) continue;
    if (!current || (r.versionCode as number) > (current.versionCode as number)) current = r;
  }
  if (!current) return;
  if ((row.versionCode as number) <= (current.versionCode as number)) {
    throw new MockError('versionCode', 'client.versionCode', { code: current.versionCode as number, name: current.versionName as string });
  }
  if (compareVersionNames(row.versionName as string, current.versionName as string) <= 0) {
    throw new MockError('versionName', 'client.versionName', { name: current.versionName as string });
  }
}

/** Client rules: release times, the minimum version, and a release newer than the current one per platform. */
export const clientHooks = defineHooks({
  clientVersion: {
    beforeUpdate(old, patch, h) {
      const next = { ...old, ...patch } as AnyRow;
      if ((next.minVersionCode as number) > (next.versionCode as number)) throw new MockError('minVersionCode', 'client.minVersion', { versionCode: 'versionCode', code: next.versionCode as number });
      if (patch.status === 1 && old.status !== 1) {
        checkNewer(next, h.store.col('clientVersion').values());
        return { ...patch, releaseTime: patch.releaseTime ?? h.now() };
      }
    },
    beforeAdd(row, h) {
      if (row.minVersionCode > row.versionCode) throw new MockError('minVersionCode', 'client.minVersion', { versionCode: 'versionCode', code: row.versionCode });
      if (row.status === 1) checkNewer(row as AnyRow, h.store.col('clientVersion').values());
      return row.status === 1 && !row.releaseTime ? { ...row, releaseTime: h.now() } : row;
    },
  },
});
