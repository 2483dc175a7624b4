import type { MenuEntry } from '../../../server/contract/auth';
import type { RouteDecl } from '../../../server/contract/route-table';
import type { AppRoute, AppRouteMeta, MenuItem, RawRoute, RouteIssue, RouteView } from './types';

/**
 * Route building of spec §2 "Route building", as pure functions over plain data:
 *
 * 1. a source: the front-end table (`fromRouteTable`) or the server's menu entries (`fromMenuEntries`);
 * 2. `wrapTopLevel`: top-level routes whose component is not a layout get a single-child parent;
 * 3. `buildRouteTree`: full paths (relative children prefixed unless the parent hides its path),
 *    and each component resolved to a view (page module, frame, empty placeholder, or the
 *    exception page with a developer warning);
 * 4. `routesToMenu` (before `removeIgnoredRoutes`, so `ignoreRoute` stays in the menu);
 * 5. `pinHomeAffix`: the home path, following redirects, becomes an affix route.
 */

/** Component names that are not view files. */
export const LAYOUT = 'LAYOUT';
export const IFRAME = 'IFRAME';

/** Spec §2 "Route building": the Home group hides its child menu (server entries included). */
export const HOME_ROUTE_NAME = 'Home';

/** `http(s)://…`: menu entries that leave the console; never joined to a parent path. */
export function isUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/**
 * Joins a parent and a child path (spec §2): an absolute child (`/x`) or a URL stays as it is, a
 * relative one is prefixed with the parent (`/goods` + `tag/add` → `/goods/tag/add`; `''` + `x` → `/x`).
 */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/') || isUrl(child)) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

// ---------------------------------------------------------------------------------------------
// Sources

/**
 * The front-end route table as raw routes. Its top-level groups carry no component: they are
 * layouts, so they stay as they are (spec §2); everything else is copied as declared.
 */
export function fromRouteTable(table: readonly RouteDecl[]): RawRoute[] {
  const copy = (r: RouteDecl): RawRoute => ({
    name: r.name,
    path: r.path,
    ...(r.component ? { component: r.component } : {}),
    ...(r.redirect ? { redirect: r.redirect } : {}),
    meta: { ...r.meta },
    ...(r.children ? { children: r.children.map(copy) } : {}),
  });
  return table.map((r) => {
    const raw = copy(r);
    if (!raw.component && raw.children?.length) raw.component = LAYOUT;
    return raw;
  });
}

/**
 * Server menu entries (spec §2, §3: name, path, componentPath, hidden, sort, icon, title,
 * children) as raw routes: componentPath → component, hidden → meta.hideMenu, sort →
 * meta.orderNo. A title that is not an i18n key (`routes.…`) is literal text. The Home entry
 * hides its child menu. A `frameSrc` on an entry (not in the contract yet) becomes meta.frameSrc.
 */
export function fromMenuEntries(entries: readonly MenuEntry[]): RawRoute[] {
  return entries.map((e) => {
    const frameSrc = (e as MenuEntry & { frameSrc?: unknown }).frameSrc;
    const meta: AppRouteMeta = {
      title: e.title,
      ...(e.title.startsWith('routes.') ? {} : { literalTitle: true }),
      ...(e.icon ? { icon: e.icon } : {}),
      ...(e.hidden ? { hideMenu: true } : {}),
      ...(typeof e.sort === 'number' ? { orderNo: e.sort } : {}),
      ...(e.hideChildrenInMenu || e.name === HOME_ROUTE_NAME ? { hideChildrenInMenu: true } : {}),
      ...(typeof frameSrc === 'string' && frameSrc ? { frameSrc } : {}),
    };
    return {
      name: e.name,
      path: e.path,
      ...(e.componentPath ? { component: e.componentPath } : {}),
      ...(e.redirect ? { redirect: e.redirect } : {}),
      meta,
      ...(e.children?.length ? { children: fromMenuEntries(e.children) } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Role filter

/** Spec §6: a route is open when it lists no roles, else when the user holds one of them. */
export function canSee(meta: { roles?: readonly string[] }, roleList: readonly string[]): boolean {
  return !meta.roles?.length || meta.roles.some((r) => roleList.includes(r));
}

/** Role and route-mapping modes (spec §6): drops every route (at any depth) the user's role ids may not see. */
export function filterByRoles<T extends { meta: { roles?: string[] }; children?: T[] }>(routes: readonly T[], roleList: readonly string[]): T[] {
  return routes
    .filter((r) => canSee(r.meta, roleList))
    .map((r) => (r.children ? { ...r, children: filterByRoles(r.children, roleList) } : r));
}

// ---------------------------------------------------------------------------------------------
// Top-level wrapping

/**
 * Spec §2: a top-level route whose component is a layout stays as it is; any other top-level
 * route (a page, a frame) is wrapped in a parent with an empty path, the layout, the `single`
 * flag and `affix` off, named `<name>Parent`. A top-level route without any component is kept
 * (as a layout) and reported.
 */
export function wrapTopLevel(routes: readonly RawRoute[], issues: RouteIssue[] = []): RawRoute[] {
  return routes.map((r) => {
    if (r.component?.toUpperCase() === LAYOUT) return r;
    if (!r.component && !r.meta.frameSrc) {
      issues.push({ kind: 'missing-component', route: r.name });
      return { ...r, component: LAYOUT };
    }
    return {
      name: `${r.name}Parent`,
      path: '',
      component: LAYOUT,
      meta: { ...r.meta, single: true, affix: false },
      children: [r],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Views

/** The view name of a page file: its path without the `.page.tsx`/`.page.ts`/`.tsx`/`.ts` ending. */
function viewName(file: string): string {
  return file.replace(/^\/+/, '').replace(/(\.page)?\.tsx?$/, '');
}

/**
 * Spec §2: matches a component name (`order/index`, `/order/index`, or a file name
 * `order/index.page.tsx`) to the view files of the page registry. Exactly one match → that file;
 * none → `missing`; several (`x.page.tsx` and `x.page.ts`) → `ambiguous`.
 */
export function matchViewFile(
  component: string,
  files: readonly string[],
): { kind: 'found'; file: string } | { kind: 'missing' } | { kind: 'ambiguous'; files: string[] } {
  const wanted = component.replace(/^\/+/, '');
  const exact = files.filter((f) => f.replace(/^\/+/, '') === wanted);
  const matches = exact.length ? exact : files.filter((f) => viewName(f) === viewName(wanted));
  if (matches.length === 1) return { kind: 'found', file: matches[0] };
  return matches.length ? { kind: 'ambiguous', files: [...matches] } : { kind: 'missing' };
}

/**
 * Spec §2: what a route renders. `LAYOUT` → the layout; `IFRAME`, or no component with a
 * `frameSrc` → an embedded frame; a component → its page file, or the exception page (404) with
 * an issue when no single file matches; a name without component → an empty placeholder.
 */
export function resolveView(route: RawRoute, files: readonly string[], issues: RouteIssue[] = []): RouteView {
  const c = route.component;
  if (c?.toUpperCase() === LAYOUT) return { kind: 'layout' };
  if (c?.toUpperCase() === IFRAME || (!c && route.meta.frameSrc)) return { kind: 'frame', src: route.meta.frameSrc ?? '' };
  if (c) {
    const m = matchViewFile(c, files);
    if (m.kind === 'found') return { kind: 'page', file: m.file };
    issues.push(m.kind === 'missing' ? { kind: 'missing-view', route: route.name, component: c } : { kind: 'ambiguous-view', route: route.name, component: c, files: m.files });
    return { kind: 'exception', status: 404, reason: m.kind };
  }
  if (!route.name) issues.push({ kind: 'missing-component', route: route.path });
  return { kind: 'placeholder' };
}

/**
 * Builds the route tree (spec §2): full absolute paths — a relative child is prefixed with its
 * parent's path, or with the grandparent's when the parent sets `hidePathForChildren` — and a
 * view per route. Duplicate route names are reported. `meta.realPath` keeps the declared full path
 * (with `:param` segments).
 */
export function buildRouteTree(routes: readonly RawRoute[], files: readonly string[], issues: RouteIssue[] = []): AppRoute[] {
  const seen = new Set<string>();
  const build = (list: readonly RawRoute[], base: string): AppRoute[] =>
    list.map((r) => {
      const path = r.path === '' ? '' : joinPath(base, r.path);
      if (seen.has(r.name)) issues.push({ kind: 'duplicate-name', route: r.name });
      seen.add(r.name);
      const view = resolveView(r, files, issues);
      const childBase = r.meta.hidePathForChildren ? base : path;
      return {
        name: r.name,
        path,
        ...(r.component ? { component: r.component } : {}),
        ...(r.redirect ? { redirect: r.redirect } : {}),
        meta: path ? { ...r.meta, realPath: path } : { ...r.meta },
        view,
        ...(r.children ? { children: build(r.children, childBase) } : {}),
      };
    });
  return build(routes, '');
}

// ---------------------------------------------------------------------------------------------
// Menu

/**
 * Routes → menu items (spec §2, §3 "Menu item"): a `single` wrapper is replaced by its child;
 * `name` is the title; in route-mapping mode a top-level group that hides its children links
 * straight to its redirect (Home → /home/work).
 */
export function routesToMenu(routes: readonly AppRoute[], opts: { routeMapping?: boolean } = {}): MenuItem[] {
  const toItem = (r: AppRoute): MenuItem => ({
    name: r.meta.title,
    path: r.path,
    ...(r.meta.icon ? { icon: r.meta.icon } : {}),
    ...(r.meta.hideMenu ? { hideMenu: true } : {}),
    ...(r.redirect ? { redirect: r.redirect } : {}),
    meta: r.meta,
    ...(r.children ? { children: r.children.map(toItem) } : {}),
  });
  return routes.flatMap((r) => {
    if (r.meta.single) return r.children?.[0] ? [toItem(r.children[0])] : [];
    const item = toItem(r);
    if (opts.routeMapping && r.meta.hideChildrenInMenu && r.redirect) item.path = r.redirect;
    return [item];
  });
}

/**
 * Spec §6 menu order: top-level items by `meta.orderNo` (missing = 0), ascending (role and
 * route-mapping modes) or descending (back-end mode); equal numbers keep their order.
 */
export function sortMenu(items: readonly MenuItem[], direction: 'asc' | 'desc'): MenuItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * ((a.meta.orderNo ?? 0) - (b.meta.orderNo ?? 0)));
}

/** The menu as shown: entries with `hideMenu` removed at every depth. */
export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((i) => !i.hideMenu).map((i) => (i.children ? { ...i, children: visibleMenu(i.children) } : i));
}

/** Every path in a route tree (groups and leaves), for filtering menus by routes. */
export function routePaths(routes: readonly AppRoute[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly AppRoute[]) =>
    list.forEach((r) => {
      if (r.path) out.add(r.path);
      if (r.children) walk(r.children);
    });
  walk(routes);
  return out;
}

/**
 * Role mode (spec §6 "The menu is filtered by the user's routes"): keeps an item whose path is
 * one of the routes (or a URL), or which keeps a child that is.
 */
export function filterMenuByRoutes(items: readonly MenuItem[], paths: ReadonlySet<string>): MenuItem[] {
  return items.flatMap((i) => {
    const children = i.children ? filterMenuByRoutes(i.children, paths) : undefined;
    const keep = isUrl(i.path) || paths.has(i.path) || !!children?.length;
    return keep ? [children ? { ...i, children } : i] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Routes

/** Spec §2: routes with `meta.ignoreRoute` are left out of the routes (the menu keeps them). */
export function removeIgnoredRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.filter((r) => !r.meta.ignoreRoute).map((r) => (r.children ? { ...r, children: removeIgnoredRoutes(r.children) } : r));
}

/** The route with this full path, at any depth, or undefined. */
export function findRoute(routes: readonly AppRoute[], path: string): AppRoute | undefined {
  for (const r of routes) {
    if (r.path === path) return r;
    const hit = r.children && findRoute(r.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Spec §2: the user's home path (their homePath, or the default) is pinned as affix. When the
 * route at that path redirects, the redirect target is pinned instead (repeatedly, at most 10
 * hops, so a redirect loop cannot hang). Returns a new tree; nothing is pinned when no route
 * has the path.
 */
export function pinHomeAffix(routes: readonly AppRoute[], homePath: string): AppRoute[] {
  let target = homePath;
  let hit = findRoute(routes, target);
  for (let hops = 0; hit?.redirect && hops < 10; hops++) {
    target = hit.redirect;
    hit = findRoute(routes, target);
  }
  if (!hit || hit.redirect) return [...routes];
  const pinned = hit;
  const patch = (list: readonly AppRoute[]): AppRoute[] =>
    list.map((r) => (r === pinned ? { ...r, meta: { ...r.meta, affix: true } } : r.children ? { ...r, children: patch(r.children) } : r));
  return patch(routes);
}

// ---------------------------------------------------------------------------------------------
// Path parameters

const PARAM = /:([A-Za-z_][\w]*)/g;

/**
 * Spec §2: `:param` segments replaced from a parameter map (`/order/:id` + {id: 7} → `/order/7`);
 * values are URI-encoded; a parameter missing from the map stays as written.
 */
export function substituteParams(path: string, params: Readonly<Record<string, string | number | undefined>>): string {
  return path.replace(PARAM, (whole, key: string) => {
    const v = params[key];
    return v === undefined || v === '' ? whole : encodeURIComponent(String(v));
  });
}

/**
 * Matches a pathname against a route path with `:param` segments, segment by segment.
 * @returns the decoded parameters (`{}` for a path without any), or null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = pathname.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':') && a[i].length > 1) {
      if (!b[i]) return null;
      try {
        params[a[i].slice(1)] = decodeURIComponent(b[i]);
      } catch {
        return null;
      }
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}
