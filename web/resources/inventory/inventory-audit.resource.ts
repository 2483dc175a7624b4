import { inventoryAudit } from '../../../server/contract/inventory';
import { defineResource } from '../../crud';

/** The audit trail of reveals, adjustments, voids and imports (read-only), shown beside the code lists. */
export default defineResource({
  entity: inventoryAudit,
  permission: 'InventoryCardManage',
  columns: ['createTime', 'action', 'targetType', 'targetLabel', 'goodsId', 'quantity', 'reason', 'operator'],
  filters: ['action', 'targetType', 'operator', 'createTime'],
  fields: { createTime: { width: 170 }, goodsId: { width: 90 } },
  actions: { export: true },
});
