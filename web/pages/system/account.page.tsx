import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../../api/client';
import { ResourceListPage } from '../../crud';
import adminResource from '../../resources/system/admin.resource';
import './system.css';

/**
 * /system/account (spec §2): console accounts with roles, status and home path; add/modify as pages;
 * "reset password" gives a new random password shown once (the account's sessions end).
 */
export default function SystemAccountPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const reset = (row: Record<string, unknown>) =>
    confirmDialog({
      header: t('system.account.resetTitle'),
      message: t('system.account.resetMessage', { username: row.username }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.confirm'),
      rejectLabel: t('common.cancel'),
      accept: async () => {
        const r = await api.admin.resetPassword({ id: Number(row.id) });
        setShown({ username: String(row.username), password: r.password });
      },
    });
  return (
    <>
      <ResourceListPage
        resource={adminResource}
        rowActions={(row, ctx) =>
          ctx.can('update') ? <Button icon="pi pi-key" text rounded size="small" aria-label={t('system.account.reset')} tooltip={t('system.account.reset')} onClick={() => reset(row)} data-testid="account-reset" /> : null
        }
      />
      <Dialog visible={!!shown} onHide={() => setShown(null)} header={t('system.account.newPasswordTitle')} style={{ width: 'min(420px, 94vw)' }} modal data-testid="account-new-password">
        <p>{t('system.account.newPasswordOnce', { username: shown?.username })}</p>
        <code className="sys-password">{shown?.password}</code>
      </Dialog>
    </>
  );
}
