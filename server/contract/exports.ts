import { Type, type Static } from 'typebox';
import { defineAction } from './entity.js';

/**
 * The export centre: the console's own endpoints (never relayed to the platform), served by
 * server/exports in every mode under `/console/exportJob/*`. An export is a job on the server: the
 * console pages through the screen's list endpoint with the user's own session and filters (through
 * itself, so the platform answers in proxy mode), writes one `.xlsx` sheet named after the screen
 * to disk as the pages arrive, and reports progress. A user sees and handles only their own jobs.
 *
 * - `status`: `queued` (accepted, not started), `running`, `done` (the file is ready), `failed`
 *   (`message` says why; rows written before a failing list call are kept and downloadable),
 *   `cancelled` (no file).
 * - Limits (server settings, each refusal names it): jobs at once per user (`EXPORT_PER_USER`) and
 *   in all (`EXPORT_CONCURRENCY`), rows per job (`EXPORT_MAX_ROWS`, 1,000,000 by default), the
 *   folder's quota (`EXPORT_QUOTA_MB`); jobs and files are deleted after `EXPORT_DAYS`.
 * - A restart marks jobs that were queued or running `failed`.
 */

/** A job's state (see the module comment). */
export const ExportJobStatus = Type.Union(
  [Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')],
  { description: 'queued, running, done, failed or cancelled' },
);
export type ExportJobStatus = Static<typeof ExportJobStatus>;

/** One column of the sheet as the screen shows it: the contract field and its header in the user's language. */
export const ExportColumn = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description: "a field of the entity's records" }),
    header: Type.String({ minLength: 1, maxLength: 64, description: 'the column header the screen shows' }),
  },
  { additionalProperties: false },
);
export type ExportColumn = Static<typeof ExportColumn>;

/** One job as the endpoints answer it. */
export const ExportJob = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  path: Type.String({ description: "the screen's route, e.g. /order/index" }),
  entity: Type.String({ description: "the contract entity listed, e.g. order" }),
  title: Type.String({ description: 'the screen name (the sheet and the file are named after it)' }),
  status: ExportJobStatus,
  rows: Type.Integer({ minimum: 0, description: 'rows written so far' }),
  total: Type.Integer({ minimum: 0, description: 'rows the filter holds (the list’s total at the start)' }),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'percent of `total` written' }),
  bytes: Type.Integer({ minimum: 0, description: 'size of the file so far' }),
  fileName: Type.String({ description: 'the download’s name: screen name and start time, `.xlsx`' }),
  message: Type.String({ description: 'why it failed or stopped short, in the caller’s language; empty otherwise' }),
  downloadable: Type.Boolean({ description: 'true when a file can be downloaded (done, or failed with rows kept)' }),
  createTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
  finishTime: Type.Union([Type.Null(), Type.String()], { description: 'when it ended; null while queued or running' }),
});
export type ExportJob = Static<typeof ExportJob>;

/** The bounds of an export request (the server's own limits are settings, see the module comment). */
export const EXPORT_REQUEST_LIMITS = { maxColumns: 60, maxBodyBytes: 8192 } as const;

const JobId = Type.Object({ id: Type.Integer({ minimum: 1, description: 'the job, as `id` of exportJob.list' }) }, { additionalProperties: false });

/** The body of `exportJob.add`. */
export const ExportJobAddPayload = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 128, pattern: '^/[A-Za-z0-9/_-]*$', description: "the screen's route" }),
    entity: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'the contract entity the screen lists' }),
    title: Type.String({ minLength: 1, maxLength: 64, description: 'the screen name in the user’s language' }),
    body: Type.Record(Type.String(), Type.Unknown(), { description: 'the list request body as the screen sends it (paging is the job’s)' }),
    columns: Type.Array(ExportColumn, { minItems: 1, maxItems: EXPORT_REQUEST_LIMITS.maxColumns }),
  },
  { additionalProperties: false },
);
export type ExportJobAddPayload = Static<typeof ExportJobAddPayload>;

export const exportJobAdd = defineAction({
  name: 'exportJob.add',
  path: '/console/exportJob/add',
  area: 'system',
  summary: "Start an export job of a list screen: its route, its entity, its list request body (filters, sort) and the columns it shows; refused past a limit",
  payload: ExportJobAddPayload,
  result: ExportJob,
});

export const exportJobList = defineAction({
  name: 'exportJob.list',
  path: '/console/exportJob/list',
  area: 'system',
  summary: "The caller's own export jobs, newest first (`running`: only queued and running ones)",
  payload: Type.Object(
    {
      pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
      running: Type.Optional(Type.Boolean({ description: 'true: only jobs queued or running' })),
    },
    { additionalProperties: false },
  ),
  payloadOptional: true,
  result: Type.Object({ list: Type.Array(ExportJob), total: Type.Integer({ minimum: 0 }) }),
});

export const exportJobInfo = defineAction({
  name: 'exportJob.info',
  path: '/console/exportJob/info',
  area: 'system',
  summary: "One of the caller's export jobs: status, rows, progress (another user's id answers 404)",
  payload: JobId,
  result: ExportJob,
});

export const exportJobCancel = defineAction({
  name: 'exportJob.cancel',
  path: '/console/exportJob/cancel',
  area: 'system',
  summary: "Cancel one of the caller's queued or running jobs (its file is deleted)",
  payload: JobId,
  result: ExportJob,
});

export const exportJobRetry = defineAction({
  name: 'exportJob.retry',
  path: '/console/exportJob/retry',
  area: 'system',
  summary: "Start a new job with the same screen, filters and columns as one of the caller's ended jobs",
  payload: JobId,
  result: ExportJob,
});

export const exportJobDownload = defineAction({
  name: 'exportJob.download',
  method: 'GET',
  kind: 'download',
  path: '/console/exportJob/download',
  area: 'system',
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  summary: "The workbook of one of the caller's jobs (`?id=`); the owner's session only (another user's answers 404)",
});

/** The export endpoints as the contract lists them (/docs, the typed client). */
export const EXPORT_ENDPOINTS = [exportJobAdd, exportJobList, exportJobInfo, exportJobCancel, exportJobRetry, exportJobDownload] as const;
