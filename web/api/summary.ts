import type { Summary } from '../../server/contract/summary';
import { http } from './http';

export type { Summary };

/**
 * `POST /v1/admin/summary` (spec §7: no payload; dashboard summary): the numbers behind the home
 * workbench and the dashboard analysis (spec §1). Resolves with the envelope's `data`; rejects
 * when the call fails, after the client has shown the error as a toast (spec §8). `signal` (a
 * query's) cancels it.
 */
export function getSummary(signal?: AbortSignal): Promise<Summary> {
  return http.post<Summary>('/v1/admin/summary', undefined, signal ? { signal, ignoreCancel: true } : undefined);
}
