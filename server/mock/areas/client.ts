import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import { findAll } from './support/rows.js';

/** Client crash reports (spec §2 /client): marking reports resolved. */

export const clientHandlers = {
  'clientError.resolve': ({ ctx, body }) => {
    const rows = findAll(ctx, 'clientError', body.ids);
    const done = rows.filter((r) => r.status === 2);
    if (done.length) throw new MockError('ids', 'client.resolved', { ids: done.slice(0, 10).map((r) => r.id).join(', '), verb: done.length > 1 ? 'are' : 'is' });
    const now = ctx.crud.now();
    for (const r of rows) ctx.store.col('clientError').replace({ ...r, status: 2, ...(body.remark !== undefined ? { remark: body.remark } : {}), updateTime: now });
    return { count: rows.length };
  },
} satisfies TypedHandlers;
