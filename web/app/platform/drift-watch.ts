import { DRIFT_URL, type DriftEntry } from '../../api/drift';

/**
 * Contract drift into the error log: while an administrator is signed in and
 * error handling is on, the console asks the server for drifts it has not logged yet
 * (`GET /console/drift?after=<last id>`, with the previous ETag in `If-None-Match`, so an unchanged
 * list costs a 304 with no body) every {@link DRIFT_POLL_MS}, and adds each new one to the error
 * log as type `contract`. Only drifts that matter (severity `error` and `warning`) are logged; unknown
 * fields (`info`) stay on the Contract drift page. At most {@link MAX_PER_POLL} entries per poll,
 * then one entry saying how many more there are. It reads the server's list and never touches the
 * platform's answers, so nothing the user does waits for it.
 */

/** Time between two polls, in ms. */
export const DRIFT_POLL_MS = 60_000;
/** Entries logged from one poll at most. */
export const MAX_PER_POLL = 20;

/** What the watch adds to the error log (the error log's new-entry shape, type `contract`). */
export interface DriftLogEntry {
  type: 'contract';
  name: string;
  message: string;
  url: string;
  file: string;
  stack: string;
  detail: string;
}

export interface DriftWatchDeps {
  fetchImpl: typeof fetch;
  getToken: () => string | null;
  log: (entry: DriftLogEntry) => void;
  /** Translated name of the entry type ("Contract drift"). */
  name: () => string;
  /** "… and {{count}} more" (translated). */
  more: (count: number) => string;
}

/** The error-log entry of one drift. */
export function driftLogEntry(e: DriftEntry, name: string): DriftLogEntry {
  const path = e.endpoint.split(' ')[1] ?? e.endpoint;
  return {
    type: 'contract',
    name,
    message: `${e.endpoint} ${e.field || '(body)'}: ${e.expected} ≠ ${e.seen.join(', ')}`,
    url: path,
    file: '',
    stack: `${e.kind} (${e.severity}) × ${e.count}`,
    detail: JSON.stringify({ endpoint: e.endpoint, field: e.field, kind: e.kind, expected: e.expected, seen: e.seen, count: e.count, example: e.example.body }, null, 2),
  };
}

/** A poller of the drift endpoint (see the module comment); `poll` is one round, `start` repeats it. */
export function createDriftWatch(deps: DriftWatchDeps) {
  let after = 0;
  let etag: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let busy = false;

  async function poll(): Promise<number> {
    const token = deps.getToken();
    if (!token || busy) return 0;
    busy = true;
    try {
      const headers: Record<string, string> = { authorization: token, accept: 'application/json' };
      if (etag) headers['if-none-match'] = etag;
      const res = await deps.fetchImpl(`${DRIFT_URL}?after=${after}`, { headers });
      if (res.status !== 200) return 0;
      const body = (await res.json()) as { code?: number; data?: { entries?: DriftEntry[] } };
      const entries = body.code === 200 ? (body.data?.entries ?? []) : [];
      etag = res.headers.get('etag');
      const fresh = entries.filter((e) => e.id > after).sort((a, b) => a.id - b.id);
      if (fresh.length) after = fresh[fresh.length - 1].id;
      // The tag named the old `after`; the next request asks with the new one.
      if (fresh.length) etag = null;
      const worth = fresh.filter((e) => e.severity !== 'info');
      for (const e of worth.slice(0, MAX_PER_POLL)) deps.log(driftLogEntry(e, deps.name()));
      if (worth.length > MAX_PER_POLL) deps.log({ type: 'contract', name: deps.name(), message: deps.more(worth.length - MAX_PER_POLL), url: DRIFT_URL, file: '', stack: '', detail: '' });
      return Math.min(worth.length, MAX_PER_POLL);
    } catch {
      // The watch is a convenience: a failed poll is tried again at the next tick.
      return 0;
    } finally {
      busy = false;
    }
  }

  return {
    poll,
    start(intervalMs = DRIFT_POLL_MS) {
      if (timer) return;
      void poll();
      timer = setInterval(() => void poll(), intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
