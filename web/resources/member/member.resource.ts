import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /member/index: members; modify in a dialog, detail and invite modals, freeze/enable with a reason. */
export default defineResource({
  entity: member,
  permission: 'MemberIndex',
  columns: ['id', 'nickName', 'phone', 'gradeId', 'balance', 'points', 'orderCount', 'totalConsume', 'source', 'status', 'createTime'],
  filters: ['keyword', 'gradeId', 'source', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, fields: ['nickName', 'phone', 'email', 'gender', 'gradeId', 'growth', 'points', 'source', 'remark'] },
  fields: { id: { width: 80 }, createTime: { width: 170 } },
  // Status changes need a reason: the page's freeze/enable dialog, not the bare switch.
  actions: { status: false, del: false, batchDel: false },
});
