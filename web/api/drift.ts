import { http } from './http';

/**
 * The console server's contract-drift endpoints (server/platform/drift-routes.ts), for
 * administrators. The shapes are the contract's (server/contract/drift.ts), shared with the server.
 * Times are ms since the epoch.
 */

export type { DriftEntry, DriftKind, DriftReport, DriftSeverity, DriftStats } from '../../server/contract/drift';
import type { DriftReport } from '../../server/contract/drift';

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
