import { replay } from '../../../server/contract/feedback';
import { defineResource } from '../../crud';

/** /feedback/words, first tab: reply templates operators pick from when replying (the `replay` endpoints). */
export default defineResource({
  entity: replay,
  permission: 'FeedbackWords',
  columns: ['id', 'title', 'content', 'typeId', 'sort', 'status', 'createTime'],
  filters: ['keyword', 'typeId', 'status'],
  form: { mode: 'dialog', fields: ['title', 'typeId', 'content', 'sort', 'status'] },
  fields: { id: { width: 80 }, sort: { width: 90 }, status: { kind: 'status' }, createTime: { width: 170 } },
});
