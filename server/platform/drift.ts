import { performance } from 'node:perf_hooks';
import type { Exchange, ExchangeObserver } from './exchange.js';
import { checkAnswer, endpointOf, SEVERITY, type Finding } from './drift-check.js';
import { MASK, redactJson, redactQuery } from './redact.js';

/**
 * The contract-drift monitor: an {@link ExchangeObserver} of the proxy that checks the
 * platform's answers against the contract's response schemas and keeps what differs, for the
 * console's "Contract drift" page, its JSON export and the error log.
 *
 * Never on the hot path: `observe` only queues the exchange (O(1)); the parse and the check run in
 * a later macrotask (`setImmediate`), at most {@link DriftOptions.batch} exchanges or
 * {@link DriftOptions.batchMs} ms per turn of the event loop, and at most
 * {@link DriftOptions.maxPending} wait (more are counted as `dropped`, not checked), so a burst of
 * traffic cannot grow memory or hold the loop. Each endpoint has at most
 * {@link DriftOptions.maxChecksPerSecond} answers checked per second (the rest are counted as
 * `sampledOut`): counts are of checked answers, which on a busy endpoint is a sample. `wants`
 * tells the proxy before the exchange when its copy would not be checked (validation off, a route
 * outside the contract, the endpoint's sample for this second already full), so those answers are
 * relayed without any copy; they are counted as observed and `notInContract`/`sampledOut` all the same. The relayed
 * answer is the proxy's; the monitor reads the bounded copy in the exchange and changes nothing.
 *
 * What is checked: answers served by the platform (`servedBy: 'platform'`; the mock and the
 * recordings are the contract already) of routes the contract defines, with a JSON or text body.
 * Binary answers (downloads) and copies cut at the proxy's limit (`truncated`) are not checked and
 * are counted in `stats`. Kinds and severities: see DriftKind in drift-check.ts.
 *
 * What is kept: one entry per (endpoint, field, kind) with what the contract expects, up to
 * {@link MAX_SEEN_VALUES} distinct values seen, how many answers showed it, the first and last
 * time, and one example: the first answer that showed it, trimmed around the field (other rows
 * of a list dropped, long strings cut) and redacted (server/platform/redact.ts), at most
 * `maxExampleBytes` of JSON. At most `maxKeys` entries: later new drifts are counted in
 * `stats.droppedKeys` and not kept (the first ones are the ones to fix first).
 */

export type { DriftEntry, DriftStats } from '../contract/drift.js';
import type { DriftEntry, DriftStats } from '../contract/drift.js';

export interface DriftOptions {
  /** Off: `observe` does nothing (CONTRACT_VALIDATION=off). Default true. */
  enabled?: boolean;
  /** Most distinct drift entries kept (default 2,000). */
  maxKeys?: number;
  /** Largest example kept, in bytes of JSON text (default 8,192). */
  maxExampleBytes?: number;
  /** Most exchanges waiting to be checked (default 512). */
  maxPending?: number;
  /** Exchanges checked per turn of the event loop at most (default 32)… */
  batch?: number;
  /** …and time spent per turn at most, in ms (default 4): the rest waits for the next turn. */
  batchMs?: number;
  /**
   * Answers of one endpoint checked per second at most (default 20); the others are counted in
   * `stats.sampledOut`. Bounds the cost on a busy endpoint (a drifted answer costs about 1 ms to
   * explain) while every endpoint is still checked many times a minute.
   */
  maxChecksPerSecond?: number;
  /** Clock in ms (tests). */
  now?: () => number;
  /** Also check answers served by these sides (default only `platform`). */
  sides?: ReadonlyArray<Exchange['servedBy']>;
}

/** What {@link createDriftMonitor} returns: the observer and the queries of the page and the endpoint. */
export interface DriftMonitor extends ExchangeObserver {
  readonly enabled: boolean;
  /** Changes whenever an entry is added or counted (an ETag for pollers). */
  version(): number;
  /** Entries, newest `lastSeen` first; `after` keeps only entries with `id > after` (new ones since a poll). */
  list(opts?: { after?: number }): DriftEntry[];
  stats(): DriftStats;
  /** Forgets every entry and counter; returns how many entries there were. */
  reset(): number;
  /** Resolves when every queued exchange has been checked (tests, the bench). */
  flush(): Promise<void>;
  /** Checks one exchange now, bypassing the queue (the bench's per-exchange cost). */
  checkNow(exchange: Exchange): void;
}

/** Distinct seen values kept per entry. */
export const MAX_SEEN_VALUES = 5;
/** Rows of a list kept in an example besides the one with the drift. */
const EXAMPLE_ROWS = 1;
/** Longest string kept in an example. */
const EXAMPLE_STRING = 200;
/** Most keys of one object kept in an example. */
const EXAMPLE_KEYS = 60;
const EXAMPLE_DEPTH = 12;

const emptyStats = (): DriftStats => ({ observed: 0, checked: 0, matching: 0, notInContract: 0, notPlatform: 0, binary: 0, truncated: 0, dropped: 0, sampledOut: 0, droppedKeys: 0 });

/**
 * A copy of `v` cut down around the path `keep`: arrays keep their first item and the item on the
 * path, with a note of how many were left out; long strings are cut; objects keep their first keys
 * and the key on the path. Field names stay, so redaction (run after) still sees them.
 */
export function trimAround(v: unknown, keep: readonly string[], depth = 0): unknown {
  if (depth > EXAMPLE_DEPTH) return '…';
  if (typeof v === 'string') return v.length > EXAMPLE_STRING ? `${v.slice(0, EXAMPLE_STRING)}…` : v;
  if (Array.isArray(v)) {
    const want = keep.length && /^\d+$/.test(keep[0]) ? Number(keep[0]) : -1;
    const idx = new Set<number>();
    for (let i = 0; i < Math.min(EXAMPLE_ROWS, v.length); i++) idx.add(i);
    if (want >= 0 && want < v.length) idx.add(want);
    const out: unknown[] = [...idx].sort((a, b) => a - b).map((i) => trimAround(v[i], i === want ? keep.slice(1) : [], depth + 1));
    if (v.length > idx.size) out.push(`… ${v.length - idx.size} more`);
    return out;
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(v as Record<string, unknown>);
    let n = 0;
    for (const [k, x] of entries) {
      const onPath = keep.length > 0 && keep[0] === k;
      if (n >= EXAMPLE_KEYS && !onPath) continue;
      n++;
      out[k] = trimAround(x, onPath ? keep.slice(1) : [], depth + 1);
    }
    if (entries.length > n) out['…'] = `${entries.length - n} more fields`;
    return out;
  }
  return v;
}

/** The example of a finding: trimmed, redacted, within `maxBytes` of JSON (else the value at the field's parent, else a note). */
export function exampleOf(body: unknown, at: readonly string[], maxBytes: number): { body: unknown; trimmed: boolean } {
  const full = redactJson(trimAround(body, at));
  if (JSON.stringify(full)?.length <= maxBytes) return { body: full, trimmed: false };
  let parent: unknown = body;
  for (const s of at.slice(0, -1)) parent = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[s] : undefined;
  const near = redactJson(trimAround(parent, at.slice(-1)));
  if ((JSON.stringify(near) ?? '').length <= maxBytes) return { body: near, trimmed: true };
  return { body: { note: `example larger than ${maxBytes} bytes`, field: at.join('/') || MASK }, trimmed: true };
}

function parseBody(buf: Buffer): unknown {
  try {
    return JSON.parse(buf.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Creates a drift monitor (see the module comment). Hand it to the proxy as an observer; read it
 * through `list`/`stats`/`version` (server/platform/drift-routes.ts serves them).
 */
export function createDriftMonitor(options: DriftOptions = {}): DriftMonitor {
  const enabled = options.enabled ?? true;
  const maxKeys = options.maxKeys ?? 2000;
  const maxExampleBytes = options.maxExampleBytes ?? 8192;
  const maxPending = options.maxPending ?? 512;
  const batch = options.batch ?? 32;
  const batchMs = options.batchMs ?? 4;
  const perSecond = options.maxChecksPerSecond ?? 20;
  /** Per endpoint: the second being counted and the answers taken in it (bounded by the contract's route count plus unknown paths, capped). */
  const rate = new Map<string, { second: number; n: number }>();
  const now = options.now ?? Date.now;
  const sides = new Set(options.sides ?? ['platform']);

  const entries = new Map<string, DriftEntry>();
  let stats = emptyStats();
  let nextId = 1;
  let ver = 0;
  let queue: Exchange[] = [];
  let scheduled = false;
  let waiters: (() => void)[] = [];

  function record(ex: Exchange, endpoint: string, f: Finding, body: unknown) {
    const key = `${endpoint}\u0000${f.field}\u0000${f.kind}`;
    const at = ex.at || now();
    const e = entries.get(key);
    if (e) {
      e.count++;
      if (at > e.lastSeen) e.lastSeen = at;
      if (e.seen.length < MAX_SEEN_VALUES && !e.seen.includes(f.seen)) e.seen.push(f.seen);
      ver++;
      return;
    }
    if (entries.size >= maxKeys) {
      stats.droppedKeys++;
      return;
    }
    const ex1 = exampleOf(body, f.at, maxExampleBytes);
    entries.set(key, {
      id: nextId++,
      endpoint,
      field: f.field,
      kind: f.kind,
      severity: SEVERITY[f.kind],
      expected: f.expected,
      seen: [f.seen],
      count: 1,
      firstSeen: at,
      lastSeen: at,
      example: { status: ex.status, query: redactQuery(ex.query), body: ex1.body, trimmed: ex1.trimmed },
    });
    ver++;
  }

  function check(ex: Exchange) {
    if (!sides.has(ex.servedBy)) return void stats.notPlatform++;
    const a = ex.answer;
    if (a.binary) return void stats.binary++;
    const ep = endpointOf(ex.routeKey, ex.method, ex.path);
    // A download's JSON answer is an error report (the file is binary): nothing to hold it to.
    if (!ep || ep.kind === 'download') return void stats.notInContract++;
    if (a.truncated || !a.body) return void stats.truncated++;
    stats.checked++;
    const body = parseBody(a.body);
    const findings = checkAnswer(ep, body, a.contentType);
    if (!findings.length) return void stats.matching++;
    const endpoint = `${ep.method} ${ep.path}`;
    for (const f of findings) record(ex, endpoint, f, body === undefined ? a.body.toString('utf8', 0, 512) : body);
  }

  function drain() {
    scheduled = false;
    const started = performance.now();
    let done = 0;
    while (done < queue.length && done < batch && (done === 0 || performance.now() - started < batchMs)) {
      const ex = queue[done++];
      try {
        check(ex);
      } catch {
        // A monitor must never take the server down; an answer it cannot read is simply not counted.
      }
    }
    queue = done === queue.length ? [] : queue.slice(done);
    if (queue.length) schedule();
    else {
      const w = waiters;
      waiters = [];
      for (const f of w) f();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  }

  return {
    enabled,
    observe(ex) {
      if (!enabled) return;
      stats.observed++;
      if (queue.length >= maxPending) return void stats.dropped++;
      const key = ex.routeKey ?? ex.path;
      const second = Math.floor((ex.at || now()) / 1000);
      let r = rate.get(key);
      if (!r || r.second !== second) {
        if (!r && rate.size >= 4096) rate.clear();
        rate.set(key, (r = { second, n: 0 }));
      }
      if (++r.n > perSecond) return void stats.sampledOut++;
      queue.push(ex);
      schedule();
    },
    wants(method, path, routeKey) {
      if (!enabled) return false;
      const ep = endpointOf(routeKey, method, path);
      // Outside the contract (or a download) nothing would be checked: no copy is needed.
      if (!ep || ep.kind === 'download') {
        stats.observed++;
        stats.notInContract++;
        return false;
      }
      // Looked at, not taken: `observe` counts the answer against the second when it ends, so
      // a few more than the sample may be copied at the turn of a second, never fewer checked.
      const r = rate.get(routeKey ?? path);
      if (r && r.second === Math.floor(now() / 1000) && r.n >= perSecond) {
        stats.observed++;
        stats.sampledOut++;
        return false;
      }
      return true;
    },
    checkNow(ex) {
      check(ex);
    },
    version: () => ver,
    list(opts = {}) {
      const after = opts.after ?? 0;
      const out: DriftEntry[] = [];
      for (const e of entries.values()) if (e.id > after) out.push({ ...e, seen: [...e.seen] });
      return out.sort((a, b) => b.lastSeen - a.lastSeen || b.id - a.id);
    },
    stats: () => ({ ...stats }),
    reset() {
      const n = entries.size;
      entries.clear();
      stats = emptyStats();
      ver++;
      return n;
    },
    flush() {
      if (!queue.length && !scheduled) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
