import { MockError } from '../store/crud.js';
import { parseTime } from '../store/gen.js';
import type { AnyRow } from '../store/seed.js';
import { chain, defineHooks, period, snapshot } from './shared.js';

/**
 * A station message's audience (spec §2 message drawer): all members, chosen grades (at least one,
 * existing) or chosen members (at least one, existing); the lists not used by the target are emptied.
 */
function audience(row: AnyRow, h: { store: { get(n: 'member' | 'memberGrade', id: number): unknown } }): AnyRow {
  const grades = (row.gradeIds as number[] | undefined) ?? [];
  const members = (row.memberIds as number[] | undefined) ?? [];
  if (row.targetType === 2) {
    if (!grades.length) throw new MockError('gradeIds', 'audience.grades');
    const bad = grades.find((id) => !h.store.get('memberGrade', id));
    if (bad !== undefined) throw new MockError('gradeIds', 'record.notFound', { entity: 'memberGrade', ids: String(bad) });
  }
  if (row.targetType === 3) {
    if (!members.length) throw new MockError('memberIds', 'audience.members');
    const bad = members.find((id) => !h.store.get('member', id));
    if (bad !== undefined) throw new MockError('memberIds', 'record.notFound', { entity: 'member', ids: String(bad) });
  }
  return { ...row, gradeIds: row.targetType === 2 ? grades : [], memberIds: row.targetType === 3 ? members : [] };
}

/** Rules of the smaller areas: periods that must not end before they start, snapshots, use-record durations. */
export const miscHooks = defineHooks({
  stationMsg: {
    beforeAdd: (row, h) => audience(row as AnyRow, h) as typeof row,
    beforeUpdate: (old, patch, h) => {
      // Members may already have read it: what was sent stays as sent; revoke it instead.
      if (old.status !== 0) throw new MockError('id', 'stationMsg.sentNoEdit', { id: old.id, status: old.status === 1 ? 'sent' : 'revoked' });
      if (patch.targetType === undefined && patch.gradeIds === undefined && patch.memberIds === undefined) return patch;
      const merged = audience({ ...old, ...patch } as AnyRow, h);
      return { ...patch, gradeIds: merged.gradeIds, memberIds: merged.memberIds } as typeof patch;
    },
    beforeDel: (rows) => {
      const sent = rows.find((r) => r.status === 1);
      if (sent) throw new MockError('ids', 'stationMsg.sentNoDelete', { id: sent.id });
    },
  },
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
