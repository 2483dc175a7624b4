import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { enumLabel, ResourceListPage } from '../../crud';
import clientError from '../../resources/client/client-error.resource';
import '../inventory/parts/parts.css';

type Row = Record<string, unknown>;
const DEVICE = ['platform', 'versionName', 'deviceModel', 'osVersion', 'memberId', 'occurTime', 'occurCount', 'errorType', 'status', 'remark'];
const ENUM_OF: Record<string, string> = { platform: 'clientPlatform', errorType: 'clientErrorType', status: 'clientErrorStatus' };

/**
 * /client/errorLog (spec §2): crash reports with filters (version, platform, type, status, date).
 * Beyond the declaration: a detail view with the full stack and the device data, and "mark
 * resolved" for the selected reports (all or none).
 */
export default function ClientErrorLogPage() {
  const { t, i18n } = useTranslation();
  const [detail, setDetail] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const f = (k: string) => t(`resources.clientError.fields.${k}`);
  const resolve = async (ids: number[], reload: () => void) => {
    setBusy(true);
    try {
      const r = await api.clientError.resolve({ ids });
      notify({ mode: 'toast', message: t('client.resolved', { count: r.count }) }, 'success');
      reload();
    } catch {
      // Shown by the HTTP client; nothing changed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ResourceListPage
        resource={clientError}
        rowActions={(row) => <Button label={t('client.detail')} link size="small" onClick={() => setDetail(row)} data-testid="error-detail" />}
        toolbar={(ctx) =>
          ctx.can('update') && (
            <Button label={t('client.resolve', { count: ctx.selection.length })} icon="pi pi-check-circle" size="small" severity="success" outlined loading={busy} disabled={!ctx.selection.length} onClick={() => void resolve(ctx.selection.map((r) => r.id as number), ctx.reload)} data-testid="error-resolve" />
          )
        }
      />
      <Dialog visible={!!detail} onHide={() => setDetail(null)} header={t('client.detailTitle', { id: detail?.id })} style={{ width: 'min(860px, 96vw)' }} modal draggable={false} data-testid="error-detail-dialog">
        {detail && (
          <div className="crud-form">
            <p><b>{String(detail.message)}</b></p>
            <dl className="inv-detail">
              {DEVICE.map((k) => (
                <div key={k} style={{ display: 'contents' }}>
                  <dt>{f(k)}</dt>
                  <dd>{ENUM_OF[k] ? enumLabel(ENUM_OF[k], detail[k], i18n.language) : String(detail[k] ?? '—') || '—'}</dd>
                </div>
              ))}
            </dl>
            <label>{f('stack')}</label>
            <pre className="inv-stack" data-testid="error-stack">{String(detail.stack || '—')}</pre>
          </div>
        )}
      </Dialog>
    </>
  );
}
