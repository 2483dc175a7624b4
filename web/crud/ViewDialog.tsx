import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { MultiSelect } from 'primereact/multiselect';
import { api } from '../api/client';
import { readQuery } from '../api/query';
import { currentUserRoles } from '../services/session';
import { isAdministrator } from '../services/permission';
import { ActionDialog, type ActionField } from './ActionDialog';
import type { Row } from './types';
import type { SavedView } from './saved-views';

/** The roles a view may be shared with: the user's own, and for an administrator every enabled role (the role list, through the query cache). */
function useRoleOptions(): { value: string; label: string }[] {
  const own = currentUserRoles();
  const payload = { pageNum: 1, pageSize: 100 };
  const { data: all } = useQuery({
    ...readQuery('role', 'list', payload, ({ signal }) => api.role.list(payload, { signal, ignoreCancel: true, errorMode: 'none' })),
    enabled: isAdministrator({ roles: own }),
    select: (p) => p.list.filter((r) => r.status === 1).map((r) => ({ value: String(r.roleKey), label: String(r.name) })),
  });
  return all ?? own.map((r) => ({ value: r.id, label: r.name }));
}

/**
 * The saved views' form (`ViewPicker.tsx`), on the kit's action dialog: "save as" (`view` null:
 * `savedView.add` with the list's query and columns in `fixed`) or "rename" (`savedView.update` of
 * `view`, its id in `fixed`): the name, whether it is shared, and with which roles (shown while
 * shared). The contract's schema checks it in the browser; the server's refusals (a name taken, too
 * many views, a role the user does not hold) are set on their field.
 */
export default function ViewDialog({ view, fixed, onHide, onDone }: { view: SavedView | null; fixed: Row; onHide: () => void; onDone: (v: SavedView) => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const fields: ActionField[] = [
    { name: 'name', label: t('crud.views.name') },
    { name: 'shared', label: t('crud.views.share') },
    {
      name: 'roleIds',
      label: t('crud.views.roles'),
      when: (values) => !!values.shared,
      render: (f) => <MultiSelect inputId={f.id} value={(f.value as string[] | null) ?? []} options={roles} onChange={(e) => f.onChange(e.value)} display="chip" className="w-full" data-testid="crud-views-roles" />,
    },
  ];
  return (
    <ActionDialog
      visible
      title={view ? t('crud.views.renameTitle') : t('crud.views.saveAsTitle')}
      action={view ? api.savedView.update : api.savedView.add}
      fixed={fixed}
      initial={view ? { name: view.name, shared: view.shared, roleIds: view.roleIds } : { shared: false, roleIds: [] }}
      fields={fields}
      width={460}
      onHide={onHide}
      onDone={(data) => onDone(data as SavedView)}
      doneMessage={view ? t('crud.views.renamed', { name: view.name }) : undefined}
      testIds={{ root: 'crud-views-dialog', submit: 'crud-views-dialog-submit' }}
    />
  );
}
