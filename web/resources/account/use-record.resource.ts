import { accountUseRecord } from '../../../server/contract/account';
import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /account/useRecord: who used which account when. Members are thousands: the member filter is a remote-search picker (type to search, never the whole table). */
export default defineResource({
  entity: accountUseRecord,
  permission: 'AccountUseRecord',
  columns: ['id', 'account', 'gameId', 'memberId', 'startTime', 'endTime', 'durationMinutes', 'amount', 'status', 'remark'],
  filters: ['gameId', 'memberId', 'status', 'startTime'],
  fields: { id: { width: 80 }, account: { link: { entity: 'gameAccount', by: 'accountId' } }, memberId: { kind: 'remote', refEntity: member, width: 110 }, status: { kind: 'enum' }, startTime: { width: 170 }, endTime: { width: 170 } },
  actions: { status: false, del: false, batchDel: false },
});
