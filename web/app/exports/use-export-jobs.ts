import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../../../server/contract/exports';
import { api } from '../../api/client';
import { queryClient, readQuery } from '../../api/query';
import { saveBlob } from '../../crud/save';
import { useLiveEvents } from '../../services/live';
import { LINK_TOAST_LIFE_MS, notify } from '../../services/notify';
import { openExportJobs } from './export-jobs-store';

/** How often the running jobs are read while one runs (progress on the badge and the screen), in ms. */
export const RUNNING_POLL_MS = 3000;

/** The signed-in user's queued and running export jobs (at most 20, newest first). */
export const runningJobsQuery = readQuery('exportJob', 'list', { running: true, pageSize: 20 }, ({ signal }) =>
  api.exportJob.list({ running: true, pageSize: 20 }, { signal, errorMode: 'none', ignoreCancel: true, shell: true }),
);

/** Saves a job's workbook under its name (screen name and time). Errors are shown by the HTTP client. */
export async function downloadJob(job: Pick<ExportJob, 'id' | 'fileName'>): Promise<void> {
  const blob = await api.exportJob.download({ id: job.id });
  saveBlob(blob, job.fileName);
}

/**
 * The user's running export jobs for the shell: their count (the user menu's badge), read once at
 * sign-in, polled every {@link RUNNING_POLL_MS} while one runs, and again at each job's live event.
 * When a job ends, a toast says so once (done: with a link that downloads it; failed: with the
 * reason and a link to the jobs): the live event of its end (server/exports, to its owner only)
 * brings that at once; a job seen running that leaves the running list brings it at the latest a
 * poll later (no live stream: a proxy without events).
 */
export function useRunningExports(): number {
  const { t } = useTranslation();
  const { data } = useQuery({ ...runningJobsQuery, refetchInterval: (q) => ((q.state.data?.total ?? 0) > 0 ? RUNNING_POLL_MS : false) });
  const told = useRef(new Set<number>());
  const seen = useRef(new Set<number>());
  const latest = useRef(t);
  latest.current = t;
  const tell = useRef((id: number) => {
    if (told.current.has(id)) return;
    void api.exportJob.info({ id }, { errorMode: 'none' }).then((job) => {
      if (told.current.has(id) || (job.status !== 'done' && job.status !== 'failed')) return;
      told.current.add(id);
      const tr = latest.current;
      if (job.status === 'done') notify({ mode: 'toast', message: tr('shell.exports.doneNotice', { title: job.title, rows: job.rows }) }, 'success', undefined, { action: { label: tr('shell.exports.download'), run: () => void downloadJob(job) }, life: LINK_TOAST_LIFE_MS });
      else notify({ mode: 'toast', message: tr('shell.exports.failedNotice', { title: job.title, reason: job.message }) }, 'warn', undefined, { action: { label: tr('shell.exports.title'), run: openExportJobs }, life: LINK_TOAST_LIFE_MS });
    }, () => undefined);
  });
  useLiveEvents('exportJob', (e) => {
    void queryClient.invalidateQueries({ queryKey: ['exportJob'] });
    tell.current(e.recordId);
  });
  const list = data?.list;
  useEffect(() => {
    const now = new Set((list ?? []).map((j) => j.id));
    for (const id of seen.current) if (!now.has(id)) tell.current(id);
    seen.current = now;
  }, [list]);
  return data?.total ?? 0;
}
