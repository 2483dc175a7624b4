import type { AuditStore } from './store.js';
import { digest, EntryBatch, type AuditInput, type RequestBody, type Who } from './entries.js';

export { wallClock, type AuditInput } from './entries.js';

export interface AuditTrailOptions {
  /** Entries waiting to be written at most; beyond it an entry is dropped and counted. Default 10,000. */
  maxQueue?: number;
  /** How often the queue is written, in ms. Default 200. */
  flushMs?: number;
  /**
   * Entries that start a write on the next event-loop turn without waiting for the timer. Default 64:
   * under a burst of writes batches stay about this size, few transactions and every entry still
   * young when written (batches of 256 waited ~100 ms at 2,500 writes/s, long enough for
   * the young generation's collections to promote them, and their parameters went to the SQLite
   * worker as one large string: the collector's threads and the event loop each paid ~10–20 µs
   * more per relayed write than with 64).
   */
  batchSize?: number;
  /** Entries older than this many days are pruned once a day (and at start). 0 keeps everything. Default 180. */
  retentionDays?: number;
  now?: () => number;
  /** Told once per burst of drops (a full queue), with the running count. */
  onDrop?: (dropped: number) => void;
  /** A batch could not be written (the file is locked or gone): its entries are counted as dropped. */
  onError?: (e: unknown) => void;
}

/**
 * The audit trail's writer: captures hand it entries with {@link record}, which only
 * queues a copy of what is needed (never blocks, waits on the database or fails an answer); a timer
 * flushes the queue (or the next turn, once `batchSize` entries wait), one flush at a time, in one
 * transaction per batch of at most 1,000, giving each entry the next id and a sha256
 * chained to the previous entry's — the tail read inside the store's lock, so consoles sharing a
 * PostgreSQL trail continue one chain. A full queue drops and counts; a batch the store refuses is
 * counted as dropped and told to `onError`, never thrown into a timer. {@link verify} re-computes the
 * chain and names the first broken entry; entries older than the retention are pruned daily (the
 * chain's anchor moves with them).
 */
export class AuditTrail {
  /** Entries waiting, in batches of at most {@link EntryBatch.MAX}; the last one takes new entries. */
  private queue: EntryBatch[] = [];
  /** Entries in {@link queue}. */
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropping = false;
  /** Set by {@link close}: later entries (a platform answer observed after shutdown began) are dropped. */
  private closed = false;
  readonly counts = { recorded: 0, written: 0, dropped: 0 };
  /** Batches the store refused (their entries are in `counts.dropped` too); prunes that failed. */
  readonly errors = { batches: 0, prunes: 0 };
  private readonly maxQueue: number;
  private readonly flushMs: number;
  private readonly batchSize: number;
  /** Entries taken from the queue and written or counted as dropped (what {@link flush} waits for). */
  private taken = 0;
  /** A write asked for the next turn (the queue reached a batch). */
  private soon = false;
  private readonly now: () => number;

  constructor(
    readonly store: AuditStore,
    private readonly opts: AuditTrailOptions = {},
  ) {
    this.maxQueue = opts.maxQueue ?? 10_000;
    this.flushMs = opts.flushMs ?? 200;
    this.batchSize = opts.batchSize ?? 64;
    this.now = opts.now ?? Date.now;
    if ((opts.retentionDays ?? 180) > 0) {
      // At start only what is already stored (the store runs it before any later batch).
      void this.pruneQuietly(false);
      this.pruneTimer = setInterval(() => void this.pruneQuietly(true), 24 * 3600_000);
      this.pruneTimer.unref();
    }
  }

  /** Queues one entry its capture built; returns false when the queue was full (the entry is dropped and counted). */
  record(e: AuditInput): boolean {
    if (!this.admit()) return false;
    this.batch().addBuilt(e);
    this.queuedOne();
    return true;
  }

  /**
   * Queues an audited exchange the platform answered, as it came: its request's bytes
   * and its answer's head are copied, and the entry — body parsed, ids read, fields redacted,
   * envelope read — is made when its batch is written, on the SQLite worker thread for a file
   * trail (see {@link EntryBatch.addExchange} for the arguments). Returns false when the queue was full.
   */
  recordExchange(atMs: number, who: Who | null, ip: string, operation: string, area: string, entity: string, upload: boolean, status: number, requestKind: RequestBody, request: Buffer | null, answer: Buffer | null): boolean {
    if (!this.admit()) return false;
    this.batch().addExchange(atMs, who, ip, operation, area, entity, upload, status, requestKind, request, answer);
    this.queuedOne();
    return true;
  }

  /** Whether an entry may be queued; counts (and tells, once per burst) a drop when not. */
  private admit(): boolean {
    if (this.closed || this.queued >= this.maxQueue) {
      this.counts.dropped++;
      if (!this.dropping) {
        this.dropping = true;
        this.opts.onDrop?.(this.counts.dropped);
      }
      return false;
    }
    this.dropping = false;
    return true;
  }

  /** The batch taking new entries. */
  private batch(): EntryBatch {
    const last = this.queue[this.queue.length - 1];
    if (last !== undefined && last.count < EntryBatch.MAX) return last;
    const b = new EntryBatch();
    this.queue.push(b);
    return b;
  }

  private queuedOne(): void {
    this.counts.recorded++;
    this.queued++;
    if (this.queued >= this.batchSize && !this.soon && !this.flushing) {
      // A full batch is written on the next turn: the timer would let it grow (and age) for nothing.
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.write();
      });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.write(), this.flushMs);
      this.timer.unref();
    }
  }

  /**
   * Writes every entry queued before the call now (readers of the log; tests; shutdown): resolves
   * once each is written or counted as dropped. Entries recorded meanwhile wait for their own
   * batch or timer. Never rejects (a refused batch is counted and told).
   */
  flush(): Promise<void> {
    const upto = this.counts.recorded;
    const round = (): Promise<void> => (this.taken >= upto ? Promise.resolve() : this.write().then(round));
    return round();
  }

  /**
   * One round of writing (the timer, a full batch, {@link flush}): the entries queued when it
   * starts, in batches of at most 1,000. One round runs at a time; a call during a round answers
   * that round. A round never goes on with what arrived during it: on a store answering from
   * another thread (server/audit/store.ts, `sqliteWorkerDriver`) it would otherwise chase the
   * requests with a transaction per handful of entries.
   */
  private write(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    const batches = this.queue;
    this.queue = [];
    this.queued = 0;
    for (const batch of batches) {
      try {
        await this.store.appendBatch(batch);
        this.counts.written += batch.count;
        this.taken += batch.count;
      } catch (e) {
        this.taken += batch.count;
        // The next batch re-reads the tail inside the lock, so the chain resumes from what is stored.
        this.counts.dropped += batch.count;
        this.errors.batches++;
        try {
          this.opts.onError?.(e);
        } catch {
          // A failing logger must not end the flush.
        }
      }
    }
  }

  /** Deletes entries past the retention; answers how many. */
  async prune(flushFirst = true): Promise<number> {
    const days = this.opts.retentionDays ?? 180;
    if (days <= 0) return 0;
    if (flushFirst) await this.flush();
    return this.store.prune(this.now() - days * 24 * 3600_000);
  }

  /** The timers' prune: a failure is counted and told, never thrown. */
  private async pruneQuietly(flushFirst: boolean): Promise<void> {
    try {
      await this.prune(flushFirst);
    } catch (e) {
      this.errors.prunes++;
      try {
        this.opts.onError?.(e);
      } catch {
        // as in drain
      }
    }
  }

  /** Re-computes the chain from its anchor; the first entry whose link or hash does not hold is named. */
  async verify(): Promise<{ ok: boolean; count: number; firstBroken: { id: number; reason: string } | null }> {
    await this.flush();
    const anchor = await this.store.meta('anchor_id');
    const r = await this.check();
    // Another console sharing the trail pruned while this one read: the old anchor no longer holds, read again.
    if (!r.ok && (await this.store.meta('anchor_id')) !== anchor) return this.check();
    return r;
  }

  private async check(): Promise<{ ok: boolean; count: number; firstBroken: { id: number; reason: string } | null }> {
    let prev = (await this.store.meta('anchor_hash')) ?? '';
    let lastId = Number((await this.store.meta('anchor_id')) ?? 0);
    let count = 0;
    for await (const r of this.store.scan()) {
      count++;
      if (r.id !== lastId + 1) return { ok: false, count, firstBroken: { id: r.id, reason: `missing entries ${lastId + 1}–${r.id - 1}` } };
      if (r.prevHash !== prev) return { ok: false, count, firstBroken: { id: r.id, reason: 'does not follow the previous entry' } };
      if (digest(prev, r) !== r.hash) return { ok: false, count, firstBroken: { id: r.id, reason: 'changed after it was written' } };
      prev = r.hash;
      lastId = r.id;
    }
    return { ok: true, count, firstBroken: null };
  }

  /** Writes what is queued and stops the timers (the store stays open for the caller to close). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    await this.flush();
  }
}
