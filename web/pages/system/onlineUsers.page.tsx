import { ResourceListPage } from '../../crud';
import onlineUsers from '../../resources/system/online-users.resource';
import { SessionRowAction } from './session-sign-out';

/**
 * /system/onlineUsers: the kit's list of sessions with a "Sign out" per row (a confirm dialog,
 * then `consoleSession.revoke`; the list reloads). The caller's own session is marked instead:
 * it is ended with the header's sign-out.
 */
export default function SystemOnlineUsersPage() {
  return <ResourceListPage resource={onlineUsers} rowActions={(row, ctx) => <SessionRowAction row={row} reload={ctx.reload} />} />;
}
