import { rentalIncome } from '../../../server/contract/financial';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /financial/rantalIncome (spelled so in the route; the title says rental income): what account owners earned per finished rental. */
export default defineResource({
  entity: rentalIncome,
  permission: 'FinancialRantalIncome',
  columns: ['id', 'orderNo', 'ownerMemberId', 'rentOrderId', 'rentAmount', 'platformFee', 'income', 'status', 'settleTime', 'createTime'],
  filters: ['keyword', 'ownerMemberId', 'status', 'createTime'],
  fields: { id: { width: 80 }, ownerMemberId: { kind: 'remote', refEntity: member, width: 110 }, rentOrderId: { kind: 'int', width: 110, link: false }, orderNo: { link: { entity: 'rentOrder', by: 'rentOrderId' } }, status: { kind: 'enum' }, settleTime: { width: 170 }, createTime: { width: 170 } },
});
