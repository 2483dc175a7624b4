import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import { chainRows, COLUMNS, inputsOf, insertSql, markerText, META_SQL, seal, SET_META_SQL, TAIL_SQL, valuesOf, type AuditAppendRow, type AuditRow, type EntryBatch } from './entries.js';

/**
 * Where the audit trail is kept: one SQL schema and one set of queries, run by SQLite
 * (Node's built-in `node:sqlite`, no native build) in a file under the data folder by default, or by
 * PostgreSQL (`pg`, `AUDIT_DATABASE_URL`) for consoles sharing one trail. The SQL is plain and
 * portable; the drivers share the asynchronous {@link SqlDriver} shape (tests add PGlite's).
 */

export type { AuditAppendRow, AuditRow } from './entries.js';

/** What a written batch answers: its rows and the chain's head after it. */
export interface AppendResult {
  written: number;
  head: { id: number; hash: string };
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

/**
 * What a driver runs (one query layer for SQLite and PostgreSQL): positional `?` parameters (the
 * PostgreSQL drivers rewrite them to `$1…`); `all` answers rows as objects keyed by column (64-bit
 * integers may come back as strings or bigints: callers convert). Every call is asynchronous, so the
 * same store runs on a synchronous SQLite file or a pool of PostgreSQL connections.
 */
export interface SqlDriver {
  /** Which SQL dialect this is; only the chain's lock differs (PostgreSQL's advisory lock). */
  readonly dialect: 'sqlite' | 'postgres';
  /** One or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  run(sql: string, params?: unknown[]): Promise<void>;
  /**
   * Runs one statement once per parameter list, in order (a batch of single-row inserts). Drivers
   * that prepare statements in-process have it (SQLite: one prepared row insert beats a multi-row
   * one there); without it the store sends multi-row statements (one round trip per chunk).
   */
  runEach?(sql: string, paramLists: unknown[][]): Promise<void>;
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Writes a batch of the trail on the driver's own thread (the SQLite worker): its
   * entries made ({@link inputsOf}), chained after the tail (keyed with `key`) and inserted in one
   * transaction with the chain's sealed head, after every transaction asked before. `bytes` is
   * handed over (transferred, not copied): the caller no longer reads it, unless the batch fails,
   * when the error carries them back (`bytes`). Answers how many rows were written and the new head.
   * Drivers without it are handed rows built on the caller's thread ({@link AuditStore.append}).
   */
  appendEntries?(meta: unknown[], bytes: Buffer, used: number, key: Uint8Array): Promise<AppendResult>;
  /** Runs `fn` in one transaction on one connection (`tx`), committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * SQLite through `node:sqlite` (synchronous calls wrapped in promises; the trail writes in batches
 * off the request path). One process per file: transactions are serialised within the process, and
 * nothing coordinates two processes appending to one file.
 */
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
  // One connection: a second transaction waits for the first (async bodies could otherwise nest BEGINs).
  let queue: Promise<unknown> = Promise.resolve();
  const driver: SqlDriver = {
    dialect: 'sqlite',
    exec: async (sql) => void db.exec(sql),
    run: async (sql, params = []) => void stmt(sql).run(...(params as never[])),
    runEach: async (sql, paramLists) => {
      const s = stmt(sql);
      for (const params of paramLists) s.run(...(params as never[]));
    },
    all: async (sql, params = []) => stmt(sql).all(...(params as never[])) as Record<string, unknown>[],
    transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
      const body = async () => {
        db.exec('BEGIN');
        try {
          const out = await fn(driver);
          db.exec('COMMIT');
          return out;
        } catch (e) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw e;
        }
      };
      const done = queue.then(body, body);
      queue = done.catch(() => undefined);
      return done;
    },
    close: async () => {
      await queue;
      if (db.isOpen) db.close();
    },
  };
  return driver;
}

/**
 * Where the SQLite worker's script is (server/audit/sqlite-worker.ts): beside the bundle as
 * `audit-worker.js` (`npm run build` writes it next to `dist/server/main.js`), or the TypeScript
 * file itself, loaded through tsx, when the server runs from its sources (tests, `npm run dev`, scripts).
 */
function sqliteWorkerScript(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./audit-worker.js', import.meta.url) };
  // From the sources only (a development package, resolved from the project folder as `npm run` scripts do): the bundle never takes this branch.
  return { url: new URL('./sqlite-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

/**
 * SQLite on a file through a worker thread (the default store of a console): the same
 * SQL, connection and transaction order as {@link sqliteDriver}, but the statements (the batch's
 * inserts, WAL writes and checkpoints with their fsyncs) run off the event loop, and so does the
 * making of the platform's entries ({@link SqlDriver.appendEntries}: bodies parsed, fields redacted,
 * the chain's hashes), so a burst of audited writes costs requests only the copying of their bytes
 * and the handing over of each batch. Calls are messages answered
 * in order; a transaction holds the connection until it ends (others wait, as on one connection).
 * Errors come back as `Error`s with SQLite's `code`/`errcode`/`errstr`; a worker that dies fails
 * every waiting call and the ones after. The worker keeps the process alive only while a call waits.
 */
export function sqliteWorkerDriver(file: string): SqlDriver {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const script = sqliteWorkerScript();
  const worker = new Worker(script.url, { workerData: { file }, ...(script.execArgv ? { execArgv: script.execArgv } : {}) });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  let dead: Error | null = null;
  worker.unref();
  const failAll = (e: Error) => {
    dead ??= e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; value?: unknown; error?: { message: string; code?: string; errcode?: number; errstr?: string }; bytes?: Uint8Array }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (waiting.size === 0) worker.unref();
    if (m.error) w.reject(Object.assign(new Error(m.error.message), { code: m.error.code, errcode: m.error.errcode, errstr: m.error.errstr, bytes: m.bytes }));
    else w.resolve(m.value);
  });
  worker.on('error', (e: unknown) => failAll(e instanceof Error ? e : new Error(String(e))));
  worker.on('exit', (code) => failAll(new Error(`the audit trail's SQLite worker stopped (exit code ${code})`)));
  const send = (op: string, sql = '', params: unknown = [], transfer?: ArrayBuffer[]): Promise<unknown> => {
    if (dead) return Promise.reject(dead);
    const id = next++;
    if (waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params }, transfer);
    });
  };
  // One transaction at a time, as on one in-thread connection (see sqliteDriver).
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const driver: SqlDriver = {
    dialect: 'sqlite',
    exec: async (sql) => void (await send('exec', sql)),
    run: async (sql, params = []) => void (await send('run', sql, params)),
    runEach: async (sql, paramLists) => void (await send('runEach', sql, JSON.stringify(paramLists))),
    all: async (sql, params = []) => (await send('all', sql, params)) as Record<string, unknown>[],
    appendEntries(meta, bytes, used, key) {
      // One message and one transaction in the worker, in turn with the others (never inside one).
      const body = () => send('append', '', { meta, used, bytes, key }, [bytes.buffer as ArrayBuffer]) as Promise<AppendResult>;
      const done = queue.then(body, body);
      queue = done.catch(() => undefined);
      return done;
    },
    transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
      const body = async () => {
        await send('exec', 'BEGIN');
        try {
          const out = await fn(driver);
          await send('exec', 'COMMIT');
          return out;
        } catch (e) {
          await send('rollback').catch(() => undefined);
          throw e;
        }
      };
      const done = queue.then(body, body);
      queue = done.catch(() => undefined);
      return done;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await queue;
      if (!dead) await send('close').catch(() => undefined);
      await worker.terminate();
    },
  };
  return driver;
}

/** `?` → `$1, $2…` outside quoted strings and identifiers (the store's SQL has no other `?`). */
export function dollarParams(sql: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const c of sql) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '?') {
      out += `$${++n}`;
      continue;
    }
    out += c;
  }
  return out;
}

/** The slice of `pg` this driver uses (the package ships no types). */
interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(err?: unknown): void }>;
  end(): Promise<void>;
  on(event: 'error', fn: (e: unknown) => void): void;
}

/**
 * PostgreSQL through `pg` (`AUDIT_DATABASE_URL`, e.g. `postgres://user:pass@host:5432/db`): a small
 * pool; each transaction holds one connection. Several console replicas may share the database:
 * the store appends under a transaction-level advisory lock (see {@link AuditStore.append}).
 * `onError` hears errors of idle connections (a restarted server), which would otherwise end the process.
 */
export async function postgresDriver(url: string, opts: { max?: number; onError?: (e: unknown) => void } = {}): Promise<SqlDriver> {
  // Loaded only when PostgreSQL is named: SQLite consoles never load it.
  const pg = (await import('pg')) as unknown as { default: { Pool: new (o: object) => PgPool } };
  const pool = new pg.default.Pool({ connectionString: url, max: opts.max ?? 4, connectionTimeoutMillis: 10_000, application_name: 'game-console-audit' });
  pool.on('error', (e) => opts.onError?.(e));
  const over = (q: PgQueryable): Omit<SqlDriver, 'transaction' | 'close'> => ({
    dialect: 'postgres',
    exec: async (sql) => void (await q.query(sql)),
    run: async (sql, params = []) => void (await q.query(dollarParams(sql), params)),
    all: async (sql, params = []) => (await q.query(dollarParams(sql), params)).rows,
  });
  const driver: SqlDriver = {
    ...over(pool),
    async transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const tx: SqlDriver = { ...over(client), transaction: (f) => f(tx), close: async () => {} };
      let broken: unknown;
      try {
        await client.query('BEGIN');
        const out = await fn(tx);
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch((r: unknown) => (broken = r));
        throw e;
      } finally {
        // A connection whose ROLLBACK failed is not handed out again.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
  return driver;
}

/**
 * The driver a console's settings name: PostgreSQL when `AUDIT_DATABASE_URL` is set, else SQLite in
 * `AUDIT_DB`: a file through a worker thread ({@link sqliteWorkerDriver}), `:memory:` on the event loop. `onError` hears PostgreSQL's idle-connection errors.
 */
export async function openAuditDriver(config: { auditDb: string | null; auditDatabaseUrl?: string | null }, onError?: (e: unknown) => void): Promise<SqlDriver> {
  if (config.auditDatabaseUrl) return postgresDriver(config.auditDatabaseUrl, { onError });
  const file = config.auditDb ?? ':memory:';
  // A trail in memory (tests, the benches' upstreams) stays on the event loop: a thread per app is not worth it there.
  return file === ':memory:' ? sqliteDriver(file) : sqliteWorkerDriver(file);
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
