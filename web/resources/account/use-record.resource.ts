import { accountUseRecord } from '../../../server/contract/account';
import { defineResource } from '../../crud';

/** /account/useRecord: who used which account when. Members are thousands: the member filter is a number until the remote-search picker. */
export default defineResource({
  entity: accountUseRecord,
  permission: 'AccountUseRecord',
  columns: ['id', 'account', 'gameId', 'memberId', 'startTime', 'endTime', 'durationMinutes', 'amount', 'status', 'remark'],
  filters: ['gameId', 'memberId', 'status', 'startTime'],
  fields: { id: { width: 80 }, memberId: { kind: 'int', width: 100 }, status: { kind: 'enum' }, startTime: { width: 170 }, endTime: { width: 170 } },
  actions: { status: false, del: false, batchDel: false },
});
