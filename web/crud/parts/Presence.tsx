import { useTranslation } from 'react-i18next';
import type { PresenceUser } from '../../services/presence';

/** The names of who else has a record open, joined the console's way ("li.si, wang.wu"). */
export function presenceNames(users: readonly PresenceUser[]): string {
  return users.map((u) => u.username).join(', ');
}

/**
 * A modify page's or dialog's note that others have the record open too (`crud.presence.editing`,
 * "li.si is also editing this record"), from {@link useOpenRecord}. Nothing is locked: each can
 * save, and a stale save meets the form's conflict dialog. Renders nothing when nobody else is on it.
 */
export function PresenceNotice({ users }: { users: readonly PresenceUser[] }) {
  const { t } = useTranslation();
  if (!users.length) return null;
  return (
    <p className="crud-presence" role="status" data-testid="record-presence">
      <i className="pi pi-users" aria-hidden />
      <span>{t('crud.presence.editing', { who: presenceNames(users), count: users.length })}</span>
    </p>
  );
}
