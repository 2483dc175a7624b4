import { useRef, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ApiError } from '../../../api/http';
import { notify } from '../../../services/notify';
import { saveBlob } from '../../../crud';
import './parts.css';

/** What an import answers (server/contract/inventory.ts `ImportResult`). */
export interface ImportResult {
  preview: boolean;
  total: number;
  bad: number;
  count: number;
  batchNo?: string;
  rows: { row: number; values: Record<string, string | number | null>; problems: string[] }[];
}

/** The spreadsheet imports of the contract (file + text fields → an import report). */
export type ImportCall = (file: Blob, opts: { data: Record<string, string>; errorMode: 'none' }) => Promise<unknown>;
/** The template downloads of the contract. */
export type TemplateCall = () => Promise<Blob>;

export interface ImportDialogProps {
  visible: boolean;
  onHide: () => void;
  title: string;
  /** The upload action taking `file` and `preview` (multipart, spec §7): `api.card.importExcel`… */
  importCall: ImportCall;
  /** The download action of the empty template (`api.card.template`…), and the file name to save it as. */
  templateCall: TemplateCall;
  templateName: string;
  /** Extra form fields sent with the file (the owner of CDKs, a default goods). */
  data?: Record<string, unknown>;
  /** Preview columns: value key → label. */
  columns: { field: string; label: string }[];
  onImported: (r: ImportResult) => void;
  /** Inputs the page needs before a file is read (a CDK's face value); the file picker waits for `ready`. */
  extra?: ReactNode;
  ready?: boolean;
}

/**
 * Spreadsheet import with a preview: choose an .xlsx file, the server checks every row
 * without importing (`preview=true`) and the dialog shows the rows with each bad row's problems;
 * Import sends the same file for real, all or none. A file with bad rows cannot be imported: every
 * bad row is named so it can be fixed. General part, written to move into web/crud.
 */
export function ImportDialog({ visible, onHide, title, importCall, templateCall, templateName, data = {}, columns, onImported, extra, ready = true }: ImportDialogProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = (f: File, asPreview: boolean) => importCall(f, { data: { ...data, preview: String(asPreview) }, errorMode: 'none' }) as Promise<ImportResult>;
  // The check and the import are two writes through TanStack's mutations: pending, answer and error are theirs.
  const check = useMutation({ mutationFn: (f: File) => upload(f, true) });
  const commit = useMutation({
    mutationFn: (f: File) => upload(f, false),
    onSuccess: (r) => {
      notify({ mode: 'toast', message: t('inventory.import.done', { count: r.count }) }, 'success');
      reset();
      onImported(r);
    },
  });
  const preview = check.data ?? null;
  const busy = check.isPending || commit.isPending;
  const failure = check.error ?? commit.error;
  const error = failure instanceof ApiError && failure.kind !== 'canceled' ? failure.message : null;

  const reset = () => {
    setFile(null);
    check.reset();
    commit.reset();
    if (input.current) input.current.value = '';
  };
  const template = async () => {
    try {
      saveBlob(await templateCall(), templateName);
    } catch {
      // Shown by the HTTP client.
    }
  };
  const bad = preview?.rows.filter((r) => r.problems.length) ?? [];

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        reset();
        onHide();
      }}
      header={title}
      style={{ width: 'min(900px, 96vw)' }}
      modal
      draggable={false}
      data-testid="import-dialog"
      footer={
        <div className="crud-form__footer">
          <Button label={t('crud.cancel')} severity="secondary" outlined onClick={() => { reset(); onHide(); }} />
          <Button
            label={preview ? t('inventory.import.commit', { count: preview.count }) : t('inventory.import.commitEmpty')}
            icon="pi pi-check"
            loading={busy}
            disabled={busy || !file || !preview || preview.bad > 0 || preview.count === 0}
            onClick={() => file && commit.mutate(file)}
            data-testid="import-commit"
          />
        </div>
      }
    >
      <div className="inv-import">
        <p className="inv-import__hint">{t('inventory.import.hint')}</p>
        {extra}
        <div className="inv-import__pick">
          <input
            ref={input}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('inventory.import.choose')}
            disabled={!ready}
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              commit.reset();
              if (f) check.mutate(f);
              else check.reset();
            }}
            data-testid="import-file"
          />
          <Button label={t('inventory.import.template')} icon="pi pi-file-excel" size="small" severity="secondary" outlined onClick={() => void template()} data-testid="import-template" />
        </div>
        {error && <Message severity="error" text={error} className="inv-import__error" data-testid="import-error" />}
        {preview && (
          <>
            <div className={`inv-import__summary${preview.bad ? ' is-bad' : ''}`} data-testid="import-summary">
              {preview.bad ? t('inventory.import.summaryBad', { total: preview.total, bad: preview.bad }) : t('inventory.import.summaryOk', { total: preview.total })}
            </div>
            {bad.length > 0 && (
              <ul className="inv-import__problems" data-testid="import-problems">
                {bad.map((r) => (
                  <li key={r.row}>
                    <b>{t('inventory.import.row', { row: r.row })}</b> {r.problems.join('; ')}
                  </li>
                ))}
              </ul>
            )}
            <DataTable value={preview.rows} dataKey="row" size="small" scrollable scrollHeight="280px" rowClassName={(r: ImportResult['rows'][number]) => (r.problems.length ? 'inv-import__bad-row' : '')} data-testid="import-preview">
              <Column field="row" header={t('inventory.import.rowNo')} style={{ width: 70 }} />
              {columns.map((c) => (
                <Column key={c.field} header={c.label} body={(r: ImportResult['rows'][number]) => (r.values[c.field] ?? '') as string} />
              ))}
              <Column header={t('inventory.import.check')} body={(r: ImportResult['rows'][number]) => (r.problems.length ? <span className="p-error">{r.problems.join('; ')}</span> : <i className="pi pi-check inv-ok" aria-label="OK" />)} />
            </DataTable>
          </>
        )}
      </div>
    </Dialog>
  );
}
