import type { AnyEntity } from '../contract/index.js';
import type { LiveEvent, LiveEventOp } from '../contract/events.js';
import { changedFields } from '../mock/store/changes.js';
import type { EventDraft } from './hub.js';
import type { Viewer } from './stream.js';

/**
 * Proxy and hybrid modes: the platform's own changes (made by its apps, its jobs, another console)
 * found by one watcher per replica and fanned out as live events. Every interval, for each watched
 * entity that at least one open stream may read, the watcher asks its list once, newest changes
 * first (`updateTime` when the entity sorts by it, else `id`), with the session of one of those
 * streams, so N open browsers cost the platform one list request per entity, not N. A row it has
 * not seen above the highest id it knew is an `add`; a row whose version changed is an `update`
 * with the changed fields. The first answer only sets what it knows, and an entity nobody can read
 * is not asked. Deletes are not found (a row that leaves the page may only have been pushed out). Changes the console already told (a write relayed through it, hybrid's mock, another
 * replica's watcher over PostgreSQL) are not told again.
 */

/** What the watcher is given. */
export interface WatcherOptions {
  /** The entities watched (contract definitions). */
  entities: readonly AnyEntity[];
  /** ms between rounds. */
  intervalMs: number;
  /** Rows read per entity and round (the most changes one round can find). Default 50. */
  pageSize?: number;
  /** The open streams' viewers, whose sessions may be used to ask. */
  viewers(): Iterable<Viewer>;
  /**
   * Asks a list as `authorization` (through the console, so the platform answers as to that user):
   * its rows, or null when the list failed or refused.
   */
  list(path: string, body: Record<string, unknown>, authorization: string): Promise<Record<string, unknown>[] | null>;
  /** Publishes the changes found. */
  publish(drafts: EventDraft[]): void;
  /** Adds a listener of every event the hub delivers (to skip what was told already); answers its removal. */
  subscribe(fn: (e: LiveEvent) => void): () => void;
  /** The clock, ms since the epoch. */
  now?: () => number;
  onError?(entity: string, err: unknown): void;
}

interface Known {
  /** Rows of the last answer, by id. */
  rows: Map<number, Record<string, unknown>>;
  /** The highest id seen. */
  maxId: number;
  /** The oldest `updateTime` of the answer (sorted by it), '' otherwise. */
  floor: string;
}

/** A running watcher: `round()` runs one round now (tests); `stop()` ends it. */
export interface Watcher {
  round(): Promise<void>;
  stop(): void;
}

/** The sort that finds changes first: by version time where the list sorts by it, else newest ids. */
function sortOf(e: AnyEntity): { sortField: string; sortOrder: 'desc' } {
  return { sortField: e.sortable.includes('updateTime') ? 'updateTime' : 'id', sortOrder: 'desc' };
}

/** Starts the watcher's timer (unref'd, so it never holds the process). */
export function startWatcher(opts: WatcherOptions): Watcher {
  const pageSize = opts.pageSize ?? 50;
  const now = opts.now ?? Date.now;
  const known = new Map<string, Known>();
  /** `entity:id` → when an event of it was last delivered, from any source. */
  const told = new Map<string, number>();
  const keepMs = Math.max(opts.intervalMs * 2, 10_000);
  const unsubscribe = opts.subscribe((e) => told.set(`${e.entity}:${e.recordId}`, now()));
  /** The session last used per entity: kept while its stream is open, so the platform sees one caller. */
  const askedAs = new Map<string, string>();
  let running: Promise<void> | null = null;

  /** A viewer that may read `entity`, preferring the one asked last time. */
  async function readerOf(entity: string): Promise<string | null> {
    const open = [...opts.viewers()];
    const last = askedAs.get(entity);
    const ordered = last ? [...open.filter((v) => v.authorization === last), ...open.filter((v) => v.authorization !== last)] : open;
    const tried = new Set<string>();
    for (const v of ordered) {
      if (tried.has(v.authorization)) continue;
      tried.add(v.authorization);
      if (await v.mayRead(entity)) return v.authorization;
    }
    return null;
  }

  async function watch(e: AnyEntity): Promise<void> {
    const path = e.ops.list;
    if (!path) return;
    const authorization = await readerOf(e.name);
    if (!authorization) {
      // Nobody can see it: nothing is asked, and what was known is stale by the next reader.
      known.delete(e.name);
      askedAs.delete(e.name);
      return;
    }
    askedAs.set(e.name, authorization);
    const rows = await opts.list(path, { pageNum: 1, pageSize, ...sortOf(e) }, authorization);
    if (!rows) return;
    const before = known.get(e.name);
    const byTime = sortOf(e).sortField === 'updateTime';
    const next: Known = { rows: new Map(), maxId: before?.maxId ?? 0, floor: '' };
    const drafts: EventDraft[] = [];
    const at = now();
    for (const row of rows) {
      const id = row.id;
      if (!Number.isInteger(id)) continue;
      next.rows.set(id as number, row);
      next.maxId = Math.max(next.maxId, id as number);
      const time = typeof row.updateTime === 'string' ? row.updateTime : '';
      if (byTime && time && (!next.floor || time < next.floor)) next.floor = time;
      if (!before) continue;
      const old = before.rows.get(id as number);
      let op: LiveEventOp | null = null;
      let fields: string[] = [];
      // A row new to the page: a new record above the highest id known, or (sorted by time) an older
      // record changed since, newer than the oldest row known; a row that only moved up because
      // another left the page is neither.
      if (!old) op = (id as number) > before.maxId ? 'add' : byTime && time > before.floor ? 'update' : null;
      else if (row[e.versionField] !== old[e.versionField]) {
        op = 'update';
        fields = changedFields(old, row).filter((f) => f !== e.versionField);
      }
      if (!op) continue;
      const key = `${e.name}:${id as number}`;
      const toldAt = told.get(key);
      if (toldAt !== undefined && at - toldAt < keepMs) continue;
      drafts.push({ entity: e.name, recordId: id as number, op, by: null, fields, at });
    }
    known.set(e.name, next);
    if (drafts.length) opts.publish(drafts);
  }

  async function round(): Promise<void> {
    const cutoff = now() - keepMs;
    for (const [k, t] of told) if (t < cutoff) told.delete(k);
    for (const e of opts.entities) {
      try {
        await watch(e);
      } catch (err) {
        opts.onError?.(e.name, err);
      }
    }
  }

  const timer = setInterval(() => {
    // A round still asking (a slow platform) is not overlapped by the next one.
    if (running) return;
    running = round().finally(() => {
      running = null;
    });
  }, opts.intervalMs);
  timer.unref();

  return {
    round: () => (running ??= round().finally(() => (running = null))),
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
