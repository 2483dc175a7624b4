import { createHash } from 'node:crypto';
import type { AuditRow, AuditStore } from './store.js';

/** What a capture hands the trail: everything but the id, times and hashes, which the trail sets. */
export interface AuditInput {
  atMs: number;
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
  servedBy: 'mock' | 'platform';
  /** Redacted request fields, as JSON. */
  fields: string;
  /** Redacted `{field: [before, after]}`, as JSON ('' when not known). */
  changes: string;
}

export interface AuditTrailOptions {
  /** Entries waiting to be written at most; beyond it an entry is dropped and counted. Default 10,000. */
  maxQueue?: number;
  /** How often the queue is written, in ms. Default 200. */
  flushMs?: number;
  /** Entries older than this many days are pruned once a day (and at start). 0 keeps everything. Default 180. */
  retentionDays?: number;
  now?: () => number;
  /** Told once per burst of drops (a full queue), with the running count. */
  onDrop?: (dropped: number) => void;
  /** A batch could not be written (the file is locked or gone): its entries are counted as dropped. */
  onError?: (e: unknown) => void;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC+8, the platform's wall clock (spec's datetime fields). */
export function wallClock(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** The hashed text of an entry: every kept field in a fixed order, chained to the previous hash. */
function digest(prevHash: string, r: Omit<AuditRow, 'hash' | 'updateTime'>): string {
  const body = JSON.stringify([r.id, r.createTime, r.userId, r.username, r.roles, r.ip, r.operation, r.area, r.entity, r.targetIds, r.outcome, r.code, r.status, r.message, r.servedBy, r.fields, r.changes]);
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex');
}

/**
 * The audit trail's writer (issue 25): captures hand it entries with {@link record}, which only
 * queues (never blocks or fails an answer); a timer writes the queue in one transaction per batch,
 * giving each entry the next id and a sha256 chained to the previous entry's. A full queue drops
 * and counts. {@link verify} re-computes the chain and names the first broken entry; entries older
 * than the retention are pruned daily (the chain's anchor moves with them).
 */
export class AuditTrail {
  private queue: AuditInput[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private tail: { id: number; hash: string };
  private dropping = false;
  /** Set by {@link close}: later entries (a platform answer observed after shutdown began) are dropped. */
  private closed = false;
  readonly counts = { recorded: 0, written: 0, dropped: 0 };
  private readonly maxQueue: number;
  private readonly flushMs: number;
  private readonly now: () => number;

  constructor(
    readonly store: AuditStore,
    private readonly opts: AuditTrailOptions = {},
  ) {
    this.maxQueue = opts.maxQueue ?? 10_000;
    this.flushMs = opts.flushMs ?? 200;
    this.now = opts.now ?? Date.now;
    this.tail = store.tail();
    if ((opts.retentionDays ?? 180) > 0) {
      this.prune();
      this.pruneTimer = setInterval(() => this.prune(), 24 * 3600_000);
      this.pruneTimer.unref();
    }
  }

  /** Queues one entry; returns false when the queue was full (the entry is dropped and counted). */
  record(e: AuditInput): boolean {
    if (this.closed || this.queue.length >= this.maxQueue) {
      this.counts.dropped++;
      if (!this.dropping) {
        this.dropping = true;
        this.opts.onDrop?.(this.counts.dropped);
      }
      return false;
    }
    this.dropping = false;
    this.counts.recorded++;
    this.queue.push(e);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushMs);
      this.timer.unref();
    }
    return true;
  }

  /** Writes every queued entry now (tests; shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length) {
      const batch = this.queue.splice(0, 1000);
      let { id, hash } = this.tail;
      const rows = batch.map((e) => {
        const createTime = wallClock(e.atMs);
        const base = { ...e, id: ++id, createTime, prevHash: hash };
        hash = digest(hash, base);
        return { ...base, hash };
      });
      try {
        this.store.append(rows);
      } catch (e) {
        // Never thrown into a timer (it would end the process): counted, told, and the chain resumes from what is stored.
        this.counts.dropped += rows.length;
        this.opts.onError?.(e);
        try {
          this.tail = this.store.tail();
        } catch {
          // The store is gone (closed under us): what is queued can only be dropped.
          this.counts.dropped += this.queue.length;
          this.queue = [];
        }
        continue;
      }
      this.tail = { id, hash };
      this.counts.written += rows.length;
    }
  }

  /** Deletes entries past the retention; answers how many. */
  prune(): number {
    const days = this.opts.retentionDays ?? 180;
    if (days <= 0) return 0;
    this.flush();
    return this.store.prune(this.now() - days * 24 * 3600_000);
  }

  /** Re-computes the chain from its anchor; the first entry whose link or hash does not hold is named. */
  verify(): { ok: boolean; count: number; firstBroken: { id: number; reason: string } | null } {
    this.flush();
    let prev = this.store.meta('anchor_hash') ?? '';
    let lastId = Number(this.store.meta('anchor_id') ?? 0);
    let count = 0;
    for (const r of this.store.scan()) {
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
  close(): void {
    this.flush();
    this.closed = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
  }
}
