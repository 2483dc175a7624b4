import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Config } from '../config.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import { ENTITIES, ENTITY, type AnyEntity } from '../contract/index.js';
import { ResultCode } from '../contract/envelope.js';
import { ENUMS } from '../contract/fields.js';
import { EXPORT_REQUEST_LIMITS, exportJobAdd, exportJobCancel, exportJobDownload, exportJobInfo, exportJobList, exportJobRetry, type ExportColumn, type ExportJob } from '../contract/exports.js';
import type { Refusal } from '../contract/messages.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import { langOf, localizedMessage, refusalOf } from '../plugins/localize.js';
import type { EventHub } from '../events/hub.js';
import type { ConsoleSessions } from '../sessions/index.js';
import { ExportJobStore, ownerOf, type JobRow } from './store.js';
import { sheetName, XlsxStreamWriter, type CellStyle, type SheetColumn } from './xlsx.js';

export { EXPORT_MIGRATIONS } from './store.js';

/** Test and bench hooks of the export jobs; production passes none. */
export interface ExportJobsOptions {
  /** Rows asked per list request, always; default: chosen per page so that a step takes about 8 ms (50 to 800 rows). */
  pageSize?: number;
  /** Awaited before each list request after the first, with the rows written so far (tests hold a job between pages). */
  beforePage?: (jobId: number, rowsWritten: number) => Promise<void>;
}

/** Each entity's list endpoint and fields, by entity name. */
const LISTS = new Map<string, { path: string; entity: AnyEntity }>();
for (const e of ENTITIES as readonly AnyEntity[]) {
  const list = e.endpoints.find((ep) => ep.op === 'list');
  if (list) LISTS.set(e.name, { path: list.path, entity: e });
}

const PERSIST_EVERY_MS = 1000;
/** A queued or running job whose console has not written its beat for this long has lost it (restart, crash). */
const STALE_AFTER_MS = 30_000;
/** How often a console looks for such jobs, in ms. */
const STALE_SWEEP_MS = 15_000;
const PRUNE_EVERY_MS = 24 * 3600_000;
/**
 * The page sizes a job asks with: each divides the next, so a job moving to a larger one (once the
 * rows written are a multiple of it) still asks `pageNum`/`pageSize` pages that start where it is.
 */
const PAGE_SIZES = [50, 100, 200, 400, 800] as const;
/** The event-loop time one step of a job (asking a page, or writing it) aims at, in ms. */
const SLICE_MS = 8;

/**
 * How a job gives way between its steps: at once (`setImmediate`) while no request has reached
 * the server since its last step, else for as long as that step took, so that while users work
 * they get at least half of the event loop and a request waits at most about one step (the
 * console's lists stay quick during an export). `received()` counts the requests the HTTP server
 * has received (the job's own `inject` calls are not among them). Answers whether requests came.
 */
function fairShare(received: () => number): () => Promise<boolean> {
  let seen = received();
  let resumed = performance.now();
  return async () => {
    const stepMs = performance.now() - resumed;
    const busy = received() !== seen;
    seen = received();
    await new Promise<void>((resolve) => (busy ? setTimeout(resolve, Math.max(1, Math.round(stepMs))) : setImmediate(resolve)));
    resumed = performance.now();
    return busy;
  };
}


/** How one column's values become cells: the style and the conversion of a record's value. */
export interface CellRule {
  style: CellStyle;
  cell: (v: unknown) => string | number | null;
}

/**
 * The cell rule of a contract field: money in yuan (cents / 100) formatted `#,##0.00`, enumerations
 * by their label, a reference (`x-ref`) by its record's label when `refs` (id → label of that
 * entity) holds it (several joined by `, `; an id not there stays the id), numbers as numbers, the
 * rest as text.
 */
export function ruleOf(schema: TSchema | undefined, lang: 'zh_CN' | 'en', refs?: ReadonlyMap<number, string>): CellRule {
  const s = (schema ?? {}) as Record<string, unknown>;
  const text = (v: unknown): string | number | null => (v === null || v === undefined ? null : Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'number' ? v : String(v));
  if (refs && typeof s['x-ref'] === 'string') {
    const one = (v: unknown) => (typeof v === 'number' ? (refs.get(v) ?? String(v)) : String(v));
    return { style: 'text', cell: (v) => (v === null || v === undefined ? null : Array.isArray(v) ? v.map(one).join(', ') : one(v)) };
  }
  if (s['x-kind'] === 'money') return { style: 'money', cell: (v) => (typeof v === 'number' ? v / 100 : text(v)) };
  const enumName = typeof s['x-enum'] === 'string' ? s['x-enum'] : null;
  if (enumName && ENUMS[enumName]) {
    const def = ENUMS[enumName];
    return { style: 'text', cell: (v) => (typeof v === 'number' ? def.label(v, lang) : text(v)) };
  }
  if (s.type === 'boolean') return { style: 'text', cell: (v) => (typeof v === 'boolean' ? (lang === 'en' ? (v ? 'Yes' : 'No') : v ? '是' : '否') : text(v)) };
  if (s.type === 'integer' || s.type === 'number') return { style: 'number', cell: (v) => (typeof v === 'number' ? v : text(v)) };
  return { style: 'text', cell: text };
}

/** The download's name: the screen name and when the job was made (`订单管理-20261121-160000.xlsx`). */
function fileNameOf(title: string, ms: number): string {
  const stamp = wallClock(ms).replace(/[-:]/g, '').replace(' ', '-');
  return `${sheetName(title).replace(/\s+/g, '_')}-${stamp}.xlsx`;
}

/** What a running job holds in memory. */
interface Running {
  owner: string;
  rows: number;
  bytes: number;
  total: number;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * Export jobs (contract server/contract/exports.ts), served by the console in every mode under
 * `/console/exportJob/*`, never relayed.
 *
 * - Who: the caller the sessions feature names ({@link ConsoleSessions.identify}); every job belongs
 *   to its owner, and another user's id is as unknown as one that does not exist (code 404).
 * - A job pages through the entity's contract list endpoint with the owner's own `Authorization`,
 *   language and list body, through this console (`inject`: the mock answers in mock mode, the
 *   platform through the proxy in proxy mode, with the same permission checks), pages of 50 to
 *   800 rows sized so that asking one and writing it each hold the event loop about 8 ms, giving way
 *   between the steps ({@link fairShare}: at once on an idle console, for as long as the step took
 *   while requests come in, so the other users' lists stay quick), and streams the rows into
 *   `EXPORT_DIR/job-<id>.xlsx` ({@link XlsxStreamWriter}). The session token is kept in memory only.
 * - Limits (each refusal is an envelope naming its limit, nothing started): `EXPORT_PER_USER` and
 *   `EXPORT_CONCURRENCY` jobs queued or running (code 429), a list holding more than
 *   `EXPORT_MAX_ROWS` rows (code 400, field `body`), the folder at `EXPORT_QUOTA_MB` (code 507). A
 *   list refusing the body at the start is refused with its own message (field `body`).
 * - Faults: a list call failing mid-way ends the job `failed` with the rows written kept (the file
 *   closed and downloadable) and the reason; a write error (a full disk) or the quota reached ends it
 *   `failed` without a file; the console carries on. A running job writes a beat with its progress
 *   every second; a start, and a sweep every 15 s, mark jobs left queued or running whose beat is 30 s
 *   old failed (their console stopped: its session token and writer died with it). Replicas on one
 *   database run their own jobs; a cancel another replica answers is read at the job's next beat.
 * - Retention: jobs made more than `EXPORT_DAYS` ago are deleted with their files, at start and daily;
 *   files in the folder no job keeps are deleted at start.
 * - A job that ends sends a live event (entity `exportJob`, `op: update`, `fields: ['status']`,
 *   `by` its owner) that only its owner receives (server/events/stream.ts PERSONAL_ENTITIES).
 */
export function registerExportJobs(root: FastifyInstance, config: Config, db: SqlDriver | null, sessions: Pick<ConsoleSessions, 'identify'>, hub: EventHub | null, opts: ExportJobsOptions = {}, now: () => number = Date.now): void {
  const store = db ? new ExportJobStore(db) : null;
  const dir = config.exportDir;
  const quotaBytes = config.exportQuotaMb * 1024 * 1024;
  const minSize = opts.pageSize ?? PAGE_SIZES[2];
  /**
   * The next page's size, of the sizes `offset` is a multiple of ({@link PAGE_SIZES}): while requests
   * come in (`busy`), what `msPerRow` fits in a step; else the largest (nobody waits on the loop).
   */
  const nextSize = (offset: number, msPerRow: number, busy: boolean): number => {
    if (opts.pageSize) return opts.pageSize;
    const want = busy && msPerRow > 0 ? SLICE_MS / msPerRow : PAGE_SIZES[PAGE_SIZES.length - 1];
    let best: number = PAGE_SIZES[0];
    for (const n of PAGE_SIZES) if (n <= want && offset % n === 0) best = n;
    return best;
  };
  const running = new Map<number, Running>();
  // Requests the HTTP server received (users at work): a job gives way to them ({@link fairShare}).
  // Counted from onReady: the relays (server/relay) take the server's one request listener while
  // the app is built, and this one only counts beside theirs.
  let received = 0;
  root.addHook('onReady', async () => {
    root.server.on('request', () => void received++);
  });
  let closing = false;

  const fileOf = (name: string) => path.join(dir, path.basename(name));
  const removeFile = (name: string) => (name ? fs.promises.rm(fileOf(name), { force: true }).catch(() => undefined) : Promise.resolve());

  /** A job as the endpoints answer it, the in-memory counts of a running one over the kept ones. */
  function view(j: JobRow, lang: 'zh_CN' | 'en'): ExportJob {
    const live = running.get(j.id);
    const rows = live?.rows ?? j.rows;
    const total = live?.total ?? j.total;
    const done = j.status === 'done';
    return {
      id: j.id,
      path: j.path,
      entity: j.entity,
      title: j.title,
      status: j.status,
      rows,
      total,
      progress: done ? 100 : total > 0 ? Math.min(100, Math.floor((rows / total) * 100)) : 0,
      bytes: live?.bytes ?? j.bytes,
      fileName: j.fileName,
      message: j.reason ? localizedMessage(j.reason, lang) : '',
      downloadable: (j.status === 'done' || j.status === 'failed') && j.file !== '' && j.rows > 0,
      createTime: wallClock(j.createMs),
      finishTime: j.finishMs === null ? null : wallClock(j.finishMs),
    };
  }

  /** Tells the owner their job ended (a live event only they receive). */
  function notify(j: JobRow): void {
    const userId = j.owner.startsWith('u:') ? Number(j.owner.slice(2)) : 0;
    hub?.publish([{ entity: 'exportJob', recordId: j.id, op: 'update', by: { userId, username: j.username }, fields: ['status'], at: now() }]);
  }

  /** Asks the list once through this console; answers its envelope, or throws on a transport failure. */
  async function listPage(listPath: string, authorization: string, lang: string, body: Record<string, unknown>, pageNum: number, size: number): Promise<{ code: number; data?: { list?: Record<string, unknown>[]; total?: number }; refusal: Refusal | null; message: string }> {
    const res = await root.inject({
      method: 'POST',
      url: listPath,
      headers: { authorization, 'content-type': 'application/json', 'accept-language': lang === 'en' ? 'en' : 'zh-CN' },
      payload: JSON.stringify({ ...body, pageNum, pageSize: size }),
    });
    let env: { code?: number; data?: { list?: Record<string, unknown>[]; total?: number }; message?: string } = {};
    try {
      env = JSON.parse(res.body) as typeof env;
    } catch {
      return { code: res.statusCode >= 400 ? res.statusCode : 502, refusal: null, message: `HTTP ${res.statusCode}` };
    }
    const code = res.statusCode !== 200 && env.code === ResultCode.success ? res.statusCode : (env.code ?? res.statusCode);
    return { code, data: env.data, refusal: refusalOf(env), message: String(env.message ?? `HTTP ${res.statusCode}`) };
  }

  /**
   * The labels of the records a referenced entity holds (id → its `label` field), asked once per job
   * through its `listAll` with the owner's token; null when it has none (a large entity such as
   * members: its ids are written) or the call is refused.
   */
  async function refLabels(entity: string, authorization: string, lang: string): Promise<Map<number, string> | null> {
    const def = (ENTITY as Record<string, AnyEntity | undefined>)[entity];
    const listAll = def?.ops.listAll;
    if (!def || typeof listAll !== 'string') return null;
    const res = await root.inject({ method: 'POST', url: listAll, headers: { authorization, 'content-type': 'application/json', 'accept-language': lang === 'en' ? 'en' : 'zh-CN' }, payload: '{}' });
    try {
      const env = JSON.parse(res.body) as { code?: number; data?: Record<string, unknown>[] };
      if (env.code !== ResultCode.success || !Array.isArray(env.data)) return null;
      return new Map(env.data.map((o) => [Number(o.id), String(o[def.label] ?? o.id)]));
    } catch {
      return null;
    }
  }

  /** Runs one job to its end (see the module comment); never throws. */
  async function run(j: JobRow, authorization: string, first: { list: Record<string, unknown>[]; total: number } | null): Promise<void> {
    const list = LISTS.get(j.entity)!;
    const live = running.get(j.id)!;
    const schemaOf = (field: string) => list.entity.fields[field] as (TSchema & { 'x-ref'?: string }) | undefined;
    // A reference column is written as its records' labels, as the list shows it.
    const refs = new Map<string, Map<number, string> | null>();
    for (const c of j.columns) {
      const target = schemaOf(c.field)?.['x-ref'];
      if (typeof target === 'string' && !refs.has(target)) refs.set(target, await refLabels(target, authorization, j.lang).catch(() => null));
    }
    const rules = j.columns.map((c) => {
      const target = schemaOf(c.field)?.['x-ref'];
      return ruleOf(schemaOf(c.field), j.lang, (typeof target === 'string' ? refs.get(target) : null) ?? undefined);
    });
    const columns: SheetColumn[] = j.columns.map((c, i) => ({ header: c.header, style: rules[i].style, width: Math.min(Math.max([...c.header].length * 2 + 2, 12), 40) }));
    const max = config.exportMaxRows;
    let writer: XlsxStreamWriter | null = null;
    let lastPersist = now();
    let fetchMsPerRow = 0;
    const giveWay = fairShare(() => received);
    let busy = false;
    const end = async (status: JobRow['status'], reason: Refusal | null, keepFile: boolean) => {
      if (writer && !keepFile) await writer.abort();
      if (!keepFile) await removeFile(j.file);
      running.delete(j.id);
      await store!.update(j.id, { status, rows: live.rows, total: live.total, bytes: keepFile ? live.bytes : 0, file: keepFile ? j.file : '', reason, finishMs: now() }).catch((err: unknown) => root.log.error({ err }, 'export jobs: a job could not be recorded'));
      notify(j);
    };
    try {
      await store!.update(j.id, { status: 'running', beatMs: now() });
      await fs.promises.mkdir(dir, { recursive: true });
      writer = new XlsxStreamWriter(fileOf(j.file), j.title, columns);
      const others = (await store!.bytesKept()) - j.bytes;
      // Rows are asked from `live.rows` on, a page at a time: each page's size is chosen so that
      // asking it and writing it each take about SLICE_MS of the event loop (the list answers and
      // the writer's work are synchronous), the job giving way after each ({@link fairShare}).
      let size = first ? first.list.length || minSize : minSize;
      let page = first;
      for (;;) {
        if (live.abort.signal.aborted) return await end('cancelled', null, false);
        if (!page) {
          busy = false;
          await opts.beforePage?.(j.id, live.rows);
          if (live.abort.signal.aborted) return await end('cancelled', null, false);
          const pageNum = live.rows / size + 1;
          const t0 = performance.now();
          let answer: Awaited<ReturnType<typeof listPage>>;
          try {
            answer = await listPage(list.path, authorization, j.lang, j.body, pageNum, size);
          } catch (err) {
            answer = { code: 502, refusal: null, message: (err as Error).message };
          }
          const fetchMs = performance.now() - t0;
          fetchMsPerRow = fetchMs / size;
          if (answer.code !== ResultCode.success || !Array.isArray(answer.data?.list)) {
            const reason = answer.refusal ? localizedMessage(answer.refusal, j.lang) : answer.message;
            const failed: Refusal = { key: 'exportJob.failedList', params: { from: live.rows + 1, rows: live.rows, reason } };
            if (live.rows > 0) {
              live.bytes = await writer.close();
              writer = null;
              return await end('failed', failed, true);
            }
            return await end('failed', failed, false);
          }
          page = { list: answer.data!.list!, total: Number(answer.data!.total ?? 0) };
          busy = await giveWay();
          if (live.abort.signal.aborted) return await end('cancelled', null, false);
        }
        live.total = Math.max(live.total, Math.min(page.total, max));
        const room = max - live.rows;
        const slice = page.list.length > room ? page.list.slice(0, room) : page.list;
        const t1 = performance.now();
        await writer.addRows(slice.map((r) => j.columns.map((c, i) => rules[i].cell(r[c.field]))));
        const writeMs = performance.now() - t1;
        const writeMsPerRow = slice.length ? writeMs / slice.length : 0;
        live.rows += slice.length;
        live.bytes = writer.bytes;
        if (others + live.bytes > quotaBytes) return await end('failed', { key: 'exportJob.failedQuota', params: { max: config.exportQuotaMb } }, false);
        const last = page.list.length < size || live.rows >= max || live.rows >= page.total;
        if (last) {
          const capped = live.rows >= max && page.total > max;
          live.bytes = await writer.close();
          writer = null;
          live.total = live.rows;
          return await end('done', capped ? { key: 'exportJob.capped', params: { max, total: page.total } } : null, true);
        }
        busy = (await giveWay()) || busy;
        size = nextSize(live.rows, Math.max(fetchMsPerRow, writeMsPerRow), busy);
        page = null;
        if (now() - lastPersist >= PERSIST_EVERY_MS) {
          lastPersist = now();
          // A cancel answered by another console (replicas on one database) is read at the beat.
          if ((await store!.statusOf(j.id)) === 'cancelled') live.abort.abort();
          await store!.update(j.id, { rows: live.rows, total: live.total, bytes: live.bytes, beatMs: lastPersist });
        }
      }
    } catch (err) {
      // A write error (ENOSPC, EACCES) fails the job, never the console.
      root.log.warn({ err }, 'export jobs: a job failed writing its file');
      return await end('failed', { key: 'exportJob.failedDisk', params: { reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message } }, false);
    }
  }

  /** Starts a job in the background. */
  function start(j: JobRow, authorization: string, first: { list: Record<string, unknown>[]; total: number } | null): void {
    const live: Running = { owner: j.owner, rows: 0, bytes: 0, total: j.total, abort: new AbortController(), done: Promise.resolve() };
    running.set(j.id, live);
    live.done = run(j, authorization, first).catch((err: unknown) => root.log.error({ err }, 'export jobs: a job ended unexpectedly'));
  }

  /** Marks jobs whose console stopped beating failed, their partial files deleted (a file never closed is not a workbook). */
  async function failStale(): Promise<void> {
    if (!store) return;
    for (const j of await store.failStale(now() - STALE_AFTER_MS, { key: 'exportJob.failedRestart' }, now())) await removeFile(j.file);
  }

  /** Deletes jobs past retention and their files. */
  async function prune(): Promise<void> {
    if (!store) return;
    const gone = await store.prune(now() - config.exportDays * 86_400_000);
    for (const j of gone) await removeFile(j.file);
  }

  if (store) {
    root.addHook('onReady', async () => {
      try {
        await failStale();
        await prune();
        // Files no job keeps (a crash between writing and recording) go.
        const kept = await store.files();
        const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
        for (const n of names) if (/^job-\d+\.xlsx$/.test(n) && !kept.has(n)) await removeFile(n);
      } catch (err) {
        root.log.warn({ err }, 'export jobs: the start-up sweep failed');
      }
    });
    const timer = setInterval(() => void prune().catch((err: unknown) => root.log.warn({ err }, 'export jobs: a prune failed')), PRUNE_EVERY_MS);
    timer.unref();
    const staleTimer = setInterval(() => void failStale().catch((err: unknown) => root.log.warn({ err }, 'export jobs: the stale sweep failed')), STALE_SWEEP_MS);
    staleTimer.unref();
    root.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      clearInterval(staleTimer);
      for (const r of running.values()) r.abort.abort();
      await Promise.all([...running.values()].map((r) => r.done));
    });
  }

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const owners = new WeakMap<FastifyRequest, { owner: string; username: string }>();
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const who = await sessions.identify(req.headers.authorization);
      if ('refusal' in who) return sendEnvelope(reply, who.status, who.status === 503 ? 503 : ResultCode.unauthorized, who.refusal);
      if (!store) return sendEnvelope(reply, 503, 503, { key: 'exportJob.unavailable' });
      owners.set(req, { owner: ownerOf(who), username: who.username });
    };
    const optionalBody = async (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) req.body = {};
    };
    const langOfReq = (req: FastifyRequest) => langOf(req.headers['accept-language']);
    /** Runs a store call, answering 503 when the database refuses. */
    const guarded = async (reply: FastifyReply, fn: () => Promise<unknown>) => {
      try {
        return await fn();
      } catch (err) {
        reply.log.warn({ err }, 'export jobs: the console database refused');
        return sendEnvelope(reply, 503, 503, { key: 'exportJob.unavailable' });
      }
    };
    const unknown = (reply: FastifyReply, id: number) => sendEnvelope(reply, 200, ResultCode.notFound, { field: 'id', key: 'exportJob.unknown', params: { id } });

    /** Checks the limits and the list's first page, then starts the job; answers the envelope. */
    async function begin(req: FastifyRequest, reply: FastifyReply, a: { path: string; entity: string; title: string; body: Record<string, unknown>; columns: ExportColumn[] }) {
      if (closing) return sendEnvelope(reply, 503, 503, { key: 'exportJob.unavailable' });
      const { owner, username } = owners.get(req)!;
      const lang = langOfReq(req);
      const list = LISTS.get(a.entity);
      if (!list) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'entity', key: 'exportJob.unknownEntity', params: { entity: a.entity } });
      const { pageNum: _n, pageSize: _s, ...body } = a.body;
      if (Buffer.byteLength(JSON.stringify(body)) > EXPORT_REQUEST_LIMITS.maxBodyBytes) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'body', key: 'exportJob.bodyTooLarge', params: { max: EXPORT_REQUEST_LIMITS.maxBodyBytes } });
      const counts = await store!.activeCounts(owner);
      if (counts.mine >= config.exportPerUser) return sendEnvelope(reply, 429, 429, { key: 'exportJob.tooManyMine', params: { max: config.exportPerUser } });
      if (counts.all >= config.exportConcurrency) return sendEnvelope(reply, 429, 429, { key: 'exportJob.tooManyAll', params: { max: config.exportConcurrency } });
      if ((await store!.bytesKept()) >= quotaBytes) return sendEnvelope(reply, 507, 507, { key: 'exportJob.quotaFull', params: { max: config.exportQuotaMb } });
      // The first page tells the total and whether the list takes the body (the user's filters, their permission).
      const first = await listPage(list.path, req.headers.authorization ?? '', lang, body, 1, minSize).catch((err: unknown) => ({ code: 502, data: undefined, refusal: null, message: (err as Error).message }));
      if (first.code === ResultCode.unauthorized) return sendEnvelope(reply, 401, ResultCode.unauthorized, first.refusal ?? { key: 'session.notSignedIn' });
      if (first.code !== ResultCode.success || !Array.isArray(first.data?.list)) {
        return sendEnvelope(reply, 200, first.code === ResultCode.forbidden ? ResultCode.forbidden : ResultCode.badRequest, { field: 'body', key: 'exportJob.listRefused', params: { reason: first.refusal ? localizedMessage(first.refusal, lang) : first.message } });
      }
      const total = Number(first.data!.total ?? first.data!.list!.length);
      if (total > config.exportMaxRows) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'body', key: 'exportJob.tooManyRows', params: { total, max: config.exportMaxRows } });
      const j = await store!.add({ owner, username, path: a.path, entity: a.entity, title: a.title, body, columns: a.columns, lang, total, fileName: fileNameOf(a.title, now()) }, now());
      start(j, req.headers.authorization ?? '', { list: first.data!.list!, total });
      return ok(view(j, lang));
    }

    app.post(exportJobAdd.path, { schema: { body: exportJobAdd.payload }, onRequest: signedIn }, async (req, reply) =>
      guarded(reply, () => begin(req, reply, req.body as Parameters<typeof begin>[2])),
    );

    app.post(exportJobList.path, { schema: { body: exportJobList.payload }, preValidation: optionalBody, onRequest: signedIn }, async (req, reply) => {
      const q = req.body as { pageNum?: number; pageSize?: number; running?: boolean };
      return guarded(reply, async () => {
        const page = await store!.list(owners.get(req)!.owner, q.pageNum ?? 1, q.pageSize ?? 10, q.running === true);
        const lang = langOfReq(req);
        return ok({ total: page.total, list: page.list.map((j) => view(j, lang)) });
      });
    });

    app.post(exportJobInfo.path, { schema: { body: exportJobInfo.payload }, onRequest: signedIn }, async (req, reply) => {
      const { id } = req.body as { id: number };
      return guarded(reply, async () => {
        const j = await store!.get(owners.get(req)!.owner, id);
        return j ? ok(view(j, langOfReq(req))) : unknown(reply, id);
      });
    });

    app.post(exportJobCancel.path, { schema: { body: exportJobCancel.payload }, onRequest: signedIn }, async (req, reply) => {
      const { id } = req.body as { id: number };
      return guarded(reply, async () => {
        const owner = owners.get(req)!.owner;
        const j = await store!.get(owner, id);
        if (!j) return unknown(reply, id);
        if (j.status !== 'queued' && j.status !== 'running') return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'exportJob.notCancellable', params: { id } });
        const live = running.get(id);
        if (live) {
          live.abort.abort();
          await live.done;
        } else await store!.markCancelled(id, now());
        return ok(view((await store!.get(owner, id))!, langOfReq(req)));
      });
    });

    app.post(exportJobRetry.path, { schema: { body: exportJobRetry.payload }, onRequest: signedIn }, async (req, reply) => {
      const { id } = req.body as { id: number };
      return guarded(reply, async () => {
        const j = await store!.get(owners.get(req)!.owner, id);
        if (!j) return unknown(reply, id);
        if (j.status === 'queued' || j.status === 'running') return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'exportJob.notEnded', params: { id } });
        return begin(req, reply, { path: j.path, entity: j.entity, title: j.title, body: j.body, columns: j.columns });
      });
    });

    app.get(exportJobDownload.path, { onRequest: signedIn }, async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
      const raw = req.query?.id;
      const id = typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
      if (id === null) return sendEnvelope(reply, 400, ResultCode.badRequest, { field: 'id', key: 'exportJob.unknown', params: { id: String(raw ?? '') } });
      return guarded(reply, async () => {
        const j = await store!.get(owners.get(req)!.owner, id);
        if (!j) return sendEnvelope(reply, 404, ResultCode.notFound, { field: 'id', key: 'exportJob.unknown', params: { id } });
        if (!view(j, 'zh_CN').downloadable) return sendEnvelope(reply, 404, ResultCode.notFound, { field: 'id', key: 'exportJob.noFile', params: { id } });
        let stat: fs.Stats;
        try {
          stat = await fs.promises.stat(fileOf(j.file));
        } catch {
          return sendEnvelope(reply, 404, ResultCode.notFound, { field: 'id', key: 'exportJob.noFile', params: { id } });
        }
        const ascii = j.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-length', stat.size)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(j.fileName)}`)
          .send(fs.createReadStream(fileOf(j.file)));
      });
    });
  });
}
