import { feedbackType } from '../../../server/contract/feedback';
import { defineResource } from '../../crud';

/** /feedback/type: kinds of feedback; add/modify in a dialog, status switch (`updateStatus`). */
export default defineResource({
  entity: feedbackType,
  permission: 'FeedbackType',
  columns: ['id', 'typeName', 'description', 'sort', 'status', 'createTime'],
  filters: ['typeName', 'status'],
  form: { mode: 'dialog', fields: ['typeName', 'description', 'sort', 'status'] },
  fields: { id: { width: 80 }, sort: { width: 90 }, createTime: { width: 170 } },
});
