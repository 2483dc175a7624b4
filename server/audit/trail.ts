import type { AuditStore } from './store.js';
import { digest, EntryBatch, legacyDigest, readMarker, wallClock, type AuditInput, type ExchangeNote, type RequestBody, type Who } from './entries.js';

export { wallClock, type AuditInput } from './entries.js';

/** The operation of the entry that records lost entries (a gap in the trail). */
export const GAP_OPERATION = 'audit.gap';
/** The operation of the entry that counts one address's refused anonymous attempts in one minute. */
export const ANONYMOUS_OPERATION = 'anonymous.refused';
/** Addresses whose anonymous attempts are counted at once at most; beyond it the oldest count is written early. */
const MAX_ANONYMOUS = 10_000;
/** Operations named per anonymous count at most (the rest are summed under `…`). */
const MAX_ANONYMOUS_OPS = 20;

/**
 * The trail's state as `/healthz` tells it: `failing` (the store refuses its batches), `full`
 * (at `AUDIT_MAX_MB`), `nearlyFull` (at 80 % of it), else `ok`. `refusing`: audited writes are
 * refused now (`AUDIT_ON_FAILURE=refuse` and the trail cannot take their entries); `lost`: entries
 * lost since start (recorded as gaps).
 */
export interface AuditHealth {
  state: 'ok' | 'nearlyFull' | 'full' | 'failing';
  onFailure: 'refuse' | 'continue';
  refusing: boolean;
  sizeMb: number;
  maxMb: number | null;
  lost: number;
}

/**
 * The chain's check ({@link AuditTrail.verify}): `ok` when every entry follows from the previous one
 * under the key and the sealed head, anchor and legacy boundary hold (and the expected head, when
 * given, is in the trail); else the first broken entry and why. `gaps`: the gap entries read and the
 * entries they say were lost; `head`: the last entry (`<id>:<hash>` is what the log names).
 */
export interface AuditVerifyResult {
  ok: boolean;
  count: number;
  firstBroken: { id: number; reason: string } | null;
  gaps: { entries: number; lost: number };
  head: { id: number; hash: string } | null;
}

export interface AuditTrailOptions {
  /** Entries waiting to be written at most (plus the places {@link AuditTrail.reserve} holds); beyond it an entry is dropped, counted and recorded as a gap. Default 10,000. */
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
  /** The store began refusing batches (the disk is full, the database gone), or a prune failed: told once per failure. */
  onError?: (e: unknown) => void;
  /** The store takes batches again after failing. */
  onRecover?: () => void;
  /** `refuse` (default): {@link AuditTrail.reserve} refuses audited writes while the trail cannot take their entries; `continue`: it never does, and what is lost is recorded as a gap. */
  onFailure?: 'refuse' | 'continue';
  /** Most bytes the store holds ({@link AuditStore.sizeBytes}); 0 (default): no bound. */
  maxBytes?: number;
  /** Told once when the store passes 80 % of `maxBytes` (again after it fell below). */
  onNearlyFull?: (sizeBytes: number, maxBytes: number) => void;
  /** Told after each written batch: the chain's head (its last entry), to be kept outside the store (the log). */
  onHead?: (head: { id: number; hash: string }) => void;
  /** How long after a refused batch it is tried again, in ms. Default 1000. */
  retryMs?: number;
}

/** One address's refused anonymous attempts in one minute. */
interface AnonymousCount {
  minute: number;
  ip: string;
  first: number;
  last: number;
  attempts: number;
  code: number;
  status: number;
  servedBy: AuditInput['servedBy'];
  operations: Record<string, number>;
}

/**
 * The audit trail's writer: captures hand it entries with {@link record}, which only
 * queues a copy of what is needed (never blocks, waits on the database or fails an answer); a timer
 * flushes the queue (or the next turn, once `batchSize` entries wait), one flush at a time, in one
 * transaction per batch of at most 1,000, giving each entry the next id and an HMAC chained to the
 * previous entry's — the tail read inside the store's lock, so consoles sharing a PostgreSQL trail
 * continue one chain.
 *
 * Nothing audited goes unrecorded unnoticed: a write is {@link reserve}d before it is carried out,
 * and refused (`onFailure: 'refuse'`) while the store is failing, full (`maxBytes`) or the queue
 * has no room; a batch the store refuses is kept and tried again every `retryMs` (the trail is
 * `failing` until one is written); entries that are lost all the same (a full queue, a full store
 * with `onFailure: 'continue'`, a worker that stopped) are counted and recorded as a gap entry
 * ({@link GAP_OPERATION}) in the chain, which {@link verify} reports. Refused anonymous attempts
 * are counted per address and minute in one entry ({@link recordAnonymous}). Entries older than
 * the retention are pruned daily (the chain's anchor moves with them, sealed).
 */
export class AuditTrail {
  /** Entries waiting, in batches of at most {@link EntryBatch.MAX}; the last one takes new entries. */
  private queue: EntryBatch[] = [];
  /** Entries in {@link queue}. */
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private anonymousTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropping = false;
  /** Set by {@link close}: later entries (a platform answer observed after shutdown began) are dropped. */
  private closed = false;
  /** `recorded`: entries queued; `written`: stored; `dropped`: lost (recorded as gaps); `anonymous`: refused anonymous attempts counted. */
  readonly counts = { recorded: 0, written: 0, dropped: 0, anonymous: 0 };
  /** Batches the store refused (each tried again); prunes that failed. */
  readonly errors = { batches: 0, prunes: 0 };
  private readonly maxQueue: number;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly retryMs: number;
  private readonly maxBytes: number;
  readonly onFailure: 'refuse' | 'continue';
  /** Entries taken from the queue and written or counted as dropped (what {@link flush} waits for). */
  private taken = 0;
  /** A write asked for the next turn (the queue reached a batch). */
  private soon = false;
  private readonly now: () => number;
  /** Writes reserved and not yet recorded or let go ({@link reserve}). */
  private reserved = 0;
  /** Since when the store refuses batches, or null. */
  private failingSince: number | null = null;
  /** The store's size as last measured, in bytes. */
  private size = 0;
  private warnedNearlyFull = false;
  /** Entries lost since the last gap entry: how many, when, why. */
  private lost = { n: 0, from: 0, to: 0, reasons: new Set<string>() };
  private lastGapAt = 0;
  /** Gap batches waiting (their count of lost entries, restored when the batch itself is lost). */
  private readonly gapBatches = new Map<EntryBatch, number>();
  private readonly anonymous = new Map<string, AnonymousCount>();

  constructor(
    readonly store: AuditStore,
    private readonly opts: AuditTrailOptions = {},
  ) {
    this.maxQueue = opts.maxQueue ?? 10_000;
    this.flushMs = opts.flushMs ?? 200;
    this.batchSize = opts.batchSize ?? 64;
    this.retryMs = opts.retryMs ?? 1000;
    this.maxBytes = opts.maxBytes ?? 0;
    this.onFailure = opts.onFailure ?? 'refuse';
    this.now = opts.now ?? Date.now;
    if (this.maxBytes > 0) void this.measure();
    if ((opts.retentionDays ?? 180) > 0) {
      // At start only what is already stored (the store runs it before any later batch).
      void this.pruneQuietly(false);
      this.pruneTimer = setInterval(() => void this.pruneQuietly(true), 24 * 3600_000);
      this.pruneTimer.unref();
    }
  }

  /** Whether the store is at its size bound. */
  private full(): boolean {
    return this.maxBytes > 0 && this.size >= this.maxBytes;
  }

  /** See {@link AuditHealth}. */
  health(): AuditHealth {
    const full = this.full();
    const state = this.failingSince !== null ? 'failing' : full ? 'full' : this.maxBytes > 0 && this.size >= this.maxBytes * 0.8 ? 'nearlyFull' : 'ok';
    const mb = (n: number) => Math.round((n / 1048576) * 1000) / 1000;
    return { state, onFailure: this.onFailure, refusing: this.onFailure === 'refuse' && (state === 'failing' || state === 'full'), sizeMb: mb(this.size), maxMb: this.maxBytes > 0 ? mb(this.maxBytes) : null, lost: this.counts.dropped };
  }

  /**
   * Asked before an audited write is carried out: true lets it go and holds a place in the queue
   * for its entry until {@link release}; false (only with `onFailure: 'refuse'`) while the trail
   * cannot take it — the store failing or full, the queue with no room, the trail closed — and the
   * caller refuses the write without carrying it out.
   */
  reserve(): boolean {
    if (this.onFailure === 'continue') return true;
    if (this.closed || this.failingSince !== null || this.full() || this.queued + this.reserved >= this.maxQueue) return false;
    this.reserved++;
    return true;
  }

  /** Lets go of a place {@link reserve} held (after the entry was recorded, or when the write ended without one). */
  release(): void {
    if (this.reserved > 0) this.reserved--;
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
  recordExchange(atMs: number, who: Who | null, ip: string, operation: string, area: string, entity: string, upload: boolean, status: number, requestKind: RequestBody, request: Buffer | null, answer: Buffer | null, note?: ExchangeNote): boolean {
    if (!this.admit()) return false;
    this.batch().addExchange(atMs, who, ip, operation, area, entity, upload, status, requestKind, request, answer, note);
    this.queuedOne();
    return true;
  }

  /**
   * Counts a refused audited attempt by a caller nobody signed in (no session, a token the
   * platform does not know): one entry ({@link ANONYMOUS_OPERATION}) per address and minute holds
   * the attempts, by operation and code, written once the minute is over (or at {@link flush}), so
   * a stranger's flood adds one small entry a minute, not one per request; its fields are not kept.
   */
  recordAnonymous(atMs: number, ip: string, operation: string, code: number, status: number, servedBy: AuditInput['servedBy']): void {
    this.counts.anonymous++;
    const minute = Math.floor(atMs / 60_000);
    const key = `${minute} ${ip}`;
    let a = this.anonymous.get(key);
    if (a === undefined) {
      if (this.anonymous.size >= MAX_ANONYMOUS) {
        const [oldest] = this.anonymous.keys();
        this.writeAnonymous(this.anonymous.get(oldest)!);
        this.anonymous.delete(oldest);
      }
      a = { minute, ip, first: atMs, last: atMs, attempts: 0, code, status, servedBy, operations: {} };
      this.anonymous.set(key, a);
      this.scheduleAnonymous();
    }
    a.attempts++;
    if (atMs > a.last) a.last = atMs;
    const op = operation in a.operations || Object.keys(a.operations).length < MAX_ANONYMOUS_OPS ? operation : '…';
    a.operations[op] = (a.operations[op] ?? 0) + 1;
  }

  /** Queues the entry of one anonymous count. */
  private writeAnonymous(a: AnonymousCount): void {
    this.record({
      atMs: a.first, userId: 0, username: '', roles: '', ip: a.ip, operation: ANONYMOUS_OPERATION, area: '', entity: '', targetIds: '',
      outcome: 0, code: a.code, status: a.status, message: '', servedBy: a.servedBy,
      fields: JSON.stringify({ attempts: a.attempts, operations: a.operations, first: wallClock(a.first), last: wallClock(a.last) }), changes: '',
    });
  }

  /** Queues the anonymous counts of minutes that are over (every count when `all`). */
  private foldAnonymous(all: boolean): void {
    if (this.anonymous.size === 0) return;
    const minute = Math.floor(this.now() / 60_000);
    for (const [key, a] of this.anonymous) {
      if (!all && a.minute >= minute) continue;
      this.writeAnonymous(a);
      this.anonymous.delete(key);
    }
  }

  /** A timer at the next minute's start writes the counts of the minute that ended. */
  private scheduleAnonymous(): void {
    if (this.anonymousTimer) return;
    const wait = 60_000 - (this.now() % 60_000) + 50;
    this.anonymousTimer = setTimeout(() => {
      this.anonymousTimer = null;
      this.foldAnonymous(false);
      if (this.anonymous.size > 0) this.scheduleAnonymous();
    }, wait);
    this.anonymousTimer.unref();
  }

  /** Whether an entry may be queued (reserved writes always find their place); counts the loss (and tells, once per burst) when not. */
  private admit(): boolean {
    if (this.closed || this.queued >= this.maxQueue + this.reserved) {
      this.lose(1, this.closed ? 'closed' : 'queueFull');
      if (!this.dropping) {
        this.dropping = true;
        this.opts.onDrop?.(this.counts.dropped);
      }
      this.schedule();
      return false;
    }
    this.dropping = false;
    return true;
  }

  /** Counts `n` entries lost (they are recorded in the next gap entry). */
  private lose(n: number, reason: string): void {
    if (n <= 0) return;
    const now = this.now();
    this.counts.dropped += n;
    if (this.lost.n === 0) this.lost.from = now;
    this.lost.n += n;
    this.lost.to = now;
    this.lost.reasons.add(reason);
  }

  /**
   * A batch holding the gap entry for the entries lost since the last one, when one is due: the
   * store is taking batches, and (while full) the last gap entry is a minute old, so that a full
   * trail grows by one small entry a minute at most.
   */
  private gapBatch(): EntryBatch | null {
    if (this.lost.n === 0 || this.closed || this.failingSince !== null) return null;
    const now = this.now();
    if (this.full() && now - this.lastGapAt < 60_000) return null;
    const { n, from, to, reasons } = this.lost;
    const b = new EntryBatch();
    b.addBuilt({
      atMs: now, userId: 0, username: '', roles: '', ip: '', operation: GAP_OPERATION, area: 'system', entity: 'auditLog', targetIds: '',
      outcome: 0, code: 0, status: 0, message: '', servedBy: 'console',
      fields: JSON.stringify({ lost: n, from: wallClock(from), to: wallClock(to), reasons: [...reasons] }), changes: '',
    });
    this.gapBatches.set(b, n);
    this.lost = { n: 0, from: 0, to: 0, reasons: new Set() };
    this.lastGapAt = now;
    return b;
  }

  /** The batch taking new entries. */
  private batch(): EntryBatch {
    const last = this.queue[this.queue.length - 1];
    if (last !== undefined && last.count < EntryBatch.MAX && !this.gapBatches.has(last)) return last;
    const b = new EntryBatch();
    this.queue.push(b);
    return b;
  }

  private queuedOne(): void {
    this.counts.recorded++;
    this.queued++;
    if (this.queued >= this.batchSize && !this.soon && !this.flushing && this.failingSince === null) {
      // A full batch is written on the next turn: the timer would let it grow (and age) for nothing.
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.write();
      });
    }
    this.schedule();
  }

  /** A write within `flushMs` (the retry timer's `retryMs` while the store is failing). */
  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.write(), this.failingSince !== null ? this.retryMs : this.flushMs);
    this.timer.unref();
  }

  /**
   * Writes every entry queued before the call now (readers of the log; tests; shutdown), with the
   * anonymous counts so far: resolves once each is written or counted as dropped, or once a round
   * found the store failing (its entries stay queued, tried again). Entries recorded meanwhile wait
   * for their own batch or timer. Never rejects.
   */
  flush(): Promise<void> {
    this.foldAnonymous(true);
    const upto = this.counts.recorded;
    const round = (): Promise<void> => (this.taken >= upto ? Promise.resolve() : this.write().then(() => (this.failingSince !== null ? undefined : round())));
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
      // Losses the round could not record yet (or a store still failing) need a later round.
      if (this.lost.n > 0 || (this.failingSince !== null && this.queued > 0)) this.schedule();
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    this.foldAnonymous(false);
    const batches = this.queue;
    this.queue = [];
    this.queued = 0;
    const gap = this.gapBatch();
    if (gap) batches.unshift(gap);
    for (let i = 0; i < batches.length; i++) {
      const batch = batches[i];
      const gapCount = this.gapBatches.get(batch);
      const entries = gapCount === undefined ? batch.count : 0;
      if (gapCount === undefined && this.onFailure === 'continue' && this.full()) {
        // Full, carrying on: the writes went ahead; their entries are recorded as a gap.
        this.lose(entries, 'full');
        this.taken += entries;
        continue;
      }
      try {
        const r = await this.store.appendBatch(batch);
        this.gapBatches.delete(batch);
        this.counts.written += entries;
        this.taken += entries;
        if (this.failingSince !== null) {
          this.failingSince = null;
          this.opts.onRecover?.();
        }
        this.tell(() => this.opts.onHead?.(r.head));
        if (this.maxBytes > 0) await this.measure();
      } catch (e) {
        this.errors.batches++;
        if (this.failingSince === null) {
          this.failingSince = this.now();
          this.tell(() => this.opts.onError?.(e));
        }
        if ((e as { lost?: boolean }).lost) {
          // Its bytes went with a worker that stopped: the entries are gone, and recorded as a gap.
          this.gapBatches.delete(batch);
          if (gapCount !== undefined) this.lose(gapCount, 'failing');
          this.lose(entries, 'failing');
          this.taken += entries;
          i++;
        }
        // The rest are kept, in order, ahead of what came meanwhile, and tried again; the next try
        // re-reads the tail inside the lock, so the chain resumes from what is stored.
        const kept = batches.slice(i);
        this.queue = [...kept, ...this.queue];
        for (const b of kept) this.queued += b.count;
        return;
      }
    }
  }

  /** Calls a listener; a failing logger must not end the flush. */
  private tell(fn: () => void): void {
    try {
      fn();
    } catch {
      // as documented
    }
  }

  /** Reads the store's size; past 80 % of the bound tells `onNearlyFull` once. A store that cannot say keeps the last figure. */
  private async measure(): Promise<void> {
    try {
      this.size = await this.store.sizeBytes();
    } catch {
      return;
    }
    const nearly = this.size >= this.maxBytes * 0.8;
    if (nearly && !this.warnedNearlyFull) this.tell(() => this.opts.onNearlyFull?.(this.size, this.maxBytes));
    this.warnedNearlyFull = nearly;
  }

  /** Deletes entries past the retention; answers how many. */
  async prune(flushFirst = true): Promise<number> {
    const days = this.opts.retentionDays ?? 180;
    if (days <= 0) return 0;
    if (flushFirst) await this.flush();
    const n = await this.store.prune(this.now() - days * 24 * 3600_000);
    if (this.maxBytes > 0) await this.measure();
    return n;
  }

  /** The timers' prune: a failure is counted and told, never thrown. */
  private async pruneQuietly(flushFirst: boolean): Promise<void> {
    try {
      await this.prune(flushFirst);
    } catch (e) {
      this.errors.prunes++;
      this.tell(() => this.opts.onError?.(e));
    }
  }

  /**
   * Re-computes the chain from its anchor (see {@link AuditVerifyResult}): every entry's link and
   * keyed hash, the sealed anchor, legacy boundary and head, and — `expectHead`, a head the log
   * named (`<id>:<hash>`) — that this entry is still in the trail as named (entries deleted from the
   * end are found so even by an editor who also put back an older head).
   */
  async verify(opts: { expectHead?: { id: number; hash: string } } = {}): Promise<AuditVerifyResult> {
    await this.flush();
    const marks = async () => `${await this.store.meta('anchor_id')} ${await this.store.meta('head')}`;
    const before = await marks();
    const r = await this.check(opts.expectHead);
    // Another console sharing the trail pruned or appended while this one read: read again.
    if (!r.ok && (await marks()) !== before) return this.check(opts.expectHead);
    return r;
  }

  private async check(expect?: { id: number; hash: string }): Promise<AuditVerifyResult> {
    const key = this.store.key;
    const meta = (k: string) => this.store.meta(k);
    const anchorId = Number((await meta('anchor_id')) ?? 0);
    const anchorHash = (await meta('anchor_hash')) ?? '';
    const gaps = { entries: 0, lost: 0 };
    let count = 0;
    const broken = (id: number, reason: string): AuditVerifyResult => ({ ok: false, count, firstBroken: { id, reason }, gaps, head: null });
    if (anchorId > 0) {
      const a = readMarker(key, 'anchor', await meta('anchor'));
      if (!a?.sealed || a.id !== anchorId || a.hash !== anchorHash) return broken(anchorId + 1, 'the chain was cut at its start: its anchor is not one a prune of the console set');
    }
    const legacy = readMarker(key, 'legacy', await meta('legacy'));
    if (legacy && !legacy.sealed) return broken(Math.max(legacy.id, 0), 'the boundary of the entries written before the chain was keyed was changed');
    const legacyId = legacy?.id ?? 0;
    if (expect && expect.id <= anchorId && expect.id === anchorId && expect.hash !== anchorHash) return broken(anchorId, 'is not the head the log named');
    let prev = anchorHash;
    let lastId = anchorId;
    for await (const r of this.store.scan()) {
      count++;
      if (r.id !== lastId + 1) return broken(r.id, `missing entries ${lastId + 1}–${r.id - 1}`);
      if (r.prevHash !== prev) return broken(r.id, 'does not follow the previous entry');
      if ((r.id <= legacyId ? legacyDigest(prev, r) : digest(key, r)) !== r.hash) return broken(r.id, 'changed after it was written');
      if (r.id === legacyId && r.hash !== legacy!.hash) return broken(r.id, 'the boundary of the entries written before the chain was keyed was changed');
      if (expect && r.id === expect.id && r.hash !== expect.hash) return broken(r.id, 'is not the head the log named');
      if (r.operation === GAP_OPERATION && r.servedBy === 'console') {
        gaps.entries++;
        try {
          gaps.lost += Number((JSON.parse(r.fields) as { lost?: unknown }).lost) || 0;
        } catch {
          // A gap entry's fields are the trail's own JSON; the hash above vouches for them.
        }
      }
      prev = r.hash;
      lastId = r.id;
    }
    if (expect && expect.id > lastId) return broken(lastId + 1, `entries ${lastId + 1}–${expect.id} are missing: the log named #${expect.id} as the head, the trail ends at #${lastId}`);
    const head = readMarker(key, 'head', await meta('head'));
    if (head) {
      if (!head.sealed) return broken(lastId, 'the head record was changed');
      if (head.id > lastId) return broken(lastId + 1, `entries ${lastId + 1}–${head.id} were deleted (the trail's head is #${head.id})`);
      if (head.id < lastId || head.hash !== prev) return broken(head.id + 1, `entries after #${head.id} (the trail's head) were not written by the console`);
    } else if (lastId > legacyId) return broken(lastId, 'the head record is missing');
    return { ok: true, count, firstBroken: null, gaps, head: lastId > 0 ? { id: lastId, hash: prev } : null };
  }

  /** Writes what is queued and stops the timers (the store stays open for the caller to close); what cannot be written is counted as dropped. */
  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    if (this.anonymousTimer) clearTimeout(this.anonymousTimer);
    this.anonymousTimer = null;
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queued > 0) {
      this.counts.dropped += this.queued;
      this.queue = [];
      this.queued = 0;
    }
  }
}
