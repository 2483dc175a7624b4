import { comment, commentReply } from '../../../server/contract/social';
import { defineResource } from '../../crud';

/** /social/reply: replies under comments, filtered by comment; replies written here are official (the server marks them). */
export default defineResource({
  entity: commentReply,
  route: '/social/reply',
  columns: ['id', 'commentId', 'replierType', 'replierName', 'content', 'status', 'createTime'],
  filters: ['keyword', 'commentId', 'replierType', 'status', 'createTime'],
  form: { mode: 'dialog', fields: ['commentId', 'replierName', 'content', 'status'] },
  // Comments are too many for a picker (`large`): the id is shown and filtered as a number.
  fields: { id: { width: 80 }, commentId: { kind: 'remote', refEntity: comment, width: 100 }, replierType: { width: 100 }, createTime: { width: 170 } },
});
