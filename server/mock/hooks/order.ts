import { MockError } from '../store/crud.js';
import { defineHooks } from './shared.js';

/** Order rules: only cancelled orders may be deleted (with their items); refunds change only through `refund/audit`. */
export const orderHooks = defineHooks({
  order: {
    beforeDel(rows) {
      const live = rows.find((o) => o.status !== 4);
      if (live) throw new MockError('ids', 'order.notCancelled', { id: live.id, orderNo: live.orderNo as string });
    },
  },
  refund: {
    beforeUpdate(old, patch) {
      if (patch.auditRemark !== undefined && old.status !== 0) throw new MockError('auditRemark', 'refund.decided', { ref: old.id });
    },
  },
});
