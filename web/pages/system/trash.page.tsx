import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { invalidateRefs, LinkButton, ResourceListPage, useConfirmAction, type Row } from '../../crud';
import { isAdministrator, notify, useSession } from '../../services';
import trashResource from '../../resources/system/trash.resource';

/**
 * The row actions of a trash entry: "Restore" brings the record back with its id
 * (`trash.restore`; a refusal — a reference gone, a unique field taken — is shown by the HTTP
 * client and the row stays); "Purge" (administrators only) asks first, then deletes the entry for
 * good (`trash.purge`). Both reload the list.
 */
export function TrashRowActions({ row, reload, admin }: { row: Row; reload: () => void; admin: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const kind = t(`resources.${String(row.entity)}.title`, { defaultValue: String(row.entity) });
  const what = { kind, id: row.recordId, label: row.label || '—' };
  const restore = () => {
    api.trash
      .restore({ id: Number(row.id) })
      .then(() => {
        notify({ mode: 'toast', message: t('system.trash.restored', what) }, 'success');
        // The record's own lists and pickers show it again.
        invalidateRefs(String(row.entity));
        reload();
      })
      .catch(() => {
        // Shown by the HTTP client (why it cannot come back); nothing changed.
      });
  };
  const purge = () =>
    confirm({
      header: t('system.trash.purgeTitle'),
      message: t('system.trash.purgeMessage', what),
      danger: true,
      acceptLabel: t('system.trash.purge'),
      run: () => api.trash.purge({ ids: [Number(row.id)] }),
      doneMessage: t('system.trash.purged', what),
      done: reload,
    });
  return (
    <>
      <LinkButton label={t('system.trash.restore')} onClick={restore} testId="trash-restore" />
      {admin && <LinkButton label={t('system.trash.purge')} severity="danger" onClick={purge} testId="trash-purge" />}
    </>
  );
}

/** /system/trash: the kit's list of trash entries with Restore per row and, for administrators, Purge. */
export default function SystemTrashPage() {
  const { userInfo } = useSession();
  const admin = isAdministrator(userInfo);
  return <ResourceListPage resource={trashResource} rowActions={(row, ctx) => <TrashRowActions row={row} reload={ctx.reload} admin={admin} />} />;
}
