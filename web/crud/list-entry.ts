import type { AnyEntity } from '../../server/contract/entity';
import { opKey, queryClient, type OpKey } from '../api/query';
import { ApiError } from '../api/http';
import { crudEnv } from './env';
import type { FieldSpec, Resource, Row } from './types';
import { fieldSpec } from './schema';
import { readEvery, readOp, refOptionsQuery, type Page } from './api';
import { listRequest, parseListQuery, type ListState } from './query-state';
import { entryViewSearch, screenPathOf } from './saved-views';

/*
 * A list's request, made by one set of functions for the list controller (`useListController`: its
 * query's key and a click's head start) and for a screen's entry (menu entry → first
 * rows): the shell starts the request of a list screen as soon as the screen's declaration is in,
 * before the screen's chunk is evaluated and rendered, with the very key the controller's render
 * then asks for, so its first render finds the answer in flight or already in the cache.
 */

/**
 * The filter names a list reads from its URL: the declaration's search filters, and `id` when the
 * entity filters on it (a reference opens its target's list filtered to it, `?id=123`).
 */
export function listFilterNames(resource: Resource): string[] {
  const declared = (resource.filters ?? []) as string[];
  return 'id' in resource.entity.filters && !declared.includes('id') ? [...declared, 'id'] : declared;
}

/** A list's view as its URL query gives it (`?pageNum=2&status=1`, with or without the `?`): each filter read by its field's kind. */
export function listViewOfQuery(resource: Resource, filterNames: readonly string[], search: string): ListState {
  return parseListQuery(search, resource.entity, filterNames, (n) => fieldSpec(resource, n));
}

/** A view's `list` request body as JSON text (the permanent filter over the view's); a list query's key is made from it. */
export function listRequestText(view: ListState, permanent: Record<string, unknown>): string {
  return JSON.stringify({ ...listRequest(view), ...permanent });
}

/**
 * The query of one list request body (`JSON.parse` of {@link listRequestText}): key
 * `[entity, 'list', body]`, or for a list loaded whole (`all`, trees) `[entity, 'listEvery', body
 * without paging]`, the cache entry it shares with `listEvery`. The data is the raw answer: a page,
 * or every row for `all` (the controller's `select` turns either into a page).
 */
export function listQueryOf(entity: AnyEntity, all: boolean, body: Record<string, unknown>): { queryKey: OpKey; queryFn: (ctx: { signal: AbortSignal }) => Promise<unknown> } {
  const every = all ? Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'pageNum' && k !== 'pageSize')) : body;
  return {
    queryKey: all ? opKey(entity.name, 'listEvery', every) : opKey(entity.name, 'list', body),
    queryFn: ({ signal }): Promise<unknown> => (all ? readEvery(entity, every, signal) : readOp<Page<Row>>(entity, 'list', body, signal)),
  };
}

/**
 * The entities whose every record a list's columns label from (`ref`, `refs` and `tree` cells:
 * `useRefMaps`' `listAll` queries), for the controller and for the screen's entry alike.
 */
export function refEntitiesOf(specs: readonly FieldSpec[]): string[] {
  return specs.filter((s) => (s.kind === 'ref' || s.kind === 'refs' || s.kind === 'tree') && s.ref).map((s) => s.ref!);
}

/** Whether a mounted list waits on the query of `queryKey` (a controller's `useQuery` observes it). */
function observed(queryKey: OpKey): boolean {
  return (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
}

/** What a screen's main list is, beyond its declaration: the controller options it mounts the list with (all optional). */
export interface ListEntryOptions {
  permanentFilter?: Record<string, unknown>;
  all?: boolean;
}

/**
 * Starts the first request of a list screen entered at URL query `search`, as its controller (URL
 * synced, `opts` as the screen passes them) will ask for it: TanStack's `prefetchQuery` of the same
 * key and read, so nothing is sent when a fresh answer is cached or the same request is in flight,
 * and the controller's query takes this one's answer; the reference lists its columns label from leave
 * with it. A list loaded whole (a tree) is not started. Settles (never rejects) when the answers are
 * in the cache or the read failed; a failure is left to the controller's own query, which asks
 * again and shows it.
 */
export function prefetchListEntry(resource: Resource, search: string, opts: ListEntryOptions = {}): Promise<void> {
  // A list loaded whole (trees) reads page after page: left to its controller.
  if (opts.all ?? !!resource.tree) return Promise.resolve();
  // Entered without a query, a list opens the user's default view (saved-views.ts): its views are
  // read first (one request, none while fresh), so the rows asked for are the default view's.
  const screen = search === '' || search === '?' ? screenPathOf(resource) : null;
  if (screen) return entryViewSearch(resource, screen, search).then((s) => prefetchRows(resource, s, opts));
  return prefetchRows(resource, search, opts);
}

/** {@link prefetchListEntry}'s rows and reference lists of the list at URL query `search`. */
function prefetchRows(resource: Resource, search: string, opts: ListEntryOptions): Promise<void> {
  const view = listViewOfQuery(resource, listFilterNames(resource), search);
  const permanent = { ...resource.permanentFilter, ...opts.permanentFilter };
  const body = JSON.parse(listRequestText(view, permanent)) as Record<string, unknown>;
  const { entity } = resource;
  const queryKey = listQueryOf(entity, false, body).queryKey;
  // The lists its columns take labels from leave with it: the first rows come with their labels,
  // not with `#3` until a reference list answers after them.
  const refs = refEntitiesOf((resource.columns as string[]).map((c) => fieldSpec(resource, c))).map((e) => queryClient.prefetchQuery(refOptionsQuery(e)));
  const rows = queryClient.prefetchQuery({
    queryKey,
    // A failure is told once, as the list's own read tells it: here when the list is already
    // mounted on this read, else by the list's read on mount (a query that failed asks again).
    queryFn: ({ signal }) =>
      readOp<Page<Row>>(entity, 'list', body, signal, 'none').catch((e: unknown) => {
        if (e instanceof ApiError && e.kind !== 'canceled' && e.kind !== 'unauthorized' && observed(queryKey)) crudEnv().notify(e.message, 'error');
        throw e;
      }),
  });
  return Promise.all([rows, ...refs]).then(() => undefined);
}
