import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import type { ExportColumn, ExportJobStatus } from '../contract/exports.js';
import type { Refusal } from '../contract/messages.js';

/**
 * The export jobs' table in the console's database (server/console-db): one row per job with its
 * owner ({@link ownerOf}), the screen, the list request and columns it was asked with (a retry
 * starts from them), its state and counts, and why it ended short (a catalogue refusal, rendered in
 * the reader's language). The workbook itself is a file in the export folder (`file`). `beat_ms` is
 * when the console running the job last wrote its progress: a queued or running job whose beat is
 * old has lost its console (a restart, a crash) and is marked failed.
 */
export const EXPORT_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'exportJobs',
    version: 1,
    name: 'export jobs',
    sql: (dialect) => `CREATE TABLE console_export_job (
      ${serialIdColumn(dialect)}, owner TEXT NOT NULL, username TEXT NOT NULL,
      path TEXT NOT NULL, entity TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, columns TEXT NOT NULL, lang TEXT NOT NULL,
      status TEXT NOT NULL, rows_written BIGINT NOT NULL, total BIGINT NOT NULL, bytes BIGINT NOT NULL,
      file TEXT NOT NULL, file_name TEXT NOT NULL, reason TEXT NOT NULL, create_ms BIGINT NOT NULL, finish_ms BIGINT, beat_ms BIGINT NOT NULL
    );
    CREATE INDEX console_export_job_owner ON console_export_job (owner, id);
    CREATE INDEX console_export_job_status ON console_export_job (status);`,
  },
];

/**
 * The owner of a user's rows: `u:<userId>` when the mode names the user by id (mock's accounts, the
 * platform's user info), else `n:<username>`.
 */
export function ownerOf(who: { userId: number; username: string }): string {
  return who.userId > 0 ? `u:${who.userId}` : `n:${who.username}`;
}

/** A job row as kept. `reason` is null unless it ended short. Times in ms since the epoch. */
export interface JobRow {
  id: number;
  owner: string;
  username: string;
  path: string;
  entity: string;
  title: string;
  body: Record<string, unknown>;
  columns: ExportColumn[];
  lang: 'zh_CN' | 'en';
  status: ExportJobStatus;
  rows: number;
  total: number;
  bytes: number;
  /** The file's name in the export folder; empty when there is none. */
  file: string;
  fileName: string;
  reason: Refusal | null;
  createMs: number;
  finishMs: number | null;
}

/** What a new job is made of. */
export type NewJob = Pick<JobRow, 'owner' | 'username' | 'path' | 'entity' | 'title' | 'body' | 'columns' | 'lang' | 'total' | 'fileName'>;

const ACTIVE = "status IN ('queued', 'running')";

function rowOf(r: Record<string, unknown>): JobRow {
  return {
    id: Number(r.id),
    owner: String(r.owner),
    username: String(r.username),
    path: String(r.path),
    entity: String(r.entity),
    title: String(r.title),
    body: JSON.parse(String(r.body)) as Record<string, unknown>,
    columns: JSON.parse(String(r.columns)) as ExportColumn[],
    lang: r.lang === 'en' ? 'en' : 'zh_CN',
    status: String(r.status) as ExportJobStatus,
    rows: Number(r.rows_written),
    total: Number(r.total),
    bytes: Number(r.bytes),
    file: String(r.file),
    fileName: String(r.file_name),
    reason: r.reason ? (JSON.parse(String(r.reason)) as Refusal) : null,
    createMs: Number(r.create_ms),
    finishMs: r.finish_ms === null || r.finish_ms === undefined ? null : Number(r.finish_ms),
  };
}

/** The export jobs over a console database driver (migrated by {@link EXPORT_MIGRATIONS}). Every call may throw the driver's error. */
export class ExportJobStore {
  constructor(private readonly db: SqlDriver) {}

  /** Adds a queued job; answers it with its id (its file is `job-<id>.xlsx`). */
  async add(j: NewJob, nowMs: number): Promise<JobRow> {
    const inserted = await this.db.all(
      "INSERT INTO console_export_job (owner, username, path, entity, title, body, columns, lang, status, rows_written, total, bytes, file, file_name, reason, create_ms, finish_ms, beat_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, 0, '', ?, '', ?, NULL, ?) RETURNING id",
      [j.owner, j.username, j.path, j.entity, j.title, JSON.stringify(j.body), JSON.stringify(j.columns), j.lang, j.total, j.fileName, nowMs, nowMs],
    );
    const id = Number(inserted[0].id);
    const file = `job-${id}.xlsx`;
    await this.db.run('UPDATE console_export_job SET file = ? WHERE id = ?', [file, id]);
    return (await this.get(j.owner, id))!;
  }

  /** One job of `owner`, or null (unknown, or another user's). */
  async get(owner: string, id: number): Promise<JobRow | null> {
    const rows = await this.db.all('SELECT * FROM console_export_job WHERE id = ? AND owner = ?', [id, owner]);
    return rows.length ? rowOf(rows[0]) : null;
  }

  /** A page of `owner`'s jobs, newest first (`active`: queued and running only). */
  async list(owner: string, pageNum: number, pageSize: number, active: boolean): Promise<{ list: JobRow[]; total: number }> {
    const where = `WHERE owner = ?${active ? ` AND ${ACTIVE}` : ''}`;
    const total = Number((await this.db.all(`SELECT COUNT(*) AS n FROM console_export_job ${where}`, [owner]))[0].n);
    const rows = await this.db.all(`SELECT * FROM console_export_job ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [owner, pageSize, (pageNum - 1) * pageSize]);
    return { total, list: rows.map(rowOf) };
  }

  /** Jobs queued or running: `mine` of `owner`, `all` of everyone. */
  async activeCounts(owner: string): Promise<{ mine: number; all: number }> {
    const rows = await this.db.all(`SELECT owner, COUNT(*) AS n FROM console_export_job WHERE ${ACTIVE} GROUP BY owner`);
    let all = 0;
    let mine = 0;
    for (const r of rows) {
      all += Number(r.n);
      if (r.owner === owner) mine = Number(r.n);
    }
    return { mine, all };
  }

  /** Bytes of the files kept (jobs that ended with a file) and of those being written. */
  async bytesKept(): Promise<number> {
    const rows = await this.db.all("SELECT COALESCE(SUM(bytes), 0) AS n FROM console_export_job WHERE file <> ''");
    return Number(rows[0].n);
  }

  /** Writes a job's progress and state. */
  async update(id: number, p: { status?: ExportJobStatus; rows?: number; total?: number; bytes?: number; file?: string; reason?: Refusal | null; finishMs?: number | null; beatMs?: number }): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (col: string, v: unknown) => {
      sets.push(`${col} = ?`);
      params.push(v);
    };
    if (p.status !== undefined) set('status', p.status);
    if (p.rows !== undefined) set('rows_written', p.rows);
    if (p.total !== undefined) set('total', p.total);
    if (p.bytes !== undefined) set('bytes', p.bytes);
    if (p.file !== undefined) set('file', p.file);
    if (p.reason !== undefined) set('reason', p.reason ? JSON.stringify(p.reason) : '');
    if (p.finishMs !== undefined) set('finish_ms', p.finishMs);
    if (p.beatMs !== undefined) set('beat_ms', p.beatMs);
    if (!sets.length) return;
    await this.db.run(`UPDATE console_export_job SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  }

  /**
   * Marks the queued or running jobs whose beat is older than `beforeMs` failed with `reason` (their
   * console stopped or crashed); answers the jobs marked. Jobs other consoles are running beat on.
   */
  async failStale(beforeMs: number, reason: Refusal, nowMs: number): Promise<JobRow[]> {
    const rows = (await this.db.all(`SELECT * FROM console_export_job WHERE ${ACTIVE} AND beat_ms < ?`, [beforeMs])).map(rowOf);
    for (const r of rows) await this.db.run(`UPDATE console_export_job SET status = 'failed', reason = ?, finish_ms = ?, file = '', bytes = 0 WHERE id = ? AND ${ACTIVE}`, [JSON.stringify(reason), nowMs, r.id]);
    return rows;
  }

  /** Marks a queued or running job cancelled (the console running it stops it at its next beat); answers whether it was. */
  async markCancelled(id: number, nowMs: number): Promise<boolean> {
    const before = await this.db.all(`SELECT id FROM console_export_job WHERE id = ? AND ${ACTIVE}`, [id]);
    if (!before.length) return false;
    await this.db.run(`UPDATE console_export_job SET status = 'cancelled', finish_ms = ?, file = '', bytes = 0 WHERE id = ? AND ${ACTIVE}`, [nowMs, id]);
    return true;
  }

  /** A job's status, or null when it is gone. */
  async statusOf(id: number): Promise<ExportJobStatus | null> {
    const rows = await this.db.all('SELECT status FROM console_export_job WHERE id = ?', [id]);
    return rows.length ? (String(rows[0].status) as ExportJobStatus) : null;
  }

  /** Deletes the jobs made before `beforeMs`; answers them (their files are the caller's to delete). */
  async prune(beforeMs: number): Promise<JobRow[]> {
    const rows = (await this.db.all(`SELECT * FROM console_export_job WHERE create_ms < ? AND NOT ${ACTIVE}`, [beforeMs])).map(rowOf);
    if (rows.length) await this.db.run(`DELETE FROM console_export_job WHERE create_ms < ? AND NOT ${ACTIVE}`, [beforeMs]);
    return rows;
  }

  /** Every file name a job keeps (the folder's other files are leftovers). */
  async files(): Promise<Set<string>> {
    return new Set((await this.db.all("SELECT file FROM console_export_job WHERE file <> ''")).map((r) => String(r.file)));
  }
}
