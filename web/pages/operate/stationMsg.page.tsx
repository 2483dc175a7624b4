import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ResourceListPage } from '../../crud';
import stationMsg from '../../resources/operate/station-msg.resource';
import { MessageDrawer } from './message-drawer';
import '../storefront.css';

type Row = Record<string, unknown>;

/**
 * /operate/stationMsg (spec §2): in-app messages with the message drawer. Drafts are modified and
 * sent (now or scheduled); a sent message is only viewed and revoked (domain actions send/revoke).
 */
export default function OperateStationMsgPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((n) => n + 1);

  const act = (row: Row, action: 'send' | 'revoke') =>
    confirmDialog({
      header: t(`operate.msg.${action}Title`),
      message: t(`operate.msg.${action}Confirm`, { title: String(row.title) }),
      icon: action === 'revoke' ? 'pi pi-exclamation-triangle' : 'pi pi-send',
      acceptClassName: action === 'revoke' ? 'p-button-danger' : undefined,
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          await api.stationMsg[action]({ id: Number(row.id) });
          notify({ mode: 'toast', message: t(`operate.msg.${action === 'send' ? 'sent' : 'revoked'}`) }, 'success');
        } catch {
          // Shown by the HTTP client.
        }
        reload();
      },
    });

  return (
    <>
      <ResourceListPage
        resource={stationMsg}
        reloadKey={reloadKey}
        toolbar={(ctx) => ctx.can('add') && <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={() => setEditing(null)} data-testid="message-add" />}
        rowActions={(row, ctx) => (
          <>
            {row.status === 0 && ctx.can('update') && <Button label={t('crud.modify')} link size="small" onClick={() => setEditing(row)} data-testid="message-modify" />}
            {row.status === 0 && ctx.can('update') && <Button label={t('operate.msg.send')} link size="small" onClick={() => act(row, 'send')} data-testid="message-send" />}
            {row.status !== 0 && <Button label={t('operate.msg.view')} link size="small" onClick={() => setEditing(row)} data-testid="message-view" />}
            {row.status === 1 && ctx.can('update') && <Button label={t('operate.msg.revoke')} link size="small" severity="danger" onClick={() => act(row, 'revoke')} data-testid="message-revoke" />}
          </>
        )}
      />
      <MessageDrawer
        record={editing ?? null}
        visible={editing !== undefined}
        onHide={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload();
        }}
      />
    </>
  );
}
