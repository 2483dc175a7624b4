import type { Fault, FaultRule, MockInfo } from '../../server/contract/mock-qa';
import { http } from './http';

export type { Fault, FaultRule, MockInfo };

/**
 * The QA controls of mock mode: seed, scale and
 * record counts of the store, reset, and injected faults that show each row of the spec §8 error
 * catalogue. The endpoints are public, exist only in mock mode and are never faulted themselves.
 * Every call but the probe shows its failure as a toast (the client does it) and rejects.
 */
/** Prefix of the QA controls: never faulted (server/mock/qa.ts), so a rule on them would never apply. */
export const MOCK_QA_PREFIX = '/v1/mock/';
/** The API roots a fault may cover whole (spec §7: `/v1`, `/api/v1`, uploads). */
export const API_ROOT_PATTERNS: readonly string[] = ['/v1/*', '/api/v1/*', '/upload/*'];
/** The fault form's first target: the dashboard summary every home page asks for (spec §7). */
export const SUMMARY_PATH = '/v1/admin/summary';

export const mockApi = {
  /**
   * Whether the server is in mock mode: `POST /v1/mock/info` answers only there (in proxy mode the
   * platform gets it and fails). errorMode 'none': a failure is the expected answer, not an error to
   * show. Resolves with the store info, or null when the call failed for any reason.
   */
  probe: (): Promise<MockInfo | null> => http.post<MockInfo>('/v1/mock/info', undefined, { errorMode: 'none', ignoreCancel: true }).catch(() => null),
  /** `POST /v1/mock/info`: seed, scale, build time (ms) and record count per entity. */
  info: (): Promise<MockInfo> => http.post<MockInfo>('/v1/mock/info'),
  /**
   * `POST /v1/mock/reset {seed?}`: regenerates the store (from `seed`, 0 ≤ seed < 2^31, or the
   * current one) and clears every fault; sessions stay. Answers the new store info.
   */
  reset: (seed?: number): Promise<MockInfo> => http.post<MockInfo>('/v1/mock/reset', seed === undefined ? {} : { seed }),
  /**
   * `POST /v1/mock/faults/add`: injects a fault on matching requests. Rejects (HTTP 400 or envelope
   * 400, message naming the field) when the rule is invalid or combines two effects.
   */
  addFault: (rule: FaultRule): Promise<Fault> => http.post<Fault>('/v1/mock/faults/add', rule),
  /** `POST /v1/mock/faults/list`: the active faults, with the requests each has applied to (`hits`). */
  listFaults: (): Promise<Fault[]> => http.post<Fault[]>('/v1/mock/faults/list'),
  /** `POST /v1/mock/faults/clear {ids?}`: removes these faults, or all; answers how many went. */
  clearFaults: (ids?: number[]): Promise<{ count: number }> => http.post<{ count: number }>('/v1/mock/faults/clear', ids ? { ids } : {}),
};
