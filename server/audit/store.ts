import { DatabaseSync } from 'node:sqlite';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the audit trail is kept (issue 25): one SQL schema and one set of queries, run by SQLite
 * (Node's built-in `node:sqlite`, no native build) in a file under the data folder. The SQL is
 * plain and portable (no SQLite-only syntax beyond `INTEGER PRIMARY KEY`), written for a second
 * driver with the same {@link SqlDriver} shape.
 */

/** One kept entry, as stored and answered (`/console/auditLog/list|info`). */
export interface AuditRow {
  id: number;
  createTime: string;
  updateTime: string;
  userId: number;
  username: string;
  roles: string;
  ip: string;
  operation: string;
  area: string;
  entity: string;
  targetIds: string;
  outcome: 0 | 1;
  code: number;
  status: number;
  message: string;
  servedBy: string;
  fields: string;
  changes: string;
  prevHash: string;
  hash: string;
}

/** The list query (`auditLog` entity filters, paging and sort). */
export interface AuditQuery {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  username?: string;
  operation?: string;
  area?: string;
  entity?: string;
  targetIds?: string;
  outcome?: number;
  createTime?: [string, string];
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** What a driver runs: positional `?` parameters; `all` answers rows as objects keyed by column. */
export interface SqlDriver {
  exec(sql: string): void;
  run(sql: string, params?: unknown[]): void;
  all(sql: string, params?: unknown[]): Record<string, unknown>[];
  transaction(fn: () => void): void;
  close(): void;
}

/** SQLite through `node:sqlite` (synchronous; the trail writes in batches off the request path). */
export function sqliteDriver(file: string): SqlDriver {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL: readers (the audit screen) never wait on the batch writer.
  if (file !== ':memory:') db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const cache = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const stmt = (sql: string) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return {
    exec: (sql) => db.exec(sql),
    run: (sql, params = []) => void stmt(sql).run(...(params as never[])),
    all: (sql, params = []) => stmt(sql).all(...(params as never[])) as Record<string, unknown>[],
    transaction(fn) {
      db.exec('BEGIN');
      try {
        fn();
        db.exec('COMMIT');
      } catch (e) {
        db.exec('ROLLBACK');
        throw e;
      }
    },
    close: () => db.close(),
  };
}

/** Columns in stored order; the API's names are their camelCase forms. */
const COLUMNS = [
  ['id', 'id'], ['create_time', 'createTime'], ['at_ms', 'atMs'], ['user_id', 'userId'], ['username', 'username'], ['roles', 'roles'], ['ip', 'ip'],
  ['operation', 'operation'], ['area', 'area'], ['entity', 'entity'], ['target_ids', 'targetIds'], ['outcome', 'outcome'], ['code', 'code'],
  ['status', 'status'], ['message', 'message'], ['served_by', 'servedBy'], ['fields', 'fields'], ['changes', 'changes'], ['prev_hash', 'prevHash'], ['hash', 'hash'],
] as const;

/** Migrations in order; `audit_meta.version` says how many ran. */
const MIGRATIONS = [
  `CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY, create_time TEXT NOT NULL, at_ms BIGINT NOT NULL, user_id INTEGER NOT NULL, username TEXT NOT NULL,
    roles TEXT NOT NULL, ip TEXT NOT NULL, operation TEXT NOT NULL, area TEXT NOT NULL, entity TEXT NOT NULL, target_ids TEXT NOT NULL,
    outcome INTEGER NOT NULL, code INTEGER NOT NULL, status INTEGER NOT NULL, message TEXT NOT NULL, served_by TEXT NOT NULL,
    fields TEXT NOT NULL, changes TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL
  );
  CREATE INDEX audit_log_at ON audit_log (at_ms);
  CREATE INDEX audit_log_operation ON audit_log (operation);
  CREATE INDEX audit_log_username ON audit_log (username);`,
];

const SORTS: Record<string, string> = { createTime: 'at_ms', username: 'username', operation: 'operation', id: 'id' };
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit trail's table: migrations at open, batch appends, the list query, chain reads, pruning. */
export class AuditStore {
  constructor(readonly db: SqlDriver) {
    db.exec('CREATE TABLE IF NOT EXISTS audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const version = Number(db.all("SELECT value FROM audit_meta WHERE key = 'version'")[0]?.value ?? 0);
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]);
        db.run("INSERT INTO audit_meta (key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [String(v + 1)]);
      });
    }
  }

  /** The last entry's id and hash (the chain continues from it), or 0 and the anchor. */
  tail(): { id: number; hash: string } {
    const r = this.db.all('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1')[0];
    return r ? { id: Number(r.id), hash: String(r.hash) } : { id: this.meta('anchor_id') ? Number(this.meta('anchor_id')) : 0, hash: this.meta('anchor_hash') ?? '' };
  }

  meta(key: string): string | null {
    const r = this.db.all('SELECT value FROM audit_meta WHERE key = ?', [key])[0];
    return r ? String(r.value) : null;
  }

  private setMeta(key: string, value: string): void {
    this.db.run('INSERT INTO audit_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  /** Appends entries (ids and hashes already set) in one transaction. */
  append(rows: (Omit<AuditRow, 'updateTime'> & { atMs: number })[]): void {
    const sql = `INSERT INTO audit_log (${COLUMNS.map((c) => c[0]).join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;
    this.db.transaction(() => {
      for (const r of rows) this.db.run(sql, COLUMNS.map(([, k]) => (r as unknown as Record<string, unknown>)[k]));
    });
  }

  private where(q: AuditQuery): { sql: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...p: unknown[]) => (parts.push(sql), params.push(...p));
    if (q.username) add("username LIKE ? ESCAPE '\\'", like(q.username));
    if (q.operation) add("operation LIKE ? ESCAPE '\\'", like(q.operation));
    if (q.area) add('area = ?', q.area);
    if (q.entity) add('entity = ?', q.entity);
    // A record id or number matches a whole element of the list, not a substring (12 ≠ 112).
    if (q.targetIds) add("(',' || target_ids || ',') LIKE ? ESCAPE '\\'", `%,${q.targetIds.trim().replace(/[\\%_]/g, (c) => `\\${c}`)},%`);
    if (q.outcome === 0 || q.outcome === 1) add('outcome = ?', q.outcome);
    if (q.createTime) add('create_time >= ? AND create_time <= ?', q.createTime[0], q.createTime[1]);
    if (q.keyword) add("(operation LIKE ? ESCAPE '\\' OR username LIKE ? ESCAPE '\\' OR target_ids LIKE ? ESCAPE '\\' OR fields LIKE ? ESCAPE '\\')", ...Array(4).fill(like(q.keyword)));
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  /** A page of entries, newest first unless sorted otherwise. */
  list(q: AuditQuery): { list: AuditRow[]; total: number } {
    const { sql, params } = this.where(q);
    const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
    const pageNum = Math.max(q.pageNum ?? 1, 1);
    const sort = SORTS[q.sortField ?? ''] ?? 'id';
    const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const total = Number(this.db.all(`SELECT COUNT(*) AS n FROM audit_log ${sql}`, params)[0].n);
    const rows = this.db.all(`SELECT * FROM audit_log ${sql} ORDER BY ${sort} ${dir}, id ${dir} LIMIT ? OFFSET ?`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return { list: rows.map(toRow), total };
  }

  info(id: number): AuditRow | null {
    const r = this.db.all('SELECT * FROM audit_log WHERE id = ?', [id])[0];
    return r ? toRow(r) : null;
  }

  /** Every entry in id order, in pages (the chain check reads them all without holding them all). */
  *scan(pageSize = 2000): Generator<AuditRow & { atMs: number }> {
    let after = 0;
    for (;;) {
      const rows = this.db.all('SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?', [after, pageSize]);
      if (!rows.length) return;
      for (const r of rows) yield { ...toRow(r), atMs: Number(r.at_ms) };
      after = Number(rows[rows.length - 1].id);
    }
  }

  /** Deletes entries older than `beforeMs`; the chain's anchor moves to the last one deleted. */
  prune(beforeMs: number): number {
    const last = this.db.all('SELECT id, hash FROM audit_log WHERE at_ms < ? ORDER BY id DESC LIMIT 1', [beforeMs])[0];
    if (!last) return 0;
    const n = Number(this.db.all('SELECT COUNT(*) AS n FROM audit_log WHERE id <= ?', [last.id])[0].n);
    this.db.transaction(() => {
      this.db.run('DELETE FROM audit_log WHERE id <= ?', [last.id]);
      this.setMeta('anchor_id', String(last.id));
      this.setMeta('anchor_hash', String(last.hash));
    });
    return n;
  }

  close(): void {
    this.db.close();
  }
}

function toRow(r: Record<string, unknown>): AuditRow {
  const out: Record<string, unknown> = {};
  for (const [col, key] of COLUMNS) if (key !== 'atMs') out[key] = col === 'id' || col === 'user_id' || col === 'outcome' || col === 'code' || col === 'status' ? Number(r[col]) : String(r[col] ?? '');
  out.updateTime = out.createTime;
  return out as unknown as AuditRow;
}
