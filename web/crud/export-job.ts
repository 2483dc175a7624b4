import { api } from '../api/client';
import { crudEnv } from './env';
import { LINK_TOAST_LIFE_MS } from '../services/notify';

/**
 * The rule between the two exports of a list: a filter of at most this many rows is written at once
 * in the tab (web/crud/export.ts); a larger one is an export job on the server (server/exports),
 * downloaded from the user's export jobs when done. 5,000 rows of a dozen columns are a few pages
 * and a second in the tab; beyond, a tab closing or a second export must not lose the work.
 */
export const EXPORT_IN_TAB_MAX_ROWS = 5000;

/** What a list hands over to start its export job. */
export interface ExportJobRequest {
  /** The screen's route (`/order/index`). */
  path: string;
  /** The contract entity listed. */
  entity: string;
  /** The screen name in the user's language (the sheet and the file are named after it). */
  title: string;
  /** The list request as the screen sends it (filters, sort); paging is the job's. */
  body: Record<string, unknown>;
  /** The columns as the screen shows them: field and header. */
  columns: { field: string; header: string }[];
}

/**
 * Starts an export job of the list (`exportJob.add`) and says so: a toast with a link to the export
 * jobs (when the shell offers them, `configureCrud({ openExportJobs })`). A refusal (a limit, the
 * rows bound) is shown by the HTTP client and answers null.
 * @param texts the toast's message and the link's label, in the user's language.
 */
export async function startExportJob(req: ExportJobRequest, texts: { started: string; jobs: string }): Promise<{ id: number } | null> {
  const { pageNum: _n, pageSize: _s, ...body } = req.body;
  try {
    const job = await api.exportJob.add({ ...req, body, columns: req.columns.map((c) => ({ field: c.field, header: c.header.slice(0, 64) || c.field })) });
    const env = crudEnv();
    env.notify(texts.started, 'info', env.openExportJobs ? { action: { label: texts.jobs, run: env.openExportJobs }, life: LINK_TOAST_LIFE_MS } : undefined);
    return { id: job.id };
  } catch {
    // Shown by the HTTP client (a limit reached, too many rows for one job).
    return null;
  }
}
