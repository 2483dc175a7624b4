import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { chainRows, inputsOf, insertSql, markerText, META_SQL, SET_META_SQL, TAIL_SQL, valuesOf } from './entries.js';

/**
 * The SQLite executor of `sqliteWorkerDriver` (server/audit/store.ts), run in a worker thread: one
 * connection to `workerData.file`; each message `{id, op, sql, params}` is answered `{id, value}` or
 * `{id, error}`, in the order received. `runEach` runs one prepared statement per parameter list;
 * `append` writes a batch of the trail whole: its entries made from what the relaying
 * thread copied (`inputsOf`: bodies parsed, fields redacted, envelopes read), chained after the
 * tail (keyed with the key the message carries) and inserted in one transaction with the chain's
 * sealed head, so the relaying thread pays for none of it. A batch that fails is answered with its
 * bytes handed back (the trail keeps it to write again). Loads only
 * node's modules and server/audit/entries.ts (with the redaction rules it uses).
 */

let db: DatabaseSync | null = null;
let openError: unknown = null;
try {
  db = new DatabaseSync((workerData as { file: string }).file);
  if ((workerData as { file: string }).file !== ':memory:') db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
} catch (e) {
  openError = e;
}
const cache = new Map<string, StatementSync>();
const stmt = (sql: string): StatementSync => {
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db!.prepare(sql)));
  return s;
};

type Param = null | number | bigint | string | NodeJS.ArrayBufferView;

/** The chain's tail as AuditStore.tail reads it: the last entry, else the anchor (0 and '' when never pruned). */
function tail(): { id: number; hash: string } {
  const r = stmt(TAIL_SQL).get() as { id: number; hash: string } | undefined;
  if (r) return { id: Number(r.id), hash: String(r.hash) };
  const id = stmt(META_SQL).get('anchor_id') as { value: string } | undefined;
  const hash = stmt(META_SQL).get('anchor_hash') as { value: string } | undefined;
  return { id: id ? Number(id.value) : 0, hash: hash ? String(hash.value) : '' };
}

/** One batch of the trail in one transaction, with the chain's head; answers the rows written and the new head. */
function append(p: { meta: unknown[]; used: number; bytes: Uint8Array; key: Uint8Array }): { written: number; head: { id: number; hash: string } } {
  const inputs = inputsOf(p.meta, p.bytes.subarray(0, p.used));
  db!.exec('BEGIN');
  try {
    const start = tail();
    const rows = chainRows(p.key, start, inputs);
    const insert = stmt(insertSql(1));
    for (const r of rows) insert.run(...(valuesOf(r) as Param[]));
    const last = rows.length ? { id: rows[rows.length - 1].id, hash: rows[rows.length - 1].hash } : start;
    stmt(SET_META_SQL).run('head', markerText(p.key, 'head', last.id, last.hash));
    db!.exec('COMMIT');
    return { written: rows.length, head: last };
  } catch (e) {
    if (db!.isTransaction) db!.exec('ROLLBACK');
    throw e;
  }
}

parentPort!.on('message', (m: { id: number; op: string; sql: string; params: unknown }) => {
  try {
    if (openError) throw openError;
    let value: unknown;
    switch (m.op) {
      case 'exec':
        db!.exec(m.sql);
        break;
      case 'run':
        stmt(m.sql).run(...(m.params as Param[]));
        break;
      case 'runEach': {
        const s = stmt(m.sql);
        for (const p of JSON.parse(m.params as string) as Param[][]) s.run(...p);
        break;
      }
      case 'all':
        value = stmt(m.sql).all(...(m.params as Param[]));
        break;
      case 'append':
        value = append(m.params as { meta: unknown[]; used: number; bytes: Uint8Array; key: Uint8Array });
        break;
      case 'rollback':
        if (db!.isTransaction) db!.exec('ROLLBACK');
        break;
      case 'close':
        if (db!.isOpen) db!.close();
        break;
    }
    parentPort!.postMessage({ id: m.id, value });
  } catch (e) {
    const err = e as { message?: string; code?: string; errcode?: number; errstr?: string };
    // A refused batch's bytes go back to the trail, which keeps the batch to write again.
    const bytes = m.op === 'append' ? (m.params as { bytes: Uint8Array }).bytes : undefined;
    parentPort!.postMessage({ id: m.id, error: { message: err.message, code: err.code, errcode: err.errcode, errstr: err.errstr }, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
  }
});
