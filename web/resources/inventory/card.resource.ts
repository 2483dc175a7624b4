import { card } from '../../../server/contract/inventory';
import { order } from '../../../server/contract/order';
import { defineResource } from '../../crud';

/**
 * /inventory/cardManage: activation codes (tens of thousands: server paging only). The secret is
 * write-only: never listed, shown through the audited reveal. The goods and the order a code was
 * sold in are links (the order by its number, read per row).
 */
export default defineResource({
  entity: card,
  permission: 'InventoryCardManage',
  // Members' personal data or codes: the operator's name and the time over the list.
  watermark: true,
  columns: ['id', 'goodsId', 'batchNo', 'cardNo', 'faceValue', 'costPrice', 'status', 'orderId', 'soldTime', 'expireTime', 'createTime'],
  filters: ['keyword', 'goodsId', 'batchNo', 'cardNo', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, width: 760, fields: ['goodsId', 'batchNo', 'cardNo', 'cardSecret', 'faceValue', 'costPrice', 'expireTime'] },
  fields: { id: { width: 80 }, orderId: { kind: 'remote', refEntity: order, width: 190 }, status: { kind: 'enum' }, cardSecret: { kind: 'password' }, createTime: { width: 170 } },
  actions: { status: false },
});
