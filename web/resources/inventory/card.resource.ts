import { card } from '../../../server/contract/inventory';
import { defineResource } from '../../crud';

/**
 * /inventory/cardManage: activation codes (tens of thousands: server paging only). The secret is
 * write-only: never listed, shown through the audited reveal. Orders are too many for a picker, so
 * the order id shows as a number.
 */
export default defineResource({
  entity: card,
  permission: 'InventoryCardManage',
  columns: ['id', 'goodsId', 'batchNo', 'cardNo', 'faceValue', 'costPrice', 'status', 'orderId', 'soldTime', 'expireTime', 'createTime'],
  filters: ['keyword', 'goodsId', 'batchNo', 'cardNo', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['goodsId', 'batchNo', 'cardNo', 'cardSecret', 'faceValue', 'costPrice', 'expireTime'] },
  fields: { id: { width: 80 }, orderId: { kind: 'int', width: 90 }, status: { kind: 'enum' }, cardSecret: { kind: 'password' }, createTime: { width: 170 } },
  actions: { status: false },
});
