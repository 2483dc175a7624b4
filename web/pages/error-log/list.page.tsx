import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { callMissingEndpoint } from '../../api/demo';
import { ErrorBoundary } from '../../services/error-boundary';
import { errorLog, useErrorLogEntries, type ErrorLogEntry, type ErrorType } from '../../services/error-log/error-log';
import { updateProjectConfig, useProjectConfig } from '../../services/project-config';
import './list.css';

/** Tag colour per type (spec §8 types; `react` stands for the spec's render-error type). */
const SEVERITY: Record<ErrorType, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast' | undefined> = {
  react: 'success',
  script: 'warning',
  resource: 'info',
  ajax: 'danger',
  promise: 'contrast',
  contract: 'info',
};

/** Spec §9 table page sizes. */
const PAGE_SIZES = [10, 50, 80, 100];

/** Throws while rendering: the render-error demo. */
function Bomb({ message }: { message: string }): null {
  throw new Error(message);
}

/** Type, name, message… of one entry, with the stack and the detail JSON as code blocks. */
function EntryDetail({ entry }: { entry: ErrorLogEntry }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    ['type', <Tag key="t" value={entry.type} severity={SEVERITY[entry.type]} />],
    ['name', entry.name],
    ['message', entry.message],
    ['url', entry.url],
    ['file', entry.file || '—'],
    ['time', entry.time],
  ];
  return (
    <div className="error-log-detail" data-testid="error-log-detail">
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} className="error-log-detail__row">
            <dt>{t(`errorLog.detail.${k}`)}</dt>
            <dd data-field={k}>{v}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('errorLog.detail.stack')}</h4>
      <pre data-field="stack">{entry.stack || '—'}</pre>
      <h4>{t('errorLog.detail.detail')}</h4>
      <pre data-field="detail">{entry.detail || '—'}</pre>
    </div>
  );
}

/**
 * The error log list (spec §2 /error-log/list, §8; behaviour notes "Error log"): the captured
 * errors newest first with a detail view, and buttons that raise each error type on purpose so QA
 * can see capture work. Opening it resets the header badge.
 */
export default function ErrorLogListPage() {
  const { t } = useTranslation();
  const entries = useErrorLogEntries();
  const enabled = useProjectConfig((c) => c.useErrorHandle);
  const [detail, setDetail] = useState<ErrorLogEntry | null>(null);
  const [bomb, setBomb] = useState(false);
  const [brokenImages, setBrokenImages] = useState<number[]>([]);

  useEffect(() => errorLog.resetCount(), []);

  const raise = {
    react: () => setBomb(true),
    script: () =>
      setTimeout(() => {
        throw new Error(t('errorLog.demo.scriptMessage'));
      }, 0),
    promise: () => void Promise.reject(new Error(t('errorLog.demo.promiseMessage'))),
    resource: () => setBrokenImages((l) => [...l, Date.now()]),
    // Handled here; the HTTP client logs it through its logError hook and shows its toast.
    ajax: () => void callMissingEndpoint().catch(() => {}),
  };

  return (
    <div className="error-log-page" data-testid="error-log-page">
      <section className="error-log-card">
        <header className="error-log-card__head">
          <div>
            <h2>{t('errorLog.title')}</h2>
            <p>{t('errorLog.desc')}</p>
          </div>
          <Button label={t('errorLog.clear')} icon="pi pi-trash" severity="secondary" outlined size="small" onClick={() => errorLog.clear()} disabled={!entries.length} data-testid="error-log-clear" />
        </header>
        {!enabled && (
          <Message
            severity="warn"
            className="error-log-off"
            content={
              <div className="error-log-off__body">
                <span>{t('errorLog.off')}</span>
                <Button label={t('errorLog.turnOn')} size="small" onClick={() => updateProjectConfig({ useErrorHandle: true })} data-testid="error-log-turn-on" />
              </div>
            }
          />
        )}
        <div className="error-log-raise">
          <span className="error-log-raise__title">{t('errorLog.raise.title')}</span>
          {(['react', 'script', 'promise', 'resource', 'ajax'] as const).map((k) => (
            <Button key={k} label={t(`errorLog.raise.${k}`)} size="small" outlined severity={k === 'ajax' ? 'danger' : undefined} onClick={raise[k]} data-testid={`raise-${k}`} />
          ))}
        </div>
        <ErrorBoundary
          fallback={(_e, reset) => (
            <Message
              severity="error"
              className="error-log-crashed"
              content={
                <div className="error-log-off__body" data-testid="error-log-crashed">
                  <span>{t('errorLog.demo.crashed')}</span>
                  <Button
                    label={t('errorLog.demo.reset')}
                    size="small"
                    text
                    onClick={() => {
                      setBomb(false);
                      reset();
                    }}
                  />
                </div>
              }
            />
          )}
        >
          {bomb && <Bomb message={t('errorLog.demo.renderMessage')} />}
        </ErrorBoundary>
        {brokenImages.map((k) => (
          <img key={k} src={`/__no_such_image__/${k}.png`} alt="" className="error-log-broken-img" aria-hidden />
        ))}
      </section>

      <section className="error-log-card">
        <DataTable
          value={entries as ErrorLogEntry[]}
          dataKey="id"
          paginator
          rows={10}
          rowsPerPageOptions={PAGE_SIZES}
          size="small"
          stripedRows
          emptyMessage={t('errorLog.empty')}
          data-testid="error-log-table"
        >
          <Column header={t('errorLog.columns.type')} body={(e: ErrorLogEntry) => <Tag value={e.type} severity={SEVERITY[e.type]} data-testid="error-log-type" />} style={{ width: 110 }} />
          <Column field="message" header={t('errorLog.columns.message')} bodyClassName="error-log-cell--wrap" />
          <Column field="url" header={t('errorLog.columns.url')} bodyClassName="error-log-cell--url" style={{ width: '26%' }} />
          <Column field="time" header={t('errorLog.columns.time')} style={{ width: 170 }} />
          <Column
            header={t('errorLog.columns.action')}
            style={{ width: 100 }}
            body={(e: ErrorLogEntry) => <Button label={t('errorLog.detail.open')} link size="small" className="p-0" onClick={() => setDetail(e)} data-testid="error-log-open" />}
          />
        </DataTable>
      </section>

      <Dialog header={t('errorLog.detail.title')} visible={detail !== null} onHide={() => setDetail(null)} style={{ width: 'min(760px, 94vw)' }} modal draggable={false} dismissableMask>
        {detail && <EntryDetail entry={detail} />}
      </Dialog>
    </div>
  );
}
