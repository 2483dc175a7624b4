import { member, memberConsume } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /member/consume: consumption history, read only, with filters and export. */
export default defineResource({
  entity: memberConsume,
  permission: 'MemberConsume',
  columns: ['orderNo', 'memberId', 'consumeType', 'title', 'amount', 'payType', 'createTime'],
  filters: ['keyword', 'memberId', 'consumeType', 'payType', 'amount', 'createTime'],
  fields: { memberId: { kind: 'remote', refEntity: member, width: 90 }, orderNo: { width: 190 }, createTime: { width: 170 } },
  actions: { del: false, batchDel: false },
});
