/**
 * The wire shapes of the console server's contract-drift endpoints (served by
 * server/platform/drift-routes.ts, read by web/api/drift.ts). Types only: the monitor that fills
 * them is server/platform/drift.ts; the kinds are explained in server/platform/drift-check.ts.
 */

/** What kind of difference: see server/platform/drift-check.ts for each. */
export type DriftKind = 'envelope' | 'missing' | 'type' | 'enum' | 'constraint' | 'unknown';
export type DriftSeverity = 'error' | 'warning' | 'info';

/** One kept drift. Times are ms since the epoch. */
export interface DriftEntry {
  /** Increasing number of the entry (never reused, also across resets): "entries after N". */
  id: number;
  /** The contract route key, `POST /v1/member/list`. */
  endpoint: string;
  /** Path of the field in the answer, `data.list[].status`; '' for the whole body. */
  field: string;
  kind: DriftKind;
  severity: DriftSeverity;
  expected: string;
  /** Distinct values or types seen, redacted, first ones first (at most MAX_SEEN_VALUES of server/platform/drift.ts). */
  seen: string[];
  /** Answers that showed this drift. */
  count: number;
  firstSeen: number;
  lastSeen: number;
  /** The first answer that showed it: HTTP status, redacted query and the trimmed, redacted body. */
  example: { status: number; query: string; body: unknown; trimmed: boolean };
}

/** Counters of what the monitor saw since start or the last reset. */
export interface DriftStats {
  /** Exchanges handed to `observe`. */
  observed: number;
  /** Answers checked against the contract. */
  checked: number;
  /** Checked answers that matched. */
  matching: number;
  /** Not checked: the route is not in the contract. */
  notInContract: number;
  /** Not checked: served by the mock or a recording. */
  notPlatform: number;
  /** Not checked: a binary answer (download, image). */
  binary: number;
  /** Not checked: the copy was cut at the proxy's limit, or no copy was kept. */
  truncated: number;
  /** Not checked: more than `maxPending` waited (a burst); the answers were relayed as usual. */
  dropped: number;
  /** Not checked: the endpoint already had `maxChecksPerSecond` answers checked in that second. */
  sampledOut: number;
  /** New drifts not kept because `maxKeys` entries exist. */
  droppedKeys: number;
}

/** What the list endpoint and the download answer. Times are ms since the epoch. */
export interface DriftReport {
  /** False when CONTRACT_VALIDATION=off (nothing is checked; the list stays empty). */
  enabled: boolean;
  version: number;
  generatedAt: number;
  stats: DriftStats;
  entries: DriftEntry[];
}

