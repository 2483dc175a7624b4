import type { PGlite, Transaction } from '@electric-sql/pglite';
import { dollarParams, type SqlDriver } from './driver.js';

/**
 * PostgreSQL in-process through PGlite (WASM; a devDependency): the tests run the store's and the
 * trail's suite on it with the same SQL as on a real server. Not loaded by the console itself.
 * Several drivers may wrap one `PGlite` (two "replicas" on one database); PGlite runs one
 * transaction at a time, and the store takes the same advisory lock as on a server. `shared`: closing
 * the driver leaves the database open (a console "restarting" on a database that lives on).
 * `LISTEN`/`NOTIFY` work as on a server: every driver on one `PGlite` hears every notification.
 */
export function pgliteDriver(db: PGlite, opts: { shared?: boolean } = {}): SqlDriver {
  const over = (q: PGlite | Transaction): Omit<SqlDriver, 'transaction' | 'close'> => ({
    dialect: 'postgres',
    exec: async (sql) => void (await q.exec(sql)),
    run: async (sql, params = []) => void (await q.query(dollarParams(sql), params)),
    all: async (sql, params = []) => (await q.query<Record<string, unknown>>(dollarParams(sql), params)).rows,
  });
  const stops = new Set<() => Promise<void>>();
  return {
    ...over(db),
    transaction: <T>(fn: (tx: SqlDriver) => Promise<T>) =>
      db.transaction(async (t) => {
        const tx: SqlDriver = { ...over(t), transaction: (f) => f(tx), close: async () => {} };
        return fn(tx);
      }),
    listen: async (channel, onMessage, onState) => {
      const stop = await db.listen(channel, onMessage);
      onState?.(true);
      stops.add(stop);
      return async () => {
        stops.delete(stop);
        if (!db.closed) await stop();
      };
    },
    close: async () => {
      for (const stop of [...stops]) if (!db.closed) await stop().catch(() => undefined);
      stops.clear();
      if (!opts.shared && !db.closed) await db.close();
    },
  };
}
