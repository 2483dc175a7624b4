import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedView } from '../../server/contract/saved-views';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import { api, apiQuery } from '../api/client';
import { queryClient } from '../api/query';
import type { Resource } from './types';
import { fieldSpec, validatePayload } from './schema';
import { listQueryString, listRequest, parseListQuery } from './query-state';

export type { SavedView };

/*
 * Saved views of a list (issue "The operator's own workspace", 1; contract
 * server/contract/saved-views.ts): a list's URL query and visible columns kept by name on the
 * server, personal or shared with roles. The URL stays the one source of what the list shows: a
 * view opens as its URL query. This module is the views' reads (one query per screen, cached by
 * TanStack) and the rules of opening one; `ViewPicker.tsx` is the picker in the list's toolbar.
 */

/** How long a screen's views are fresh (ms): a list entered again within it asks nothing. */
export const VIEWS_STALE_MS = 5 * 60_000;
/** The longest a list entered without a query waits for its views (its default) before it asks for its rows (ms). */
export const VIEWS_ENTRY_WAIT_MS = 300;

/** The query of a screen's views (`['savedView', 'list', {path}]`); failures are silent (the list works without its views). */
export function viewsQuery(path: string) {
  return { ...apiQuery(api.savedView.list, { path }, { errorMode: 'none' }), staleTime: VIEWS_STALE_MS };
}

/** The filters a list reads from its URL: its declared ones, and `id` (as `list-entry.ts` `listFilterNames`). */
function filterNamesOf(resource: Resource): string[] {
  const declared = (resource.filters ?? []) as string[];
  return 'id' in resource.entity.filters && !declared.includes('id') ? [...declared, 'id'] : declared;
}

/** The keys a list reads from its URL besides its filters. */
const VIEW_KEYS = ['pageNum', 'pageSize', 'sortField', 'sortOrder'];

/** A view as a list can open it: its URL query as the list reads it, and what of it was left out. */
export interface OpenedView {
  /** `?…` ('' for the default view): the view's query with only what the list still takes. */
  search: string;
  /** The columns it shows that the list still has, in the view's order; null: the ones that fit. */
  columns: string[] | null;
  /** Filter keys, sort or columns of the view the list no longer declares or whose value the contract refuses. */
  dropped: string[];
}

/**
 * Opens a saved view on a list (a view whose fields no longer exist still opens): each key
 * of its query is kept when the list still reads it (a declared filter, page, size, sort, or one of
 * the page's own `keep` keys) with a value its field's kind reads and the contract's list query
 * takes; the rest is left out and named in `dropped`, so the view opens without those filters and
 * says so. Columns the list no longer has are dropped the same way.
 */
export function openView(resource: Resource, query: string, columns: string[] | null, keep: Record<string, string> = {}): OpenedView {
  const { entity } = resource;
  const names = filterNamesOf(resource);
  const q = new URLSearchParams(query);
  const dropped: string[] = [];
  const kept: Record<string, string> = {};
  for (const [k, v] of q) {
    if (k in keep) kept[k] = v;
    else if (!names.includes(k) && !VIEW_KEYS.includes(k)) dropped.push(k);
  }
  const state = parseListQuery(query, entity, names, (n) => fieldSpec(resource, n));
  for (const n of names) {
    const raw = q.get(n);
    if (raw !== null && raw !== '' && !(n in state.filters)) dropped.push(n);
  }
  // The contract's own check of the list request (an enumeration value it no longer has, a text too long).
  const refused = validatePayload(entity.schemas.query, listRequest(state));
  for (const n of Object.keys(refused)) {
    if (!(n in state.filters)) continue;
    delete state.filters[n];
    dropped.push(n);
  }
  if (q.get('sortField') && !state.sortField) dropped.push('sortField');
  if (q.get('pageSize') && String(state.pageSize) !== q.get('pageSize')) dropped.push('pageSize');
  const all = resource.columns as string[];
  let cols: string[] | null = null;
  if (columns) {
    cols = columns.filter((c) => all.includes(c));
    for (const c of columns) if (!all.includes(c)) dropped.push(c);
    if (!cols.length) cols = null;
  }
  return { search: listQueryString(state, kept), columns: cols, dropped: [...new Set(dropped)] };
}

/** The URL query of a list as a view keeps it: without the `?`, in the list's spelling. */
export function viewQueryOf(search: string): string {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).toString();
}

/** A screen's cached views, when they are in the cache. */
export function cachedViews(path: string): SavedView[] | undefined {
  return queryClient.getQueryData<{ list: SavedView[] }>(viewsQuery(path).queryKey)?.list;
}

/** The user's default view of a screen among its cached views, or null. */
export function cachedDefault(path: string): SavedView | null {
  return cachedViews(path)?.find((v) => v.isDefault) ?? null;
}

/** Route paths by route name (`MemberIndex` → `/member/index`), made on first use. */
let PATHS: Map<string, string> | null = null;

/** The screen a declaration's list is the main list of: its `route`, else the route its `permission` names; null when neither says. */
export function screenPathOf(resource: Resource): string | null {
  if (resource.route) return resource.route;
  if (!resource.permission) return null;
  if (!PATHS) {
    PATHS = new Map();
    for (const g of ROUTE_TABLE) for (const c of g.children ?? []) PATHS.set(c.name, `${g.path}/${c.path}`);
  }
  return PATHS.get(resource.permission) ?? null;
}

/** Screens whose entry has sent its rows' request (`entryViewSearch`): their list, mounting, asks for no other. */
const ENTRY_DONE = new Set<string>();

/**
 * The views of a screen entered without a URL query (menu entry → first rows): read with one request
 * (or none while fresh), waited for at most {@link VIEWS_ENTRY_WAIT_MS} when none are cached, so the
 * list's first request is already its default view's. Answers the search the list is entered at:
 * the default view's query, or '' when it has none. Never rejects.
 */
export async function entryViewSearch(resource: Resource, path: string, search: string): Promise<string> {
  if (search !== '' && search !== '?') return search;
  const had = cachedViews(path) !== undefined;
  const read = queryClient.prefetchQuery(viewsQuery(path));
  if (!had) await Promise.race([read, new Promise((r) => setTimeout(r, VIEWS_ENTRY_WAIT_MS))]);
  // The rows leave now, the default known or not: the list mounted for them does not wait again.
  ENTRY_DONE.add(path);
  const def = cachedDefault(path);
  return def ? openView(resource, def.query, def.columns).search : '';
}

/** The default view each screen was entered with (by path), for its picker to say it is chosen and show its columns. */
const ENTERED = new Map<string, SavedView>();

/** The view a list at `path` was entered with and not yet taken by its picker (taken: {@link forgetEnteredView}). */
export function enteredView(path: string): SavedView | null {
  return ENTERED.get(path) ?? null;
}

/** The picker of the list at `path` has taken the view it was entered with. */
export function forgetEnteredView(path: string): void {
  ENTERED.delete(path);
}

/** Marks the view a list at `path` was entered with (its picker takes it on mount). */
export function markEnteredView(path: string, v: SavedView): void {
  ENTERED.set(path, v);
}

/** What {@link useEntryViewSearch} answers: the search the list renders, and whether it still waits for its views. */
export interface EntryView {
  search: string;
  /** The list is entered without a query and its views are on their way: its rows are not asked for yet. */
  waiting: boolean;
}

/**
 * The URL query a URL-synced list renders at its entry (menu entry → first rows): a list mounted
 * without a query opens the user's default view. With the screen's views cached (its entry read
 * them, `prefetchListEntry`) the default view is rendered at once (the request its entry sent);
 * else the list waits for them, at most {@link VIEWS_ENTRY_WAIT_MS} (`waiting`: its rows are not
 * asked for meanwhile), so its first request is the default view's. The view is written into the
 * URL, replacing the empty one, so Reset and back behave as for any view. Any other query is
 * answered as it is; once the list has moved, an empty query is the unfiltered view again.
 * @param navigate the router's navigation (`replace` writes over the history entry).
 */
export function useEntryViewSearch(resource: Resource, path: string, search: string, urlSync: boolean, navigate: (to: string, opts?: { replace?: boolean }) => void): EntryView {
  const bare = search === '' || search === '?';
  const entry = useRef<{ search: string; view: SavedView } | null | undefined>(undefined);
  const [waiting, setWaiting] = useState(() => {
    // Its entry already asked for its rows (its views slow or failed): those rows are the ones shown.
    const sent = ENTRY_DONE.has(path);
    return urlSync && bare && cachedViews(path) === undefined && !sent;
  });
  const choose = () => {
    const def = cachedDefault(path);
    entry.current = def ? { search: openView(resource, def.query, def.columns).search, view: def } : null;
    if (entry.current) markEnteredView(path, entry.current.view);
  };
  if (entry.current === undefined && !waiting) {
    if (urlSync && bare) choose();
    else entry.current = null;
  }
  const landed = useRef(false);
  if (!bare) landed.current = true;
  const write = () => {
    const e = entry.current;
    if (e?.search && !landed.current) navigate(`${path}${e.search}`, { replace: true });
  };
  useEffect(() => {
    ENTRY_DONE.delete(path);
    if (!waiting) write();
    // Once, on mount: the entry's view.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // While it waits: the screen's views (the picker's query), or the wait's end, whichever comes first.
  const views = useQuery({ ...viewsQuery(path), enabled: waiting });
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => setLate(true), VIEWS_ENTRY_WAIT_MS);
    return () => clearTimeout(t);
  }, [waiting]);
  const answered = views.data !== undefined || views.isError || late;
  useEffect(() => {
    if (!waiting || !answered) return;
    choose();
    setWaiting(false);
    write();
  }, [waiting, answered]); // eslint-disable-line react-hooks/exhaustive-deps
  return { search: entry.current && !landed.current ? entry.current.search : search, waiting };
}
