import { MockError } from '../store/crud.js';
import type { HookCtx } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { defineHooks } from './shared.js';

/** Moves a grade's member counter by `delta` (the seed counts members per grade; edits keep it true). */
function bumpGrade(h: HookCtx, gradeId: unknown, delta: number) {
  const g = typeof gradeId === 'number' ? h.store.get<AnyRow>('memberGrade', gradeId) : undefined;
  if (g) h.store.col('memberGrade').replace({ ...g, memberCount: Math.max(0, (g.memberCount as number) + delta) });
}

const BASE32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Member rules: the server issues invite codes; the inviter must exist and not be the member; a
 * grade's growth threshold must keep grades in level order. Balances move only through wallet actions.
 */
export const memberHooks = defineHooks({
  member: {
    beforeAdd(row, h) {
      if (row.inviterId !== undefined && !h.store.get('member', row.inviterId)) throw new MockError('inviterId', 'record.notFound', { entity: 'member', ids: String(row.inviterId) });
      let n = h.store.col('member').peekNextId();
      let code = '';
      for (let k = 0; k < 8; k++, n = Math.floor(n / 32)) code = BASE32[n % 32] + code;
      return { ...row, inviteCode: code, balance: 0, orderCount: 0, totalConsume: 0 };
    },
    afterAdd(row, h) {
      bumpGrade(h, row.gradeId, 1);
    },
    afterUpdate(row, old, h) {
      if (row.gradeId !== old.gradeId) {
        bumpGrade(h, old.gradeId, -1);
        bumpGrade(h, row.gradeId, 1);
      }
    },
    afterDel(rows, h) {
      for (const r of rows) bumpGrade(h, r.gradeId, -1);
    },
    afterRestore(rows, h) {
      for (const r of rows) bumpGrade(h, r.gradeId, 1);
    },
    beforeUpdate(old, patch, h) {
      if (patch.inviterId !== undefined) {
        if (patch.inviterId === old.id) throw new MockError('inviterId', 'member.selfInvite');
        if (!h.store.get('member', patch.inviterId)) throw new MockError('inviterId', 'record.notFound', { entity: 'member', ids: String(patch.inviterId) });
      }
    },
  },
  memberGrade: {
    beforeUpdate(old, patch, h) {
      // The same level-order rule as on add, checked on the merged record.
      const row = { ...old, ...patch };
      for (const g of h.store.col('memberGrade').values()) {
        if (g.id === old.id) continue;
        if ((g.level as number) < row.level && (g.minGrowth as number) > row.minGrowth) throw new MockError('minGrowth', 'grade.belowLower', { min: g.minGrowth as number, grade: g.gradeName as string });
        if ((g.level as number) > row.level && (g.minGrowth as number) < row.minGrowth) throw new MockError('minGrowth', 'grade.aboveHigher', { max: g.minGrowth as number, grade: g.gradeName as string });
      }
    },
    beforeAdd(row, h) {
      for (const g of h.store.col('memberGrade').values()) {
        if ((g.level as number) < row.level && (g.minGrowth as number) > row.minGrowth) throw new MockError('minGrowth', 'grade.belowLower', { min: g.minGrowth as number, grade: g.gradeName as string });
        if ((g.level as number) > row.level && (g.minGrowth as number) < row.minGrowth) throw new MockError('minGrowth', 'grade.aboveHigher', { max: g.minGrowth as number, grade: g.gradeName as string });
      }
      return { ...row, memberCount: 0 };
    },
  },
});
