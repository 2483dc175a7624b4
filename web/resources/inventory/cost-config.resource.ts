import { costConfig } from '../../../server/contract/inventory';
import { defineResource } from '../../crud';

/** /inventory/costConfig: supplier cost prices with effective dates; money in cents shown as yuan. */
export default defineResource({
  entity: costConfig,
  permission: 'InventoryCostConfig',
  columns: ['id', 'goodsId', 'supplierName', 'costPrice', 'effectiveTime', 'expireTime', 'status', 'remark'],
  filters: ['keyword', 'goodsId', 'status', 'effectiveTime'],
  form: { mode: 'dialog', columns: 2, width: 720, fields: ['goodsId', 'supplierName', 'costPrice', 'effectiveTime', 'expireTime', 'status', 'remark'] },
  fields: { id: { width: 80 }, remark: { wide: true } },
});
