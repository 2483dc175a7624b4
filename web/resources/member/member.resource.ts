import { member } from '../../../server/contract/member';
import { defineResource } from '../../crud';

/** /member/index: members; modify in a dialog, detail and invite modals, freeze/enable with a reason. */
export default defineResource({
  entity: member,
  permission: 'MemberIndex',
  // Members' personal data or codes: the operator's name and the time over the list.
  watermark: true,
  columns: ['id', 'nickName', 'phone', 'gradeId', 'balance', 'points', 'orderCount', 'totalConsume', 'source', 'status', 'createTime'],
  filters: ['keyword', 'gradeId', 'source', 'status', 'createTime'],
  form: { mode: 'dialog', columns: 2, fields: ['nickName', 'phone', 'email', 'gender', 'gradeId', 'growth', 'points', 'source', 'remark'] },
  // On a narrow table the phone (how a caller is found) and the grade stay beside the money; the sign-up time gives way.
  fields: { id: { width: 80 }, phone: { width: 130, priority: 1 }, gradeId: { width: 110, priority: 1 }, createTime: { width: 170, priority: 2 } },
  // Status changes need a reason: the page's freeze/enable dialog, not the bare switch.
  actions: { status: false, del: false, batchDel: false },
});
