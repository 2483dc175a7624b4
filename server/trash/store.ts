import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';
import { wallClock } from '../audit/entries.js';
import type { EntityQuery, EntityRecord } from '../contract/entity.js';
import type { trash } from '../contract/trash.js';

/**
 * The trash's table in the console's database (server/console-db): one row per deleted record,
 * with the record as it was stored (write-only fields included, so a restore gives back the same
 * record), the rows its `cascade` references took along, who deleted it, when, and when the entry
 * expires (`TRASH_DAYS` after the delete). Expired entries are never listed or restored and are
 * purged daily and at start.
 */
export const TRASH_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'trash',
    version: 1,
    name: 'trash',
    sql: (dialect) => `CREATE TABLE console_trash (
      ${serialIdColumn(dialect)}, at_ms BIGINT NOT NULL, create_time TEXT NOT NULL,
      expire_ms BIGINT NOT NULL, entity TEXT NOT NULL, record_id BIGINT NOT NULL, label TEXT NOT NULL,
      user_id BIGINT NOT NULL, username TEXT NOT NULL, record TEXT NOT NULL, related TEXT NOT NULL, related_count INTEGER NOT NULL
    );
    CREATE INDEX console_trash_expire ON console_trash (expire_ms);
    CREATE INDEX console_trash_entity ON console_trash (entity, id);`,
  },
];

/** One deleted record to keep: `record` and `related` as stored; times in ms since the epoch. */
export interface TrashPut {
  atMs: number;
  expireMs: number;
  entity: string;
  recordId: number;
  label: string;
  userId: number;
  username: string;
  record: Record<string, unknown>;
  related: { entity: string; row: Record<string, unknown> }[];
}

/** A kept entry with its content, as restore reads it. */
export interface TrashEntry extends TrashPut {
  id: number;
}

/** A row as `/console/trash/list` answers it. */
export type TrashRow = EntityRecord<typeof trash>;
/** The list's body (contract `trash` query): paging, `entity`, `username` substring, `recordId`, `createTime` [from, to]. */
export type TrashQuery = EntityQuery<typeof trash> & { pageNum?: number; pageSize?: number; sortField?: string; sortOrder?: string };

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SORTS: Record<string, string> = { createTime: 'id', entity: 'entity', username: 'username' };

/** The trash over a console database driver (migrated by {@link TRASH_MIGRATIONS}). */
export class TrashStore {
  constructor(private readonly db: SqlDriver) {}

  /** Keeps entries, in order, in one transaction; answers their ids. @throws the driver's error (nothing kept). */
  async put(entries: TrashPut[]): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const e of entries) {
        const rows = await tx.all(
          'INSERT INTO console_trash (at_ms, create_time, expire_ms, entity, record_id, label, user_id, username, record, related, related_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
          [e.atMs, wallClock(e.atMs), e.expireMs, e.entity, e.recordId, e.label.slice(0, 255), e.userId, e.username.slice(0, 64), JSON.stringify(e.record), JSON.stringify(e.related), e.related.length],
        );
        ids.push(Number(rows[0].id));
      }
      return ids;
    });
  }

  /**
   * A page of live entries (not expired at `nowMs`), newest first unless sorted otherwise;
   * `entities` narrows to the kinds the caller may see (null: every kind); `pageSize` 1–1000.
   */
  async list(q: TrashQuery, nowMs: number, entities: readonly string[] | null): Promise<{ list: TrashRow[]; total: number }> {
    const parts: string[] = ['expire_ms >= ?'];
    const params: unknown[] = [nowMs];
    const add = (sql: string, ...p: unknown[]) => {
      parts.push(sql);
      params.push(...p);
    };
    if (entities) {
      if (!entities.length) return { list: [], total: 0 };
      add(`entity IN (${entities.map(() => '?').join(', ')})`, ...entities);
    }
    if (q.entity) add('entity = ?', q.entity);
    if (q.username) add("LOWER(username) LIKE ? ESCAPE '\\'", like(q.username));
    if (q.recordId !== undefined) add('record_id = ?', q.recordId);
    if (q.createTime) add('create_time >= ? AND create_time <= ?', q.createTime[0], q.createTime[1]);
    const byId = (q as { id?: number }).id;
    if (byId !== undefined) add('id = ?', byId);
    const where = `WHERE ${parts.join(' AND ')}`;
    const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
    const pageNum = Math.max(q.pageNum ?? 1, 1);
    const sort = SORTS[q.sortField ?? ''] ?? 'id';
    const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const total = Number((await this.db.all(`SELECT COUNT(*) AS n FROM console_trash ${where}`, params))[0].n);
    const rows = await this.db.all(
      `SELECT id, create_time, expire_ms, entity, record_id, label, user_id, username, related_count FROM console_trash ${where} ORDER BY ${sort} ${dir}, id ${dir} LIMIT ? OFFSET ?`,
      [...params, pageSize, (pageNum - 1) * pageSize],
    );
    return {
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        createTime: String(r.create_time),
        updateTime: String(r.create_time),
        entity: String(r.entity),
        recordId: Number(r.record_id),
        label: String(r.label),
        userId: Number(r.user_id),
        username: String(r.username),
        expireTime: wallClock(Number(r.expire_ms)),
        related: Number(r.related_count),
      })),
    };
  }

  /** The live entry `id` with its content, or null (unknown, or expired at `nowMs`). */
  async get(id: number, nowMs: number): Promise<TrashEntry | null> {
    const rows = await this.db.all('SELECT * FROM console_trash WHERE id = ? AND expire_ms >= ?', [id, nowMs]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      atMs: Number(r.at_ms),
      expireMs: Number(r.expire_ms),
      entity: String(r.entity),
      recordId: Number(r.record_id),
      label: String(r.label),
      userId: Number(r.user_id),
      username: String(r.username),
      record: JSON.parse(String(r.record)) as Record<string, unknown>,
      related: JSON.parse(String(r.related)) as TrashPut['related'],
    };
  }

  /** Deletes entries by id; answers the ids that were there. */
  async remove(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const marks = ids.map(() => '?').join(', ');
    const there = (await this.db.all(`SELECT id FROM console_trash WHERE id IN (${marks})`, [...ids])).map((r) => Number(r.id));
    if (there.length) await this.db.run(`DELETE FROM console_trash WHERE id IN (${there.map(() => '?').join(', ')})`, there);
    return there;
  }

  /** Deletes the entries expired before `nowMs`; answers how many. */
  async prune(nowMs: number): Promise<number> {
    const n = Number((await this.db.all('SELECT COUNT(*) AS n FROM console_trash WHERE expire_ms < ?', [nowMs]))[0].n);
    if (n) await this.db.run('DELETE FROM console_trash WHERE expire_ms < ?', [nowMs]);
    return n;
  }

  /** Drops every entry (the QA reset: the mock's data is made again). */
  async clear(): Promise<void> {
    await this.db.run('DELETE FROM console_trash');
  }
}
