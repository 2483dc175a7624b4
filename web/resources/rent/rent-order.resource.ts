import { rentAccount, rentOrder } from '../../../server/contract/rent';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /rent/order: rentals with status filters, the period with a live "ends in", and the remark dialog. */
export default defineResource({
  entity: rentOrder,
  permission: 'RentOrder',
  columns: ['orderNo', 'memberId', 'rentAccountId', 'hours', 'startTime', 'totalAmount', 'status', 'remark'],
  filters: ['orderNo', 'memberId', 'status', 'startTime', 'createTime'],
  fields: { memberId: { kind: 'remote', refEntity: member, width: 90 }, rentAccountId: { kind: 'remote', refEntity: rentAccount, width: 140 }, orderNo: { width: 190 } },
  actions: { update: false },
});
