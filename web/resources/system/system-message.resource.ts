import { systemMessage } from '../../../server/contract/system';
import { defineResource } from '../../crud';

/** /system/systemMessage (spec §2): messages to console users (no target roles = everyone); publish through the status. */
export default defineResource({
  entity: systemMessage,
  route: '/system/systemMessage',
  columns: ['id', 'title', 'level', 'targetRoleIds', 'status', 'publishTime', 'readCount', 'createTime'],
  filters: ['title', 'level', 'status', 'publishTime'],
  form: { mode: 'drawer', width: 640, fields: ['title', 'level', 'targetRoleIds', 'status', 'content'] },
  fields: { id: { width: 80 }, content: { wide: true }, publishTime: { width: 170 }, createTime: { width: 170 }, readCount: { width: 100 } },
});
