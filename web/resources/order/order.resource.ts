import { order } from '../../../server/contract/order';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /order/index: orders; no add/modify form (orders are placed in the shop), moved on by the action dialogs. */
export default defineResource({
  entity: order,
  permission: 'OrderIndex',
  columns: ['orderNo', 'memberNickName', 'itemCount', 'payAmount', 'payType', 'status', 'riskLevel', 'createTime', 'payTime'],
  filters: ['orderNo', 'memberId', 'goodsIds', 'status', 'payType', 'riskLevel', 'createTime', 'payAmount'],
  // Goods are picked one at a time (the `has` filter of the order's goods).
  // The placing time stays on a narrow table; the payment time gives way with the other details.
  // The buyer's name opens the member (the order number opens the detail by itself: it is the order's label).
  fields: { goodsIds: { kind: 'ref' }, memberId: { kind: 'remote', refEntity: member }, orderNo: { width: 190 }, memberNickName: { width: 130, link: { entity: 'member', by: 'memberId' } }, payType: { width: 110 }, status: { width: 110 }, riskLevel: { width: 90 }, itemCount: { width: 70 }, payAmount: { width: 110 }, createTime: { width: 170 }, payTime: { width: 170, priority: 2 } },
  // Delete (cancelled orders only) is left out of the list: orders are kept for the books.
  actions: { update: false, del: false, batchDel: false },
});
