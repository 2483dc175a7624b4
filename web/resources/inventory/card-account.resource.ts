import { cardAccount } from '../../../server/contract/inventory';
import { order } from '../../../server/contract/order';
import { defineResource } from '../../crud';

/** /inventory/cardAccount: account credentials sold as goods; the password is write-only (audited reveal). */
export default defineResource({
  entity: cardAccount,
  permission: 'InventoryCardAccount',
  // Members' personal data or codes: the operator's name and the time over the list.
  watermark: true,
  columns: ['id', 'goodsId', 'account', 'email', 'region', 'status', 'orderId', 'soldTime', 'remark', 'createTime'],
  filters: ['keyword', 'goodsId', 'account', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, width: 720, fields: ['goodsId', 'account', 'password', 'email', 'region', 'remark'] },
  fields: { id: { width: 80 }, orderId: { kind: 'remote', refEntity: order, width: 190 }, status: { kind: 'enum' }, createTime: { width: 170 } },
  actions: { status: false },
});
