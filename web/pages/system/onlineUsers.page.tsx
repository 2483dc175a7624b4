import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { LinkButton, ResourceListPage, useConfirmAction, type Row } from '../../crud';
import onlineUsers from '../../resources/system/online-users.resource';

/**
 * /system/onlineUsers: the kit's list of sessions with a "Sign out" per row (a confirm dialog,
 * then `consoleSession.revoke`; the list reloads). The caller's own session is marked instead:
 * it is ended with the header's sign-out.
 */
export default function SystemOnlineUsersPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const signOut = (row: Row, reload: () => void) =>
    confirm({
      header: t('system.sessions.signOutTitle'),
      message: t('system.sessions.signOutMessage', { username: row.username, ip: row.ip || '—', client: row.client || '—' }),
      danger: true,
      acceptLabel: t('system.sessions.signOut'),
      run: () => api.consoleSession.revoke({ id: Number(row.id) }),
      doneMessage: t('system.sessions.signedOut', { username: row.username }),
      done: reload,
    });
  return (
    <ResourceListPage
      resource={onlineUsers}
      rowActions={(row, ctx) =>
        row.current ? (
          <Tag value={t('system.sessions.current')} severity="info" data-testid="session-current" />
        ) : (
          <LinkButton label={t('system.sessions.signOut')} onClick={() => signOut(row, ctx.reload)} testId="session-sign-out" />
        )
      }
    />
  );
}
