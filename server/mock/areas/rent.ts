import { randomBytes } from 'node:crypto';
import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import { all } from './support/rows.js';

/** Rentals (spec §2 /rent): auditing applications, verifying accounts, order remarks. */

export const rentHandlers = {
  'rentApply.audit': ({ ctx, body, actor }) => {
    const a = ctx.crud.find('rentApply', body.id);
    if (a.status !== 0) throw new MockError('id', 'rent.applicationDecided', { id: a.id, status: a.status === 1 ? 'approved' : 'rejected' });
    if (!body.approved && !String(body.auditRemark ?? '').trim()) throw new MockError('auditRemark', 'rent.refuseReason');
    const now = ctx.crud.now();
    if (body.approved) {
      // The owner hands the password over at verification; until then the account holds a placeholder.
      ctx.crud.insert('rentAccount', {
        ownerMemberId: a.memberId, gameId: a.gameId, account: a.account, password: `pending-${randomBytes(4).toString('hex')}`,
        serverName: a.serverName, hourlyPrice: a.expectHourlyPrice, status: 0, verifyStatus: 0, verifyRemark: '', rentCount: 0,
      }, actor);
    }
    return ctx.store.col('rentApply').replace({ ...a, status: body.approved ? 1 : 2, auditRemark: body.auditRemark ?? '', auditTime: now, updateTime: now });
  },

  'rentAccount.verify': ({ ctx, body }) => {
    const a = ctx.crud.find('rentAccount', body.id);
    if (a.status === 2) throw new MockError('id', 'rent.rentedOut', { id: a.id });
    const now = ctx.crud.now();
    const status = body.passed ? a.status : a.status === 1 ? 0 : a.status;
    if (!body.passed && !String(body.remark ?? '').trim()) throw new MockError('remark', 'rent.failReason');
    const row = ctx.store.col('rentAccount').replace({ ...a, verifyStatus: body.passed ? 1 : 2, verifyTime: now, verifyRemark: body.remark ?? '', status, updateTime: now });
    // An account that failed its check can no longer be rented: its listings leave the board.
    if (!body.passed) for (const l of all(ctx, 'rentListing')) if (l.rentAccountId === a.id && l.status === 1) ctx.store.col('rentListing').replace({ ...l, status: 2, updateTime: now });
    return ctx.store.col('rentAccount').view(row);
  },

  'rentOrder.remark': ({ ctx, body }) => {
    const o = ctx.crud.find('rentOrder', body.id);
    return ctx.store.col('rentOrder').replace({ ...o, remark: body.remark, updateTime: ctx.crud.now() });
  },
} satisfies TypedHandlers;
