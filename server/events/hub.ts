import type { LiveEvent, LiveEventOp } from '../contract/events.js';
import { serialIdColumn, type Migration } from '../console-db/index.js';
import type { SqlDriver } from '../console-db/driver.js';

/**
 * The live-event hub of one console: changes are {@link EventHub.publish}ed by their sources (the
 * mock store, the proxy's relayed writes), get an id, are kept in a ring of the newest
 * {@link HubOptions.ringSize} and handed to every subscriber (the open streams, server/events/stream.ts).
 *
 * Where ids come from and how events travel:
 * - SQLite (one process per file): ids are counted here, from the largest id the table holds at
 *   start; events are delivered at once and written to `console_events` in batches after.
 * - PostgreSQL (replicas): a batch is inserted (`BIGSERIAL` ids) and each row sent with
 *   `pg_notify('console_events', …)` in the same statement; every replica, this one included,
 *   delivers what it hears on its `LISTEN` connection, so an event reaches the streams of all.
 * The table keeps the newest `ringSize` events (pruned as it grows): a replica that starts reads
 * them into its ring, so a client resumes across replicas and restarts.
 *
 * The database failing means no live events (a PostgreSQL insert that fails is dropped, the
 * listener down hears nothing), never a failed write: publishing never throws and never waits.
 */

/** A change as its source tells it; the hub adds the id. */
export interface EventDraft {
  entity: string;
  recordId: number;
  op: LiveEventOp;
  by: { userId: number; username: string } | null;
  fields: string[];
  at: number;
}

/** Something that hears every event (an open stream filters for its user). Must not throw. */
export type EventSubscriber = (event: LiveEvent, text: string) => void;

export interface HubOptions {
  /** The console database; null keeps events in this process only (ids counted from 0). */
  db: SqlDriver | null;
  /** Events kept for resuming (memory and table). Default 2048. */
  ringSize?: number;
  /** Told once each time the database starts or stops taking events. */
  onState?: (state: HubState, err?: unknown) => void;
}

/** `ok`: events flow; `failing`: the database refuses them (no live events until it takes them again). */
export type HubState = 'ok' | 'failing';

/** The NOTIFY channel of every replica. */
export const EVENT_CHANNEL = 'console_events';
/** Rows per PostgreSQL statement (7 parameters each, PostgreSQL takes 65,535). */
const SHARED_CHUNK = 500;
/** Most field names an event carries (a NOTIFY payload holds 8,000 bytes). */
const MAX_FIELDS = 64;

/** The hub's tables in the console database (server/console-db). */
export const EVENT_MIGRATIONS: readonly Migration[] = [
  {
    feature: 'events',
    version: 1,
    name: 'live events window and stream tickets',
    sql: (dialect) => `CREATE TABLE console_events (
      ${serialIdColumn(dialect)}, at_ms BIGINT NOT NULL, entity TEXT NOT NULL, record_id BIGINT NOT NULL,
      op TEXT NOT NULL, user_id BIGINT, username TEXT, fields TEXT NOT NULL
    );
    CREATE TABLE console_event_tickets (id TEXT PRIMARY KEY, sealed TEXT NOT NULL, expires_ms BIGINT NOT NULL);`,
  },
];

/** The SSE text of an event: its id, the `change` type and the JSON (one line). */
export function eventText(e: LiveEvent): string {
  return `id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`;
}

const COLS = 'at_ms, entity, record_id, op, user_id, username, fields';

function rowOf(r: Record<string, unknown>): LiveEvent {
  const userId = r.user_id ?? r.userId;
  let fields: unknown = r.fields;
  if (typeof fields === 'string') {
    try {
      fields = JSON.parse(fields);
    } catch {
      fields = [];
    }
  }
  return {
    id: Number(r.id),
    entity: String(r.entity),
    recordId: Number(r.record_id ?? r.recordId),
    op: String(r.op) as LiveEventOp,
    by: userId === null || userId === undefined ? null : { userId: Number(userId), username: String(r.username ?? '') },
    fields: Array.isArray(fields) ? fields.map(String) : [],
    at: Number(r.at_ms ?? r.at),
  };
}

export class EventHub {
  private ring: LiveEvent[] = [];
  private texts: string[] = [];
  /** Resuming from an id below this is outside the window (events after it may be missing). */
  private floor = 0;
  private lastId = 0;
  private subscribers = new Set<EventSubscriber>();
  private pending: EventDraft[] = [];
  private flushing: Promise<void> | null = null;
  private unsaved: LiveEvent[] = [];
  private saving: Promise<void> = Promise.resolve();
  private sinceCut = 0;
  private stopListen: (() => Promise<void>) | null = null;
  private state: HubState = 'ok';
  private closed = false;
  readonly ringSize: number;

  constructor(private readonly opts: HubOptions) {
    this.ringSize = opts.ringSize ?? 2048;
  }

  /** Whether events go through PostgreSQL's NOTIFY (every replica) rather than this process alone. */
  get shared(): boolean {
    return this.opts.db?.dialect === 'postgres';
  }

  /** The newest event id known here (0 when none). */
  head(): number {
    return this.lastId;
  }

  health(): { state: HubState; head: number; subscribers: number } {
    return { state: this.state, head: this.lastId, subscribers: this.subscribers.size };
  }

  /**
   * Reads the newest events of the table into the ring and, on PostgreSQL, starts listening.
   * A database that cannot be read leaves the ring empty (resuming then asks for a resync).
   */
  async start(): Promise<void> {
    const db = this.opts.db;
    if (!db) return;
    try {
      const rows = await db.all(`SELECT id, ${COLS} FROM console_events ORDER BY id DESC LIMIT ?`, [this.ringSize]);
      const events = rows.map(rowOf).reverse();
      const max = Number((await db.all('SELECT MAX(id) AS n FROM console_events'))[0]?.n ?? 0);
      for (const e of events) this.keep(e);
      this.lastId = Math.max(this.lastId, max);
      // Everything after the oldest row read is known; a full table may have had older ones.
      this.floor = events.length ? events[0].id - (events.length < this.ringSize ? 1 : 0) : this.lastId;
    } catch (e) {
      this.setState('failing', e);
    }
    if (db.dialect === 'postgres' && db.listen) {
      this.stopListen = await db.listen(
        EVENT_CHANNEL,
        (payload) => this.heard(payload),
        (up) => this.setState(up ? 'ok' : 'failing'),
      );
    }
  }

  /** Adds a subscriber; answers its removal. */
  subscribe(fn: EventSubscriber): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * Events after `lastId` still in the window, oldest first (with their SSE text), or null when
   * `lastId` is outside it (older than the window, or newer than any event known here): the client
   * must read afresh.
   */
  since(lastId: number): { event: LiveEvent; text: string }[] | null {
    if (!Number.isSafeInteger(lastId) || lastId < this.floor || lastId > this.lastId) return null;
    const out: { event: LiveEvent; text: string }[] = [];
    // The ring is in id order: binary search for the first id after lastId.
    let lo = 0;
    let hi = this.ring.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ring[mid].id <= lastId) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.ring.length; i++) out.push({ event: this.ring[i], text: this.texts[i] });
    return out;
  }

  /**
   * Tells every subscriber about `drafts` (after the current task: never inside the write that made
   * them). Never throws and never waits; on PostgreSQL the events reach subscribers through NOTIFY.
   */
  publish(drafts: readonly EventDraft[]): void {
    if (this.closed || !drafts.length) return;
    for (const d of drafts) this.pending.push(d.fields.length > MAX_FIELDS ? { ...d, fields: d.fields.slice(0, MAX_FIELDS) } : d);
    if (!this.flushing) this.flushing = Promise.resolve().then(() => this.flush());
  }

  /** Resolves once everything published so far is delivered or written (tests, close). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.saving;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      if (this.shared) await this.insertShared(batch);
      else this.deliverLocal(batch);
    } finally {
      this.flushing = this.pending.length ? Promise.resolve().then(() => this.flush()) : null;
    }
  }

  /** SQLite or no database: ids counted here, delivered now, written after (best effort). */
  private deliverLocal(batch: EventDraft[]): void {
    for (const d of batch) {
      const e: LiveEvent = { id: ++this.lastId, ...d };
      this.deliver(e);
      if (this.opts.db) this.unsaved.push(e);
    }
    if (this.unsaved.length && this.opts.db) this.saving = this.saving.then(() => this.saveLocal());
  }

  private async saveLocal(): Promise<void> {
    const db = this.opts.db!;
    const rows = this.unsaved;
    this.unsaved = [];
    if (!rows.length) return;
    try {
      await db.transaction(async (tx) => {
        const sql = `INSERT INTO console_events (id, ${COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
        const lists = rows.map((e) => [e.id, e.at, e.entity, e.recordId, e.op, e.by?.userId ?? null, e.by?.username ?? null, JSON.stringify(e.fields)]);
        if (tx.runEach) await tx.runEach(sql, lists);
        else for (const l of lists) await tx.run(sql, l);
      });
      await this.prune(rows[rows.length - 1].id);
      this.setState('ok');
    } catch (err) {
      // SQLite: the events were delivered; only resuming after a restart misses them.
      this.setState('failing', err);
    }
  }

  /** PostgreSQL: one statement inserts the batch and notifies every replica of each row. */
  private async insertShared(all: EventDraft[]): Promise<void> {
    for (let i = 0; i < all.length; i += SHARED_CHUNK) await this.insertChunk(all.slice(i, i + SHARED_CHUNK));
  }

  private async insertChunk(batch: EventDraft[]): Promise<void> {
    const db = this.opts.db!;
    const values: string[] = [];
    const params: unknown[] = [];
    for (const d of batch) {
      values.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(d.at, d.entity, d.recordId, d.op, d.by?.userId ?? null, d.by?.username ?? null, JSON.stringify(d.fields));
    }
    const sql = `WITH e AS (INSERT INTO console_events (${COLS}) VALUES ${values.join(', ')} RETURNING id, ${COLS})
      SELECT e.id, pg_notify('${EVENT_CHANNEL}', json_build_object('id', e.id, 'at', e.at_ms, 'entity', e.entity, 'recordId', e.record_id, 'op', e.op, 'userId', e.user_id, 'username', e.username, 'fields', e.fields)::text) FROM e ORDER BY e.id`;
    try {
      const rows = await db.all(sql, params);
      const last = Number(rows[rows.length - 1]?.id ?? 0);
      if (last) await this.prune(last);
      this.setState('ok');
    } catch (err) {
      this.setState('failing', err);
    }
  }

  /** A NOTIFY payload heard (any replica's event, this one's included). */
  private heard(payload: string): void {
    let e: LiveEvent;
    try {
      e = rowOf(JSON.parse(payload) as Record<string, unknown>);
    } catch {
      return;
    }
    if (!Number.isSafeInteger(e.id) || e.id <= 0) return;
    this.deliver(e);
  }

  private deliver(e: LiveEvent): void {
    const text = this.keep(e);
    if (e.id > this.lastId) this.lastId = e.id;
    for (const fn of this.subscribers) fn(e, text);
  }

  /** Puts `e` in the ring in id order (replicas' notifications may cross), the oldest leaving a full ring. */
  private keep(e: LiveEvent): string {
    const text = eventText(e);
    let at = this.ring.length;
    while (at > 0 && this.ring[at - 1].id > e.id) at--;
    this.ring.splice(at, 0, e);
    this.texts.splice(at, 0, text);
    if (this.ring.length > this.ringSize) {
      const gone = this.ring.shift()!;
      this.texts.shift();
      this.floor = Math.max(this.floor, gone.id);
    }
    return text;
  }

  /** Keeps the table at about the window: every `ringSize / 4` new ids, the rows before the window go. */
  private async prune(last: number): Promise<void> {
    if (last - this.sinceCut < Math.max(1, this.ringSize >> 2)) return;
    this.sinceCut = last;
    await this.opts.db!.run('DELETE FROM console_events WHERE id <= ?', [last - this.ringSize]);
  }

  private setState(state: HubState, err?: unknown): void {
    if (state === this.state) return;
    this.state = state;
    this.opts.onState?.(state, err);
  }

  /** Stops listening and writes what is unwritten; subscribers are the streams' to end. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.settled();
    this.closed = true;
    await this.stopListen?.();
  }
}
