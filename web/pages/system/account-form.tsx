import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { http } from '../../api/http';
import { callOp, editId, ResourceForm } from '../../crud';
import { AVATAR_NAMES, avatarPath, avatarSrc } from '../../parts/avatars';
import adminResource from '../../resources/system/admin.resource';
import './system.css';

/**
 * The account add/modify page (spec §2 /system/account/add, /modify; §3 key `accountId`): the
 * kit's form (username, nickname, password, roles, status, home path, contact) and the avatar,
 * picked from the illustrations (spec §3: the avatar field itself is not shown).
 */
export function AccountFormPage({ modify }: { modify: boolean }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<Record<string, unknown> | null | undefined>(modify ? undefined : null);
  const [icon, setIcon] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!modify) return;
    const id = editId.get('accountId');
    if (id === null) return setRecord(null);
    callOp<Record<string, unknown>>(adminResource.entity, 'info', { id }).then((r) => {
      setRecord(r);
      setIcon(r.icon as string | undefined);
    }, () => setRecord(null));
  }, [modify]);
  const back = () => navigate('/system/account');
  if (record === undefined) return <div className="crud-card" aria-busy="true" />;
  return (
    <div className="sys-page">
      <section className="crud-card">
        <h3>{t('system.account.avatar')}</h3>
        <div className="sys-avatars" role="radiogroup" aria-label={t('system.account.avatar')}>
          {AVATAR_NAMES.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={icon === avatarPath(n)}
              aria-label={t(`system.avatars.${n}`)}
              className={`sys-avatar-choice${icon === avatarPath(n) ? ' is-chosen' : ''}`}
              onClick={() => setIcon(avatarPath(n))}
              data-testid={`avatar-${n}`}
            >
              <img src={avatarSrc(avatarPath(n))} alt="" />
            </button>
          ))}
        </div>
      </section>
      <ResourceForm
        resource={adminResource}
        record={record}
        visible
        mode="page"
        onHide={back}
        onSaved={async (saved) => {
          if (icon && icon !== saved.icon) await http.post('/v1/admin/update', { id: saved.id, icon });
          back();
        }}
      />
    </div>
  );
}
