import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { http } from '../../api/http';
import { changeRole } from '../../services/permission';
import { useSession } from '../../services/session';
import { roleName } from '../../resources/system/role.resource';

/**
 * Role switching from the user menu (spec §5 "Changing role is only allowed in route-mapping
 * mode"): the user's own roles, and for a super administrator every role, to see the console as
 * that role sees it (routes and menu rebuilt client-side; the server still checks every call).
 */
export default function RoleSwitchDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo, roleList } = useSession();
  const own = (userInfo?.roles ?? []).map((r) => ({ value: r.id, label: roleName({ roleKey: r.id, name: r.name }) }));
  const [options, setOptions] = useState(own);
  const [value, setValue] = useState<string | null>(roleList?.[0] ?? own[0]?.value ?? null);
  useEffect(() => {
    if (!visible || !userInfo?.roles.some((r) => r.id === 'super')) return;
    http
      .post<{ list: { roleKey: string; name: string; status: number }[] }>('/v1/role/list', { pageNum: 1, pageSize: 100 }, { errorMode: 'none' })
      .then((p) => setOptions(p.list.filter((r) => r.status === 1).map((r) => ({ value: r.roleKey, label: roleName(r) }))), () => {});
  }, [visible, userInfo]);
  return (
    <Dialog visible={visible} onHide={onHide} header={t('system.switchRole.title')} style={{ width: 'min(420px, 94vw)' }} modal data-testid="role-switch">
      <p className="sys-hint">{t('system.switchRole.hint')}</p>
      <Dropdown value={value} options={options} onChange={(e) => setValue(e.value as string)} style={{ width: '100%', margin: '0.75rem 0' }} data-testid="role-switch-select" />
      <Button
        label={t('system.switchRole.apply')}
        icon="pi pi-sync"
        disabled={!value}
        onClick={() => {
          if (!value) return;
          void changeRole(value).then((r) => r.ok && onHide());
        }}
        data-testid="role-switch-apply"
      />
    </Dialog>
  );
}
