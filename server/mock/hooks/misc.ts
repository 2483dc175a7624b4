import { parseTime } from '../store/gen.js';
import type { AnyRow } from '../store/seed.js';
import { chain, defineHooks, period, snapshot } from './shared.js';

/** Rules of the smaller areas: periods that must not end before they start, snapshots, use-record durations. */
export const miscHooks = defineHooks({
  advert: period(),
  reward: period(),
  product: period(),
  match: period(),
  costConfig: period('effectiveTime', 'expireTime'),
  accountUseRecord: chain(
    period(),
    snapshot('accountId', 'gameAccount', 'account', 'account'),
    snapshot('accountId', 'gameAccount', 'gameId', 'gameId'),
    {
      beforeAdd: (row) => ({ ...row, durationMinutes: minutes(row as AnyRow) }),
      beforeUpdate: (old, patch) => (patch.endTime !== undefined || patch.startTime !== undefined ? { ...patch, durationMinutes: minutes({ ...old, ...patch } as AnyRow) } : patch),
    },
  ),
  article: {
    beforeAdd: (row, h) => (row.status === 1 && !row.publishTime ? { ...row, publishTime: h.now() } : row),
    beforeUpdate: (old, patch, h) => (patch.status === 1 && old.status !== 1 && !patch.publishTime ? { ...patch, publishTime: h.now() } : patch),
  },
});

function minutes(r: AnyRow): number {
  if (!r.endTime) return 0;
  return Math.max(0, Math.round((parseTime(r.endTime as string) - parseTime(r.startTime as string)) / 60_000));
}
