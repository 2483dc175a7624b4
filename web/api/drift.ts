import { http } from './http';

/**
 * The console server's contract-drift endpoints (issue 14; server/platform/drift-routes.ts), for
 * administrators. The shapes are the wire's: the server module is not imported (web/ reads only
 * server/contract), so these types mirror `DriftEntry`, `DriftStats` and `DriftReport` there.
 * Times are ms since the epoch.
 */

export type DriftKind = 'envelope' | 'missing' | 'type' | 'enum' | 'constraint' | 'unknown';
export type DriftSeverity = 'error' | 'warning' | 'info';

/** One drift: where (endpoint, field), what (kind, expected, seen), how often, and one redacted example. */
export interface DriftEntry {
  id: number;
  endpoint: string;
  field: string;
  kind: DriftKind;
  severity: DriftSeverity;
  expected: string;
  seen: string[];
  count: number;
  firstSeen: number;
  lastSeen: number;
  example: { status: number; query: string; body: unknown; trimmed: boolean };
}

export interface DriftStats {
  observed: number;
  checked: number;
  matching: number;
  notInContract: number;
  notPlatform: number;
  binary: number;
  truncated: number;
  dropped: number;
  sampledOut: number;
  droppedKeys: number;
}

export interface DriftReport {
  /** False when the server runs with CONTRACT_VALIDATION=off. */
  enabled: boolean;
  version: number;
  generatedAt: number;
  stats: DriftStats;
  entries: DriftEntry[];
}

export const DRIFT_URL = '/console/drift';

export const driftApi = {
  /** `GET /console/drift`: every kept drift, newest last seen first, and the counters. */
  list: (): Promise<DriftReport> => http.get<DriftReport>(DRIFT_URL),
  /** `POST /console/drift/reset`: forgets every drift and counter; answers how many drifts went. */
  reset: (): Promise<{ count: number }> => http.post<{ count: number }>(`${DRIFT_URL}/reset`),
  /** `GET /console/drift.json`: the report as a file for the platform team (a Blob). */
  download: (): Promise<Blob> => http.request<Blob>('GET', `${DRIFT_URL}.json`, undefined, { raw: true }),
};

/**
 * The drift watch's conditional GET (web/app/platform/drift-watch.ts): plain `fetch`, because the
 * HTTP client adds a `_t` cache-buster and treats 304 Not Modified as a failure, while the watch
 * wants the server's ETag to make an unchanged list cost nothing.
 */
export const driftFetch: typeof fetch = (input, init) => fetch(input, init);
