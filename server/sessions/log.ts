import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import type { EntityQuery, EntityRecord } from '../contract/entity.js';
import type { signInLog } from '../contract/sessions.js';

/**
 * The sign-in log's table in the console's database (server/console-db): one row per sign-in
 * attempt that reached the console's rules or the platform's answer — signed in, refused, locked
 * out — with the address, the summarised client and, when refused, why. Rows older than the audit
 * trail's retention are pruned with the same cadence (daily and at start).
 */
export const SIGN_IN_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'signInLog',
    version: 1,
    name: 'sign-in log',
    sql: (dialect) => `CREATE TABLE console_sign_in_log (
      ${serialIdColumn(dialect)}, at_ms BIGINT NOT NULL, create_time TEXT NOT NULL,
      username TEXT NOT NULL, result INTEGER NOT NULL, ip TEXT NOT NULL, client TEXT NOT NULL, message TEXT NOT NULL
    );
    CREATE INDEX console_sign_in_log_at ON console_sign_in_log (at_ms);`,
  },
];

/** One attempt to record: `result` 1 signed in, 0 refused, 2 locked out ({@link SignInResult}); `atMs` ms since the epoch. */
export interface SignInAttempt {
  username: string;
  result: 0 | 1 | 2;
  ip: string;
  client: string;
  message: string;
  atMs: number;
}

/** A row as `/console/signInLog/list` answers it. */
export type SignInRow = EntityRecord<typeof signInLog>;
/** The list's body (contract `signInLog` query): paging, `username` substring, `result`, `createTime` [from, to] inclusive. */
export type SignInQuery = EntityQuery<typeof signInLog> & { pageNum?: number; pageSize?: number; sortField?: string; sortOrder?: string };

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SORTS: Record<string, string> = { createTime: 'id', username: 'username' };

/** The sign-in log over a console database driver (migrated by {@link SIGN_IN_MIGRATIONS}). */
export class SignInLog {
  constructor(private readonly db: SqlDriver) {}

  /** Appends one attempt. @throws the driver's error when the database refuses it. */
  async record(a: SignInAttempt): Promise<void> {
    await this.db.run('INSERT INTO console_sign_in_log (at_ms, create_time, username, result, ip, client, message) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      a.atMs,
      wallClock(a.atMs),
      a.username.slice(0, 64),
      a.result,
      a.ip.slice(0, 64),
      a.client.slice(0, 128),
      a.message.slice(0, 255),
    ]);
  }

  /** A page of attempts, newest first unless sorted otherwise; `pageSize` 1–1000. */
  async list(q: SignInQuery): Promise<{ list: SignInRow[]; total: number }> {
    const parts: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...p: unknown[]) => {
      parts.push(sql);
      params.push(...p);
    };
    if (q.username) add("LOWER(username) LIKE ? ESCAPE '\\'", like(q.username));
    if (q.result !== undefined) add('result = ?', q.result);
    if (q.createTime) add('create_time >= ? AND create_time <= ?', q.createTime[0], q.createTime[1]);
    const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
    const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
    const pageNum = Math.max(q.pageNum ?? 1, 1);
    const sort = SORTS[q.sortField ?? ''] ?? 'id';
    const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const total = Number((await this.db.all(`SELECT COUNT(*) AS n FROM console_sign_in_log ${where}`, params))[0].n);
    const rows = await this.db.all(`SELECT * FROM console_sign_in_log ${where} ORDER BY ${sort} ${dir}, id ${dir} LIMIT ? OFFSET ?`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return {
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        createTime: String(r.create_time),
        updateTime: String(r.create_time),
        username: String(r.username),
        result: Number(r.result) as SignInRow['result'],
        ip: String(r.ip),
        client: String(r.client),
        message: String(r.message),
      })),
    };
  }

  /** Deletes attempts older than `beforeMs` (ms since the epoch); answers how many. */
  async prune(beforeMs: number): Promise<number> {
    const n = Number((await this.db.all('SELECT COUNT(*) AS n FROM console_sign_in_log WHERE at_ms < ?', [beforeMs]))[0].n);
    if (n) await this.db.run('DELETE FROM console_sign_in_log WHERE at_ms < ?', [beforeMs]);
    return n;
  }
}
