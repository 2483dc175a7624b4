import { refund } from '../../../server/contract/order';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /order/back: refund requests, decided through the audit dialog. */
export default defineResource({
  entity: refund,
  permission: 'OrderBack',
  columns: ['refundNo', 'orderNo', 'memberId', 'amount', 'refundType', 'reason', 'status', 'auditRemark', 'createTime', 'auditTime'],
  filters: ['keyword', 'status', 'refundType', 'memberId', 'createTime'],
  fields: { memberId: { kind: 'remote', refEntity: member, width: 90 }, refundNo: { width: 180 }, orderNo: { width: 180, link: { entity: 'order', by: 'orderId' } }, createTime: { width: 170 }, auditTime: { width: 170 } },
  actions: { update: false },
});
