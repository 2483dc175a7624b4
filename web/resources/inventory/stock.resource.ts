import { stock } from '../../../server/contract/inventory';
import { defineResource } from '../../crud';

/** /inventory/manage: stock per goods, counted from codes and accounts; only the warning line and remark are edited (the quantities move through the adjust action). */
export default defineResource({
  entity: stock,
  permission: 'InventoryManage',
  columns: ['goodsId', 'goodsName', 'stockStatus', 'availableQty', 'lockedQty', 'soldQty', 'totalQty', 'warnQty', 'remark', 'updateTime'],
  filters: ['keyword', 'goodsId', 'gameId', 'platformId', 'stockStatus'],
  form: { mode: 'dialog', fields: ['warnQty', 'remark'] },
  fields: { goodsId: { width: 80, kind: 'int', link: false }, goodsName: { link: { entity: 'goods', by: 'goodsId' } }, updateTime: { width: 170 } },
  actions: { add: false, del: false, batchDel: false },
});
