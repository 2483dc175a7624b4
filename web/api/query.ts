import { MutationCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError } from './http';
import { registerQueryCache } from './query-cache';

/**
 * Server state of the console: one TanStack Query client. Cancellation,
 * de-duplication, stale answers, retries and invalidation after a write are the library's; the
 * rules that are ours (which ops read, which failures are worth a retry, what a write drops) live
 * in this file only.
 *
 * Query keys come from the contract: `[group, op, payload]`, e.g. `['order', 'list', {pageNum: 1}]`,
 * where `group` is the entity name (CRUD) or the part of the endpoint name before the dot
 * (`walletRecord.summary` → `['walletRecord', 'summary', {memberId}]`). A write to a group drops
 * every cached read of that group: `invalidateQueries({ queryKey: [group] })` ({@link afterWrite}).
 */

/**
 * Ops that only read (contract endpoint names `<group>.<op>`): the CRUD reads and the domain
 * actions that answer data without changing any. The contract marks no endpoint as a read, and
 * every endpoint is a POST, so the op name decides; everything else is a write. `reveal` is not a
 * read here: a revealed secret is audited each time and must never be served from a cache.
 */
export const READ_OPS: ReadonlySet<string> = new Set([
  'list', 'listAll', 'info', 'detail', 'summary', 'totals', 'stats', 'statistics', 'tree', 'mine', 'revertPreview', 'rules',
]);
/**
 * Groups whose ops never change what the console reads: `statistics.<kind>` answers a series;
 * `presence.update` only says who has a record open (renewed every 15 s, it must not drop caches).
 */
export const READ_GROUPS: ReadonlySet<string> = new Set(['statistics', 'presence']);

/**
 * True when `group.op` only reads (cacheable, retryable, never invalidates). An op under a part of
 * its group (`mock.traffic.info`, `mock.faults.list`) reads when its last part does.
 */
export function isReadOp(group: string, op: string): boolean {
  return READ_GROUPS.has(group) || READ_OPS.has(op) || READ_OPS.has(op.slice(op.lastIndexOf('.') + 1));
}

/** A query key of the console: `[group, op]` or `[group, op, payload]`. */
export type OpKey = readonly [group: string, op: string, payload?: unknown];

/**
 * The query key of one read: `[group, op, payload]`; the payload is left out when undefined so
 * `['game', 'listAll']` is the key of the no-payload picker list. Payload objects are hashed by
 * TanStack with sorted keys, so `{a, b}` and `{b, a}` are one entry.
 */
export function opKey(group: string, op: string, payload?: unknown): OpKey {
  return payload === undefined ? [group, op] : [group, op, payload];
}

/** How long a read is fresh (ms): a second visit inside it draws from the cache without a request. */
export const STALE_MS = 30_000;
/** Reference pickers and labels (spec §3 cached lists): fresh 5 min, dropped by any write to their entity. */
export const REF_STALE_MS = 5 * 60_000;
/** How long an unused answer stays cached (ms) before it is dropped. */
export const GC_MS = 10 * 60_000;
/** Most retries of a failed read (so at most 3 requests). */
export const MAX_RETRIES = 2;

/**
 * Whether a failed read is worth another try: only failures of the way there (network error,
 * timeout, HTTP 502/504 from a gateway) — never a refusal (an envelope code, 4xx, 401), a
 * malformed answer, a 500 (the same request fails the same way), a 503 (the server is shedding
 * load and says when to come back: a retry a second later only adds to it, and a fault injected
 * from the mock panel would be hit more times than the operator's calls) or a cancelled query.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.code === 502 || error.code === 504);
}

/** TanStack's `retry` option: {@link MAX_RETRIES} tries of a transient failure, none of anything else. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransient(error);
}

/**
 * The console's query client. Defaults for an admin console:
 * - `staleTime` {@link STALE_MS}: a tab switch or a picker opened twice reuses the answer; a write
 *   through the console invalidates what it changed at once, so the wait only hides others' edits.
 * - `retry` {@link shouldRetry}: reads retry transient failures; refusals fail at once (the client
 *   has shown their message already, a retry would only show it again).
 * - `refetchOnWindowFocus` off: an operator switching windows mid-form must not see lists reorder
 *   or a selection vanish; lists have their refresh button. `refetchOnReconnect` stays on.
 * - mutations never retry: a write is not idempotent (a reissue twice is two reissues).
 * - `throwOnError` off: the HTTP client shows every failure (toast/modal) itself.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        gcTime: GC_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
    // Writes not made through the kit or the typed client (which call afterWrite themselves) say
    // what they change in `meta.invalidates`; `mutationKey: [group, op]` is enough otherwise.
    mutationCache: new MutationCache({
      onSuccess: (_data, _vars, _ctx, mutation) => {
        const groups = (mutation.meta?.invalidates as readonly string[] | undefined) ?? [];
        return Promise.all(groups.map((g) => client.invalidateQueries({ queryKey: [g] })));
      },
    }),
  });
  return client;
}

/** The app-wide client, mounted by the shell's `QueryClientProvider` (web/app/App.tsx). */
export const queryClient: QueryClient = createQueryClient();
registerQueryCache(() => queryClient.clear());

const writeListeners = new Set<(group: string) => void>();

/**
 * The one place a successful write lands (the kit's `callOp`, the typed client): drops every
 * cached read of `group` (`invalidateQueries({ queryKey: [group] })`, so mounted lists, pickers and
 * labels load again) and tells the listeners. A read op changes nothing and drops nothing. Every
 * write of a record is also an entry of the audit trail, so its reads (a record's history) go too;
 * the console's own {@link UNAUDITED_GROUPS} are not in the trail and leave them alone.
 */
export function afterWrite(group: string, op = 'update', client: QueryClient = queryClient): Promise<void> {
  if (isReadOp(group, op)) return Promise.resolve();
  for (const l of [...writeListeners]) l(group);
  return Promise.all([client.invalidateQueries({ queryKey: [group] }), group === AUDIT_GROUP || UNAUDITED_GROUPS.has(group) ? null : client.invalidateQueries({ queryKey: [AUDIT_GROUP] })]).then(() => undefined);
}

/** Groups whose writes the audit trail never records: a user's own preferences (`api.preference`). */
export const UNAUDITED_GROUPS: ReadonlySet<string> = new Set(['preference']);

/** The query group of the audit trail's reads (`api.auditLog`). */
const AUDIT_GROUP = 'auditLog';

/** Calls `listener(group)` after every write ({@link afterWrite}); answers the unsubscribe. */
export function onWrite(listener: (group: string) => void): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}

/** What a query function gets: TanStack's AbortSignal, for the HTTP client's `signal`. */
export interface ReadContext {
  signal: AbortSignal;
}

/**
 * Options of one read for `useQuery`: key `[group, op, payload]`, the query function given
 * TanStack's signal (pass it to the HTTP client with `ignoreCancel: true`: de-duplication and
 * cancellation of queries are TanStack's, the client's own duplicate cancelling is for the rest).
 * A cancelled read rejects with a canceled ApiError that TanStack swallows (no toast, no retry).
 */
export function readQuery<T>(group: string, op: string, payload: unknown, fetch: (ctx: ReadContext) => Promise<T>) {
  return queryOptions<T, Error, T, OpKey>({
    queryKey: opKey(group, op, payload),
    queryFn: ({ signal }) => fetch({ signal }),
  });
}
