import { clientError } from '../../../server/contract/client';
import { defineResource } from '../../crud';

/** /client/errorLog: crash reports from the apps; read in a detail view, marked resolved in batch. */
export default defineResource({
  entity: clientError,
  permission: 'ClientErrorLog',
  columns: ['id', 'occurTime', 'platform', 'versionName', 'errorType', 'message', 'deviceModel', 'occurCount', 'status'],
  filters: ['keyword', 'platform', 'versionName', 'errorType', 'status', 'occurTime'],
  form: { mode: 'dialog', fields: ['status', 'remark'] },
  fields: { id: { width: 80 }, status: { kind: 'enum' }, occurTime: { width: 170 }, message: { kind: 'text' } },
  // Reports come from the apps: no add; the form edits the state and remark only.
  actions: { add: false },
});
