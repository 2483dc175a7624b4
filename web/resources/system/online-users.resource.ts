import { consoleSession } from '../../../server/contract/sessions';
import { defineResource } from '../../crud';

/**
 * /system/onlineUsers: who is signed in (the console's sessions: the mock's, or those that signed in
 * through this console in proxy mode), most recent sign-in first, filterable by user; read-only
 * here, each row ended by the page's "Sign out" (web/pages/system/onlineUsers.page.tsx).
 */
export default defineResource({
  entity: consoleSession,
  route: '/system/onlineUsers',
  columns: ['username', 'roles', 'ip', 'client', 'since', 'lastSeen'],
  filters: ['username'],
  fields: { since: { width: 170 }, lastSeen: { width: 170 }, client: { width: 200 } },
  actions: { export: false },
});
