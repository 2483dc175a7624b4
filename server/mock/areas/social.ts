import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { findAll } from './support/rows.js';

/** Community (spec §2 /social): comment moderation (approve, hide with a reason, pin, unpin). */

export const socialHandlers = {
  /** Approve, hide with a reason, pin or unpin several comments; all or none. */
  'comment.moderate': ({ ctx, body }) => {
    const ids = body.ids as number[];
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (body.action === 'hide' && !reason) throw new MockError('reason', 'comment.hideReason');
    const rows = findAll(ctx, 'comment', ids, 'ids');
    const now = ctx.crud.now();
    const change: Record<string, (r: AnyRow) => AnyRow> = {
      approve: (r) => ({ ...r, status: 1, hideReason: '' }),
      hide: (r) => ({ ...r, status: 2, hideReason: reason, isTop: false }),
      pin: (r) => ({ ...r, isTop: true }),
      unpin: (r) => ({ ...r, isTop: false }),
    };
    if (body.action === 'pin') {
      const hidden = rows.find((r) => r.status === 2);
      if (hidden) throw new MockError('ids', 'comment.hiddenNoPin', { id: hidden.id });
    }
    for (const r of rows) ctx.store.col('comment').replace({ ...change[body.action as string](r), updateTime: now });
    return { count: rows.length };
  },
} satisfies TypedHandlers;
