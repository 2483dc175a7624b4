import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import type { ExportJob } from '../../../server/contract/exports';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { downloadJob, RUNNING_POLL_MS } from './use-export-jobs';

const PAGE_SIZE = 10;

const SEVERITY: Record<ExportJob['status'], 'info' | 'success' | 'danger' | 'warning' | undefined> = { queued: undefined, running: 'info', done: 'success', failed: 'danger', cancelled: 'warning' };

/** A size in bytes as KB or MB with one decimal. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export jobs (导出任务), from the user menu, for every user: their own jobs, newest first, with
 * status, progress, rows (of the filter's total), size, when made and why one failed; cancel while
 * queued or running, download when a file is kept (done, or failed with the rows written before a
 * list call failed), retry once ended (a new job with the same screen, filters and columns). The
 * page is read again every few seconds while one of its jobs runs. Texts `shell.exports.*`.
 */
export default function ExportJobsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(0);
  const pageNum = first / PAGE_SIZE + 1;
  const q = readQuery('exportJob', 'list', { pageNum, pageSize: PAGE_SIZE }, ({ signal }) => api.exportJob.list({ pageNum, pageSize: PAGE_SIZE }, { signal }));
  const { data, isFetching } = useQuery({
    ...q,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((j) => j.status === 'queued' || j.status === 'running') ? RUNNING_POLL_MS : false),
  });
  // The typed client's writes drop every read of `exportJob`: the page and the badge load again.
  const cancel = useMutation({ mutationFn: (id: number) => api.exportJob.cancel({ id }) });
  const retry = useMutation({ mutationFn: (id: number) => api.exportJob.retry({ id }) });

  const status = (j: ExportJob) => (
    <span className="export-jobs-status">
      <Tag value={t(`shell.exports.status.${j.status}`)} severity={SEVERITY[j.status]} data-testid="export-job-status" />
      {j.message && <small className="export-jobs-message">{j.message}</small>}
    </span>
  );
  const progress = (j: ExportJob) => (j.status === 'running' || j.status === 'queued' ? <ProgressBar value={j.progress} style={{ height: '1rem' }} aria-label={t('shell.exports.columns.progress')} /> : `${j.progress}%`);
  const actions = (j: ExportJob) => (
    <span className="export-jobs-actions">
      {(j.status === 'queued' || j.status === 'running') && <Button label={t('shell.exports.cancel')} size="small" text severity="danger" onClick={() => cancel.mutate(j.id)} disabled={cancel.isPending} data-testid="export-job-cancel" />}
      {j.downloadable && <Button label={t('shell.exports.download')} size="small" text onClick={() => void downloadJob(j).catch(() => undefined)} data-testid="export-job-download" />}
      {(j.status === 'done' || j.status === 'failed' || j.status === 'cancelled') && <Button label={t('shell.exports.retry')} size="small" text onClick={() => retry.mutate(j.id)} disabled={retry.isPending} data-testid="export-job-retry" />}
    </span>
  );

  return (
    <Dialog visible={visible} onHide={onHide} header={t('shell.exports.title')} style={{ width: 'min(1080px, 96vw)' }} modal data-testid="export-jobs">
      <p className="export-jobs-rule">{t('shell.exports.rule')}</p>
      <DataTable
        value={data?.list ?? []}
        dataKey="id"
        lazy
        paginator
        first={first}
        rows={PAGE_SIZE}
        totalRecords={data?.total ?? 0}
        onPage={(e: DataTableStateEvent) => setFirst(e.first)}
        loading={isFetching && !data}
        emptyMessage={t('shell.exports.empty')}
        size="small"
        data-testid="export-jobs-table"
      >
        <Column field="title" header={t('shell.exports.columns.title')} />
        <Column header={t('shell.exports.columns.status')} body={status} />
        <Column header={t('shell.exports.columns.progress')} body={progress} style={{ width: '9rem' }} />
        <Column header={t('shell.exports.columns.rows')} body={(j: ExportJob) => (j.status === 'done' ? j.rows.toLocaleString() : `${j.rows.toLocaleString()} / ${j.total.toLocaleString()}`)} />
        <Column header={t('shell.exports.columns.size')} body={(j: ExportJob) => formatBytes(j.bytes)} />
        <Column field="createTime" header={t('shell.exports.columns.createTime')} />
        <Column header={t('shell.exports.columns.actions')} body={actions} />
      </DataTable>
    </Dialog>
  );
}
