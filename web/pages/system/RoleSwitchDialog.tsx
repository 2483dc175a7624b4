import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { Type } from 'typebox';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { changeRole } from '../../services/permission';
import { useSession } from '../../services/session';
import { ActionDialog } from '../../crud';
import { roleName } from '../../resources/system/role.resource';

/** What the switch takes: one role key (a client-side change; the server still checks every call). */
const RoleSwitchPayload = Type.Object({ roleKey: Type.String({ minLength: 1 }) });

/**
 * Role switching from the user menu (spec §5 "Changing role is only allowed in route-mapping
 * mode"): the kit's action dialog over the user's own roles, and for a super administrator every
 * enabled role (through the query cache), to see the console as that role sees it (routes and menu
 * rebuilt client-side; the server still checks every call).
 */
export default function RoleSwitchDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo, roleList } = useSession();
  const own = (userInfo?.roles ?? []).map((r) => ({ value: r.id, label: roleName({ roleKey: r.id, name: r.name }) }));
  const payload = { pageNum: 1, pageSize: 100 };
  const { data: all } = useQuery({
    ...readQuery('role', 'list', payload, ({ signal }) => api.role.list(payload, { signal, ignoreCancel: true, errorMode: 'none' })),
    enabled: visible && !!userInfo?.roles.some((r) => r.id === 'super'),
    select: (p) => p.list.filter((r) => r.status === 1).map((r) => ({ value: r.roleKey as string, label: roleName(r as { roleKey: string; name: string }) })),
  });
  const options = all ?? own;
  return (
    <ActionDialog
      visible={visible}
      onHide={onHide}
      title={t('system.switchRole.title')}
      action={(p: { roleKey: string }) => changeRole(p.roleKey)}
      schema={RoleSwitchPayload}
      initial={{ roleKey: roleList?.[0] ?? own[0]?.value ?? null }}
      fields={[{ name: 'roleKey', label: t('system.switchRole.title'), render: (f) => <Dropdown inputId={f.id} value={f.value} options={options} onChange={(e) => f.onChange(e.value)} className="w-full" data-testid="role-switch-select" /> }]}
      submitLabel={t('system.switchRole.apply')}
      width={420}
      testIds={{ root: 'role-switch', submit: 'role-switch-apply' }}
      onDone={(r) => (r as { ok: boolean }).ok && onHide()}
    >
      <p className="sys-hint">{t('system.switchRole.hint')}</p>
    </ActionDialog>
  );
}
