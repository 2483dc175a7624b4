import { rentApply } from '../../../server/contract/rent';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /rent/apply: owners' applications to rent out an account, decided through the audit dialog. */
export default defineResource({
  entity: rentApply,
  permission: 'RentApply',
  columns: ['id', 'memberId', 'gameId', 'account', 'serverName', 'expectHourlyPrice', 'contactPhone', 'status', 'auditRemark', 'createTime'],
  filters: ['keyword', 'memberId', 'gameId', 'status', 'createTime'],
  fields: { id: { width: 70 }, memberId: { kind: 'remote', refEntity: member, width: 90 }, createTime: { width: 170 } },
  actions: { update: false },
});
