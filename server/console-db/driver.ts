import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The drivers of the console's own database (server/console-db): one asynchronous
 * {@link SqlDriver} shape over SQLite (Node's built-in `node:sqlite`, no native build; in-thread or
 * on a worker thread) and PostgreSQL (`pg`; PGlite in tests, server/console-db/pglite.ts). The SQL
 * the features send is plain and portable; only what the dialect names differs.
 */

/** What a written batch answers: its rows and the chain's head after it. */
export interface AppendResult {
  written: number;
  head: { id: number; hash: string };
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
  /**
   * PostgreSQL only: hears `NOTIFY <channel>` from every connection to the database (every replica),
   * this one's included. `onMessage` gets each payload; `onState` hears the listening connection go
   * down (false) and come back (true): notifications sent in between are not heard. Answers a stop
   * function. SQLite has none (one process per file).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onState?: (up: boolean) => void): Promise<() => Promise<void>>;
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
  return { url: new URL('../audit/sqlite-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
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
interface PgClient extends PgQueryable {
  connect(): Promise<void>;
  end(): Promise<void>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', fn: (e?: unknown) => void): void;
}
interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(err?: unknown): void }>;
  end(): Promise<void>;
  on(event: 'error', fn: (e: unknown) => void): void;
}

/**
 * PostgreSQL through `pg` (`CONSOLE_DATABASE_URL`, e.g. `postgres://user:pass@host:5432/db`): a small
 * pool; each transaction holds one connection. Several console replicas may share the database:
 * the store appends under a transaction-level advisory lock (see {@link AuditStore.append}).
 * `onError` hears errors of idle connections (a restarted server), which would otherwise end the process.
 */
export async function postgresDriver(url: string, opts: { max?: number; onError?: (e: unknown) => void } = {}): Promise<SqlDriver> {
  // Loaded only when PostgreSQL is named: SQLite consoles never load it.
  const pg = (await import('pg')) as unknown as { default: { Pool: new (o: object) => PgPool; Client: new (o: object) => PgClient } };
  const pool = new pg.default.Pool({ connectionString: url, max: opts.max ?? 4, connectionTimeoutMillis: 10_000, application_name: 'game-console' });
  const listeners = new Set<() => Promise<void>>();
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
    listen: (channel, onMessage, onState) => pgListen(() => new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'game-console-listen' }), channel, onMessage, onState, listeners),
    close: async () => {
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
  };
  return driver;
}

/** Reconnection delays of a listening connection, in ms (the last repeats). */
const LISTEN_BACKOFF_MS = [250, 1000, 5000];

/**
 * A dedicated connection that `LISTEN`s on `channel` (a pool's connections come and go), connected
 * again after an error or an end, with {@link LISTEN_BACKOFF_MS} between tries, until stopped.
 */
async function pgListen(make: () => PgClient, channel: string, onMessage: (payload: string) => void, onState: ((up: boolean) => void) | undefined, registry: Set<() => Promise<void>>): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`console database: channel name "${channel}" is not a plain identifier`);
  let stopped = false;
  let client: PgClient | null = null;
  let tries = 0;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = make();
    client = c;
    let down = false;
    const lost = () => {
      if (down || stopped) return;
      down = true;
      onState?.(false);
      void c.end().catch(() => undefined);
      timer = setTimeout(() => void connect().catch(() => undefined), LISTEN_BACKOFF_MS[Math.min(tries++, LISTEN_BACKOFF_MS.length - 1)]);
      timer.unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      tries = 0;
      onState?.(true);
    } catch (e) {
      lost();
      throw e;
    }
  };
  const stop = async () => {
    stopped = true;
    registry.delete(stop);
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
  registry.add(stop);
  // The first connection is tried at once; one that fails is tried again in the background.
  await connect().catch(() => undefined);
  return stop;
}

/**
 * The driver of the console's database its settings name: PostgreSQL when `CONSOLE_DATABASE_URL`
 * (alias `AUDIT_DATABASE_URL`) is set, else SQLite in `AUDIT_DB`'s file through a worker thread
 * ({@link sqliteWorkerDriver}), or on the event loop when the file is `:memory:` or the trail is off
 * (a database that lives as long as the process). `onError` hears PostgreSQL's idle-connection errors.
 */
export async function openConsoleDriver(config: { auditDb: string | null; consoleDatabaseUrl?: string | null; auditDatabaseUrl?: string | null }, onError?: (e: unknown) => void): Promise<SqlDriver> {
  const url = config.consoleDatabaseUrl ?? config.auditDatabaseUrl;
  if (url) return postgresDriver(url, { onError });
  const file = config.auditDb ?? ':memory:';
  // A database in memory (tests, the benches' upstreams) stays on the event loop: a thread per app is not worth it there.
  return file === ':memory:' ? sqliteDriver(file) : sqliteWorkerDriver(file);
}
