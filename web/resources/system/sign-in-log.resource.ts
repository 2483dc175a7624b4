import { signInLog } from '../../../server/contract/sessions';
import { defineResource } from '../../crud';

/**
 * /system/signInLog: every sign-in, failure and lock-out through the console, newest first,
 * filterable by user, result and time, exported as .xlsx; read-only (administrators only).
 */
export default defineResource({
  entity: signInLog,
  route: '/system/signInLog',
  columns: ['createTime', 'username', 'result', 'ip', 'client', 'message'],
  filters: ['username', 'result', 'createTime'],
  fields: { createTime: { width: 170 }, client: { width: 200 } },
  actions: { export: true },
});
