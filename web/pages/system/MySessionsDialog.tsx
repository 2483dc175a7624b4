import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { SubList } from '../../crud';
import { useSession } from '../../services/session';
import onlineUsers from '../../resources/system/online-users.resource';
import { SessionRowAction } from './session-sign-out';

/**
 * "My sessions", from the user menu (every user, not only administrators): the signed-in user's
 * own sessions (the server answers a non-administrator only theirs; an administrator's list is
 * filtered by their name), each but the current one ended with "Sign out".
 */
export default function MySessionsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  return (
    <Dialog visible={visible} onHide={onHide} header={t('system.sessions.mine')} style={{ width: 'min(860px, 96vw)' }} modal data-testid="my-sessions">
      <SubList resource={onlineUsers} filter={{ username: userInfo?.username ?? '' }} columns={['ip', 'client', 'since', 'lastSeen']} pageSize={10} rowActions={(row, reload) => <SessionRowAction row={row} reload={reload} />} testId="my-sessions-list" />
    </Dialog>
  );
}
