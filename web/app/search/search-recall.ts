/**
 * What the search palette recalls for its user: the texts searched and the records opened from it,
 * newest first, shown while the box is empty. Kept per account in the browser's local storage
 * (`SEARCH__RECENT__<userId>`), so a sign-out keeps them for the same account and another account
 * on the same browser never sees them. The pure helpers ({@link withQuery}, {@link withRecord})
 * decide what is kept; the storage functions read and write through the console's cache.
 */
import { local } from '../../lib/storage';
import type { RecordHit, RecordKind } from './record-search';

/** Searches kept (the oldest drops out). */
export const RECENT_QUERIES = 5;
/** Records kept (the oldest drops out). */
export const RECENT_RECORDS = 6;
/** Longest text kept as a search (a pasted paragraph is not a search to repeat). */
const MAX_QUERY_LENGTH = 64;

/** A record opened from the palette, as it was shown then (its label and second line) and where it opens. */
export type RecentRecord = Pick<RecordHit, 'kind' | 'id' | 'label' | 'detail' | 'target'>;

/** What the palette recalls: searches and records, each newest first, without repeats. */
export interface Recall {
  queries: string[];
  records: RecentRecord[];
}

export const EMPTY_RECALL: Recall = { queries: [], records: [] };

/** The storage key of an account's recall. */
export const recallKey = (userId: number): string => `SEARCH__RECENT__${userId}`;

/**
 * `recall` with `query` (trimmed) first; a text already kept moves to the front (compared without
 * case); blank texts and texts over 64 characters leave it unchanged. At most {@link RECENT_QUERIES}.
 */
export function withQuery(recall: Recall, query: string): Recall {
  const q = query.trim();
  if (!q || q.length > MAX_QUERY_LENGTH) return recall;
  const rest = recall.queries.filter((k) => k.toLowerCase() !== q.toLowerCase());
  return { ...recall, queries: [q, ...rest].slice(0, RECENT_QUERIES) };
}

/** `recall` with `record` first; the same kind and id kept before moves to the front with what it shows now. At most {@link RECENT_RECORDS}. */
export function withRecord(recall: Recall, record: RecentRecord): Recall {
  const { kind, id, label, detail, target } = record;
  const rest = recall.records.filter((r) => r.kind !== kind || r.id !== id);
  return { ...recall, records: [{ kind, id, label, detail, target }, ...rest].slice(0, RECENT_RECORDS) };
}

/** The records of kinds the user may still search (a role changed since, a screen left the menu). */
export function recallFor(recall: Recall, kinds: readonly RecordKind[]): Recall {
  return { ...recall, records: recall.records.filter((r) => kinds.includes(r.kind)) };
}

/** Parses what storage holds: anything malformed reads as nothing recalled. */
function parsed(v: unknown): Recall {
  if (!v || typeof v !== 'object') return EMPTY_RECALL;
  const { queries, records } = v as Partial<Recall>;
  return {
    queries: Array.isArray(queries) ? queries.filter((q): q is string => typeof q === 'string').slice(0, RECENT_QUERIES) : [],
    records: Array.isArray(records)
      ? records
          .filter((r): r is RecentRecord => !!r && typeof r === 'object' && typeof r.kind === 'string' && typeof r.label === 'string' && !!r.target && typeof r.target.path === 'string')
          .slice(0, RECENT_RECORDS)
      : [],
  };
}

/** The account's recall (nothing when absent, expired or unreadable). */
export function readRecall(userId: number): Recall {
  return parsed(local.get<Recall>(recallKey(userId)));
}

/** Keeps a search of the account (see {@link withQuery}). */
export function rememberQuery(userId: number, query: string): void {
  local.set(recallKey(userId), withQuery(readRecall(userId), query));
}

/** Keeps a record the account opened (see {@link withRecord}). */
export function rememberRecord(userId: number, record: RecentRecord): void {
  local.set(recallKey(userId), withRecord(readRecall(userId), record));
}

/** Forgets everything the account's palette recalls (its "Clear" button). */
export function forgetRecall(userId: number): void {
  local.remove(recallKey(userId));
}
