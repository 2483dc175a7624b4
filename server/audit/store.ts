import type { AppendResult, SqlDriver } from '../console-db/driver.js';
import { chainRows, COLUMNS, inputsOf, insertSql, markerText, META_SQL, seal, SET_META_SQL, TAIL_SQL, valuesOf, type AuditAppendRow, type AuditRow, type EntryBatch } from './entries.js';

/**
 * Where the audit trail is kept: its tables in the console's own database (server/console-db),
 * SQLite in a file under the data folder by default or PostgreSQL (`CONSOLE_DATABASE_URL`, alias
 * `AUDIT_DATABASE_URL`) for consoles sharing one trail. The SQL is plain and portable; the drivers
 * share the asynchronous {@link SqlDriver} shape (tests add PGlite's).
 */

export type { AuditAppendRow, AuditRow } from './entries.js';
export { dollarParams, openConsoleDriver, openConsoleDriver as openAuditDriver, postgresDriver, sqliteDriver, sqliteWorkerDriver, type AppendResult, type SqlDriver } from '../console-db/driver.js';

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


/**
 * Migrations in order, plain SQL both dialects run (given the dialect); `audit_meta.version` says how
 * many ran. Ids are assigned by the trail (the chain needs them before the row exists). On SQLite the
 * key is `INTEGER PRIMARY KEY`, the table's own row id (a `BIGINT PRIMARY KEY` there is a
 * second B-tree written with every entry); PostgreSQL's is `BIGINT`. Files created while the key was
 * `BIGINT` read and write the same. Only the time index is made here: the indexes for sorting by
 * user or operation are made when the log is first sorted so ({@link LAZY_INDEXES}; files and
 * databases created before have them already).
 */
const MIGRATIONS: readonly ((dialect: SqlDriver['dialect']) => string)[] = [
  (dialect) => `CREATE TABLE audit_log (
    id ${dialect === 'sqlite' ? 'INTEGER' : 'BIGINT'} PRIMARY KEY, create_time TEXT NOT NULL, at_ms BIGINT NOT NULL, user_id BIGINT NOT NULL, username TEXT NOT NULL,
    roles TEXT NOT NULL, ip TEXT NOT NULL, operation TEXT NOT NULL, area TEXT NOT NULL, entity TEXT NOT NULL, target_ids TEXT NOT NULL,
    outcome INTEGER NOT NULL, code INTEGER NOT NULL, status INTEGER NOT NULL, message TEXT NOT NULL, served_by TEXT NOT NULL,
    fields TEXT NOT NULL, changes TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL
  );
  CREATE INDEX audit_log_at ON audit_log (at_ms);`,
  // The keyed chain: no table changes; a trail written before it is sealed as legacy in AuditStore.open.
  () => '',
];

/**
 * Indexes made the first time the log is sorted by their column: every index is written
 * with every entry, and the filters on user and operation match substrings (`LIKE '%…%'`), which no
 * index serves; only sorting by them does. Made once per store and kept from then on.
 */
const LAZY_INDEXES: Record<string, string> = {
  username: 'CREATE INDEX IF NOT EXISTS audit_log_username ON audit_log (username)',
  operation: 'CREATE INDEX IF NOT EXISTS audit_log_operation ON audit_log (operation)',
};

/** The advisory lock's key on PostgreSQL (any constant shared by every replica): "audit" in ASCII. */
const CHAIN_LOCK = 0x6175646974;

const SORTS: Record<string, string> = { createTime: 'at_ms', username: 'username', operation: 'operation', id: 'id' };
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The audit trail's table on either driver: migrations at open ({@link AuditStore.open}), chained
 * appends under the chain's lock, the list query, chain reads, pruning. On PostgreSQL every change
 * to the chain (append, prune, migrate) takes `pg_advisory_xact_lock` first and reads the tail inside
 * it, so consoles sharing one database keep one chain; SQLite is one process per file.
 */
export class AuditStore {
  /** Columns whose sort index ({@link LAZY_INDEXES}) this store has made sure of. */
  private indexed = new Set<string>();

  private constructor(
    readonly db: SqlDriver,
    /** The chain's HMAC key (server/audit/key.ts). */
    readonly key: Uint8Array,
  ) {}

  /**
   * Opens a store on `db` keyed with `key`, creating and migrating its tables. A trail written
   * before the chain was keyed keeps its entries as they are: its tail is sealed as the legacy
   * boundary (`audit_meta.legacy`; entries up to it are checked with their sha256), and the chain
   * continues keyed after it. `audit_meta.key_check` (an HMAC of a constant) tells whether `key` is
   * the one the trail was written with.
   * @throws Error when the key is not the trail's (another AUDIT_KEY, a lost key file).
   */
  static async open(db: SqlDriver, key: Uint8Array): Promise<AuditStore> {
    const store = new AuditStore(db, key);
    await db.transaction(async (tx) => {
      // Replicas starting together: one migrates, the others wait and then find it done.
      await store.lock(tx);
      await tx.exec('CREATE TABLE IF NOT EXISTS audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      const version = Number((await tx.all("SELECT value FROM audit_meta WHERE key = 'version'"))[0]?.value ?? 0);
      for (let v = version; v < MIGRATIONS.length; v++) {
        const sql = MIGRATIONS[v](tx.dialect);
        if (sql) await tx.exec(sql);
        await store.setMeta(tx, 'version', String(v + 1));
      }
      const check = seal(key, 'key', 0, 'audit-key-check');
      const known = await store.meta('key_check', tx);
      if (known !== null && known !== check) throw new Error("audit trail: AUDIT_KEY (or its key file) is not the key this trail was written with; set the trail's own key, or move the trail away to start a new one");
      if (known === null) await store.setMeta(tx, 'key_check', check);
      if (version === 1) {
        const t = await store.tail(tx);
        if (t.id > 0) {
          await store.setMeta(tx, 'legacy', markerText(key, 'legacy', t.id, t.hash));
          await store.setMeta(tx, 'head', markerText(key, 'head', t.id, t.hash));
        }
        const anchor = await store.meta('anchor_id', tx);
        if (anchor !== null) await store.setMeta(tx, 'anchor', markerText(key, 'anchor', Number(anchor), (await store.meta('anchor_hash', tx)) ?? ''));
      }
    });
    return store;
  }

  /** Holds the chain until `tx` ends (PostgreSQL); SQLite's transactions are already one at a time. */
  private async lock(tx: SqlDriver): Promise<void> {
    if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock(?)', [CHAIN_LOCK]);
  }

  /** The last entry's id and hash (the chain continues from it), or the anchor (0 and '' when never pruned). */
  async tail(db: SqlDriver = this.db): Promise<{ id: number; hash: string }> {
    const r = (await db.all(TAIL_SQL))[0];
    if (r) return { id: Number(r.id), hash: String(r.hash) };
    const id = await this.meta('anchor_id', db);
    return { id: id ? Number(id) : 0, hash: (await this.meta('anchor_hash', db)) ?? '' };
  }

  async meta(key: string, db: SqlDriver = this.db): Promise<string | null> {
    const r = (await db.all(META_SQL, [key]))[0];
    return r ? String(r.value) : null;
  }

  private async setMeta(tx: SqlDriver, key: string, value: string): Promise<void> {
    await tx.run(SET_META_SQL, [key, value]);
  }

  /**
   * Appends a batch after the chain's current tail, in one transaction under the chain's lock:
   * `build` is handed the tail read inside the lock and answers the rows (ids and hashes continuing
   * it), so two writers never both continue the same entry. The chain's sealed head
   * (`audit_meta.head`) moves to the last row in the same transaction. Answers the rows written.
   */
  async append(build: (tail: { id: number; hash: string }) => AuditAppendRow[]): Promise<AuditAppendRow[]> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx);
      const rows = build(await this.tail(tx));
      if (tx.runEach) {
        const lists = new Array<unknown[]>(rows.length);
        for (let i = 0; i < rows.length; i++) lists[i] = valuesOf(rows[i]);
        await tx.runEach(insertSql(1), lists);
      } else {
        for (let i = 0; i < rows.length; ) {
          let n = 256;
          while (n > rows.length - i) n >>= 1;
          const params: unknown[] = [];
          for (const r of rows.slice(i, i + n)) params.push(...valuesOf(r));
          await tx.run(insertSql(n), params);
          i += n;
        }
      }
      const last = rows[rows.length - 1];
      if (last) await this.setMeta(tx, 'head', markerText(this.key, 'head', last.id, last.hash));
      return rows;
    });
  }

  /**
   * Writes one batch of the trail (its entries made, chained after the tail and inserted in one
   * transaction): on the driver's thread when it can ({@link SqlDriver.appendEntries}), else made
   * here and {@link append}ed. The batch's bytes are handed over; when the write fails they are
   * the batch's again (the trail keeps it to write later), else the error says `lost` (a worker
   * that stopped took them). Answers the rows written and the chain's head.
   */
  async appendBatch(batch: EntryBatch): Promise<AppendResult> {
    if (this.db.appendEntries) {
      try {
        return await this.db.appendEntries(batch.meta, batch.bytes, batch.used, this.key);
      } catch (e) {
        const back = (e as { bytes?: Uint8Array }).bytes;
        if (back) batch.bytes = Buffer.from(back.buffer, back.byteOffset, back.byteLength);
        else if (batch.used > 0) throw Object.assign(e as Error, { lost: true });
        throw e;
      }
    }
    const inputs = inputsOf(batch.meta, batch.bytes.subarray(0, batch.used));
    const rows = await this.append((tail) => chainRows(this.key, tail, inputs));
    const last = rows[rows.length - 1];
    return { written: rows.length, head: last ? { id: last.id, hash: last.hash } : await this.tail() };
  }

  /**
   * Bytes the trail takes in its store: the SQLite file's pages in use (free pages left by a prune
   * do not count), or the PostgreSQL tables' total size with their indexes.
   */
  async sizeBytes(): Promise<number> {
    const sql =
      this.db.dialect === 'sqlite'
        ? 'SELECT (p.page_count - f.freelist_count) * s.page_size AS n FROM pragma_page_count() AS p, pragma_freelist_count() AS f, pragma_page_size() AS s'
        : "SELECT pg_total_relation_size('audit_log') + pg_total_relation_size('audit_meta') AS n";
    return Number((await this.db.all(sql))[0]?.n ?? 0);
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
  async list(q: AuditQuery): Promise<{ list: AuditRow[]; total: number }> {
    const { sql, params } = this.where(q);
    const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
    const pageNum = Math.max(q.pageNum ?? 1, 1);
    const sort = SORTS[q.sortField ?? ''] ?? 'id';
    const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const index = LAZY_INDEXES[sort];
    if (index !== undefined && !this.indexed.has(sort)) {
      // In a transaction of its own: never inside another's (a prune's) on the one connection. A
      // store that cannot make it (read-only) still sorts, without it, and tries again next time.
      await this.db.transaction((tx) => tx.exec(index)).then(
        () => this.indexed.add(sort),
        () => undefined,
      );
    }
    const total = Number((await this.db.all(`SELECT COUNT(*) AS n FROM audit_log ${sql}`, params))[0].n);
    const rows = await this.db.all(`SELECT * FROM audit_log ${sql} ORDER BY ${sort} ${dir}, id ${dir} LIMIT ? OFFSET ?`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return { list: rows.map(toRow), total };
  }

  /** Successful entries of record `targetId` of `entity` after entry `afterId`, oldest first (at most `limit`). */
  async laterOf(entity: string, targetId: number, afterId: number, limit = 1000): Promise<AuditRow[]> {
    const rows = await this.db.all("SELECT * FROM audit_log WHERE entity = ? AND (',' || target_ids || ',') LIKE ? AND id > ? AND outcome = 1 ORDER BY id LIMIT ?", [entity, `%,${targetId},%`, afterId, limit]);
    return rows.map(toRow);
  }

  async info(id: number): Promise<AuditRow | null> {
    const r = (await this.db.all('SELECT * FROM audit_log WHERE id = ?', [id]))[0];
    return r ? toRow(r) : null;
  }

  /** Every entry in id order, in pages (the chain check reads them all without holding them all). */
  async *scan(pageSize = 2000): AsyncGenerator<AuditRow & { atMs: number }> {
    let after = 0;
    for (;;) {
      const rows = await this.db.all('SELECT * FROM audit_log WHERE id > ? ORDER BY id LIMIT ?', [after, pageSize]);
      if (!rows.length) return;
      for (const r of rows) yield { ...toRow(r), atMs: Number(r.at_ms) };
      after = Number(rows[rows.length - 1].id);
    }
  }

  /** Deletes entries older than `beforeMs` (under the chain's lock); the chain's anchor moves to the last one deleted, sealed with the key. */
  async prune(beforeMs: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx);
      const last = (await tx.all('SELECT id, hash FROM audit_log WHERE at_ms < ? ORDER BY id DESC LIMIT 1', [beforeMs]))[0];
      if (!last) return 0;
      const n = Number((await tx.all('SELECT COUNT(*) AS n FROM audit_log WHERE id <= ?', [last.id]))[0].n);
      await tx.run('DELETE FROM audit_log WHERE id <= ?', [last.id]);
      await this.setMeta(tx, 'anchor_id', String(last.id));
      await this.setMeta(tx, 'anchor_hash', String(last.hash));
      await this.setMeta(tx, 'anchor', markerText(this.key, 'anchor', Number(last.id), String(last.hash)));
      return n;
    });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

function toRow(r: Record<string, unknown>): AuditRow {
  const out: Record<string, unknown> = {};
  for (const [col, key] of COLUMNS) if (key !== 'atMs') out[key] = col === 'id' || col === 'user_id' || col === 'outcome' || col === 'code' || col === 'status' ? Number(r[col]) : String(r[col] ?? '');
  out.updateTime = out.createTime;
  return out as unknown as AuditRow;
}
