import type { RouteDecl, RouteMeta } from '../../../server/contract/route-table';
import type { Tab, TabMeta } from '../../machines/tabs.machine';
import { flattenRoutes, groupRedirect, type FlatRoute } from '../../services/routing/route-access';

/** Route meta fields the tabs read (spec §3 "Tab" meta) beyond what the route table declares today. */
type TabRouteMeta = RouteMeta & { ignoreKeepAlive?: boolean; dynamicLevel?: number; realPath?: string };

/** `?a=1&b=2` or `a=1&b=2` → `{a: '1', b: '2'}` (last value wins for repeated names). */
export function parseQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

/** Every route declaration by name (any depth), to read the meta a flat route does not carry. */
export function metaByName(routes: readonly RouteDecl[]): Map<string, TabRouteMeta> {
  const out = new Map<string, TabRouteMeta>();
  const walk = (list: readonly RouteDecl[]) => {
    for (const r of list) {
      out.set(r.name, r.meta);
      if (r.children) walk(r.children);
    }
  };
  walk(routes);
  return out;
}

/** At most this many tabs of one record screen stay open; opening one more closes the earliest. */
export const RECORD_TABS = 10;

/** A route's view files that show one record (read from its `?id=` query, else its stored key). */
const RECORD_COMPONENT = /(^|\/)(detail|modify)$/;

/** Whether a route shows one record: the order detail, every modify page. */
export function isRecordScreen(route: Pick<FlatRoute, 'component'>): boolean {
  return !!route.component && RECORD_COMPONENT.test(route.component);
}

/**
 * The tab (spec §3 "Tab") for a route shown at `location` with query `search` (no `?`).
 * `meta` is the route's declared meta, if known (affix, ignoreKeepAlive, dynamicLevel, realPath).
 */
export function tabOfRoute(route: Pick<FlatRoute, 'path' | 'name' | 'title' | 'literalTitle' | 'icon' | 'component'>, location: string, search: string, meta?: TabRouteMeta): Tab {
  const query = parseQuery(search);
  const tabMeta: TabMeta = { title: route.title, realPath: meta?.realPath ?? route.path };
  if (route.literalTitle) tabMeta.literalTitle = true;
  if (route.icon) tabMeta.icon = route.icon;
  if (meta?.affix) tabMeta.affix = true;
  if (meta?.ignoreKeepAlive) tabMeta.ignoreKeepAlive = true;
  // A list's query is view state (filters, page, sort): by default a route keeps ONE tab that
  // follows its query. A record screen (a detail or modify page) names its record in its query
  // (`?id=`, beside the §3 stored key) and keeps a tab per record, so two records sit side by
  // side; a route may declare its own dynamicLevel.
  tabMeta.dynamicLevel = meta?.dynamicLevel ?? (isRecordScreen(route) ? RECORD_TABS : 1);
  return { path: location, fullPath: search ? `${location}?${search}` : location, name: route.name, params: {}, query, meta: tabMeta };
}

/** A location that is not a route (unknown path, error page): nameless, so never a tab. */
export function nonRouteTab(location: string, search: string): Tab {
  return { path: location, fullPath: search ? `${location}?${search}` : location, name: '', params: {}, query: parseQuery(search), meta: { title: '' } };
}

/** Follows group redirects (`/dashboard` → `/dashboard/analysis`), at most a few hops. */
export function resolveHomePath(routes: readonly RouteDecl[], homePath: string): string {
  let p = homePath;
  for (let i = 0; i < 5; i++) {
    const next = groupRedirect(routes, p);
    if (!next || next === p) break;
    p = next;
  }
  return p;
}

/**
 * The affix tabs (spec §2): routes whose meta pins them as affix, plus the user's home path
 * (following redirects), in route order. Returns the resolved home path too, for "close the only
 * tab goes home".
 */
export function affixTabsOf(routes: readonly RouteDecl[], homePath: string): { affixTabs: Tab[]; homePath: string } {
  const home = resolveHomePath(routes, homePath);
  const metas = metaByName(routes);
  const affixTabs = flattenRoutes(routes)
    .filter((r) => r.path === home || metas.get(r.name)?.affix)
    .map((r) => tabOfRoute(r, r.path, '', { ...metas.get(r.name), title: r.title, affix: true }));
  return { affixTabs, homePath: home };
}

/** A translator, as i18next's `t` is called here. */
type Translate = (key: string, values?: Record<string, string>) => string;

/** A tab's shown title: its record's (`订单 O2026…`) once its page named it, else its route's. */
export function tabTitle(t: Translate, tab: Pick<Tab, 'meta'>): string {
  const r = tab.meta.recordTitle;
  if (r) {
    const values = { ...r.values };
    for (const k of r.translate ?? []) if (k in values) values[k] = t(values[k]);
    return t(r.key, values);
  }
  return tab.meta.literalTitle ? tab.meta.title : t(tab.meta.title);
}
