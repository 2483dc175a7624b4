import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { LinkButton, useConfirmAction, type Row } from '../../crud';

/**
 * The row action of a session list (Online users, My sessions): "Sign out" asks first (the kit's
 * confirm dialog naming the user, address and client), then ends that session
 * (`consoleSession.revoke`) and calls `reload`. The caller's own session (`current`) is marked
 * "This session" instead: it ends through the header's sign-out.
 */
export function SessionRowAction({ row, reload }: { row: Row; reload: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  if (row.current) return <Tag value={t('system.sessions.current')} severity="info" data-testid="session-current" />;
  const signOut = () =>
    confirm({
      header: t('system.sessions.signOutTitle'),
      message: t('system.sessions.signOutMessage', { username: row.username, ip: row.ip || '—', client: row.client || '—' }),
      danger: true,
      acceptLabel: t('system.sessions.signOut'),
      run: () => api.consoleSession.revoke({ id: Number(row.id) }),
      doneMessage: t('system.sessions.signedOut', { username: row.username }),
      done: reload,
    });
  return <LinkButton label={t('system.sessions.signOut')} onClick={signOut} testId="session-sign-out" />;
}
