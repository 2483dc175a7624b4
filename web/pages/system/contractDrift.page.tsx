import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { confirmDialog } from 'primereact/confirmdialog';
import { driftApi, type DriftEntry, type DriftReport, type DriftSeverity } from '../../api/drift';
import { notify } from '../../services/notify';
import { DATETIME_FORMAT, PAGE_SIZES, saveBlob } from '../../crud';
import './contractDrift.css';

const TAG: Record<DriftSeverity, 'danger' | 'warning' | 'info'> = { error: 'danger', warning: 'warning', info: 'info' };

/** The file name the server proposes in Content-Disposition is not readable from a Blob; this one matches it. */
function exportName(now = Date.now()): string {
  return `contract-drift-${dayjs(now).format('YYYYMMDD-HHmmss')}.json`;
}

/** The example of one drift: HTTP status, redacted query and the trimmed, redacted body as JSON. */
function Example({ entry }: { entry: DriftEntry }) {
  const { t } = useTranslation();
  return (
    <div className="drift-example" data-testid="drift-example">
      <p>
        <Tag value={t(`contractDrift.kinds.${entry.kind}`)} severity={TAG[entry.severity]} /> {t('contractDrift.exampleStatus', { status: entry.example.status })}
        {entry.example.query && <> · {t('contractDrift.exampleQuery', { query: entry.example.query })}</>}
      </p>
      {entry.example.trimmed && <p className="drift-example__note">{t('contractDrift.exampleTrimmed')}</p>}
      <pre tabIndex={0} aria-label={t('contractDrift.columns.example')} data-testid="drift-example-json">
        {typeof entry.example.body === 'string' ? entry.example.body : JSON.stringify(entry.example.body, null, 2)}
      </pre>
    </div>
  );
}

/**
 * /system/contractDrift (administrators only, route meta roles `super`): where the
 * platform's answers differ from the contract, as the server's drift monitor counted them
 * (GET /console/drift). Columns: endpoint, field, kind, expected, seen, count, first and last seen,
 * and the redacted example in a dialog. Refresh reads the list again; "Export JSON" downloads the
 * report for the platform team; Reset (confirmed) forgets every drift. In mock mode the list is
 * empty unless something observed platform answers: the mock is the contract.
 */
export default function ContractDriftPage() {
  const { t } = useTranslation();
  // The monitor's report is server state: a query (keyed apart from the contract's groups), refetched on demand.
  const reportQuery = useQuery({ queryKey: ['contractDrift', 'list'], queryFn: () => driftApi.list(), staleTime: 0 });
  const report: DriftReport | null = reportQuery.data ?? null;
  const loading = reportQuery.isFetching;
  const load = () => reportQuery.refetch();
  const [exporting, setExporting] = useState(false);
  const [example, setExample] = useState<DriftEntry | null>(null);


  const exportJson = async () => {
    setExporting(true);
    try {
      saveBlob(await driftApi.download(), exportName());
    } catch {
      // Shown by the HTTP client.
    } finally {
      setExporting(false);
    }
  };

  const reset = () =>
    confirmDialog({
      header: t('contractDrift.reset'),
      message: t('contractDrift.resetConfirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          const r = await driftApi.reset();
          notify({ mode: 'toast', message: t('contractDrift.resetDone', { count: r.count }) }, 'success');
        } catch {
          // Shown by the HTTP client.
        }
        void load();
      },
    });

  const s = report?.stats;
  const time = (ms: number) => dayjs(ms).format(DATETIME_FORMAT);
  return (
    <div className="drift-page" data-testid="drift-page">
      <section className="drift-card">
        <header className="drift-card__head">
          <div>
            <h2>{t('contractDrift.title')}</h2>
            <p>{t('contractDrift.desc')}</p>
          </div>
          <div className="drift-card__actions">
            <Button label={t('contractDrift.refresh')} icon="pi pi-refresh" size="small" outlined loading={loading} onClick={() => void load()} data-testid="drift-refresh" />
            <Button label={t('contractDrift.export')} icon="pi pi-download" size="small" outlined loading={exporting} disabled={!report?.entries.length} onClick={() => void exportJson()} data-testid="drift-export" />
            <Button label={t('contractDrift.reset')} icon="pi pi-trash" size="small" severity="danger" outlined disabled={!report?.entries.length} onClick={reset} data-testid="drift-reset" />
          </div>
        </header>
        {report && !report.enabled && <Message severity="warn" className="drift-message" text={t('contractDrift.off')} data-testid="drift-off" />}
        {s && (
          <p className="drift-stats" data-testid="drift-stats">
            {t('contractDrift.stats', { ...s, notChecked: s.binary + s.truncated + s.notInContract + s.notPlatform + s.dropped + s.sampledOut })}
          </p>
        )}
        {!!s?.droppedKeys && <Message severity="warn" className="drift-message" text={t('contractDrift.droppedKeys', { count: s.droppedKeys })} />}
      </section>
      <section className="drift-card">
        <DataTable
          value={report?.entries ?? []}
          dataKey="id"
          loading={loading && !report}
          paginator
          // One page or none needs no pager (and an empty list's disabled page-size box would be
          // drawn in the faint disabled colour).
          alwaysShowPaginator={false}
          rows={10}
          rowsPerPageOptions={[...PAGE_SIZES]}
          size="small"
          stripedRows
          sortMode="single"
          emptyMessage={t('contractDrift.empty')}
          data-testid="drift-table"
        >
          <Column field="endpoint" header={t('contractDrift.columns.endpoint')} sortable bodyClassName="drift-cell--code" style={{ minWidth: 220 }} />
          <Column field="field" header={t('contractDrift.columns.field')} sortable body={(e: DriftEntry) => (e.field ? <code>{e.field}</code> : t('contractDrift.body'))} />
          <Column field="kind" header={t('contractDrift.columns.kind')} sortable bodyClassName="drift-cell--nowrap" body={(e: DriftEntry) => <Tag value={t(`contractDrift.kinds.${e.kind}`)} severity={TAG[e.severity]} data-testid="drift-kind" />} />
          <Column field="expected" header={t('contractDrift.columns.expected')} bodyClassName="drift-cell--wrap" style={{ minWidth: 120 }} />
          <Column header={t('contractDrift.columns.seen')} body={(e: DriftEntry) => e.seen.join(', ')} bodyClassName="drift-cell--wrap" style={{ minWidth: 110 }} />
          <Column field="count" header={t('contractDrift.columns.count')} sortable style={{ width: 90 }} />
          <Column field="firstSeen" header={t('contractDrift.columns.firstSeen')} sortable body={(e: DriftEntry) => time(e.firstSeen)} style={{ width: 170 }} />
          <Column field="lastSeen" header={t('contractDrift.columns.lastSeen')} sortable body={(e: DriftEntry) => time(e.lastSeen)} style={{ width: 170 }} />
          <Column
            header={t('contractDrift.columns.example')}
            style={{ width: 90 }}
            body={(e: DriftEntry) => <Button label={t('contractDrift.open')} link size="small" className="p-0" aria-label={`${t('contractDrift.open')} ${e.endpoint} ${e.field}`} onClick={() => setExample(e)} data-testid="drift-open" />}
          />
        </DataTable>
      </section>
      <Dialog
        header={example ? t('contractDrift.exampleTitle', { endpoint: example.endpoint, field: example.field || t('contractDrift.body') }) : ''}
        visible={example !== null}
        onHide={() => setExample(null)}
        style={{ width: 'min(820px, 94vw)' }}
        modal
        draggable={false}
        dismissableMask
        data-testid="drift-example-dialog"
      >
        {example && <Example entry={example} />}
      </Dialog>
    </div>
  );
}
