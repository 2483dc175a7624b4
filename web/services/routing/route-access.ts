import type { RouteDecl } from '../../../server/contract/route-table';
import { canSee as canSeeMeta, joinPath, matchPath } from './build-routes';
import type { AppRouteMeta, RouteView } from './types';

export { joinPath } from './build-routes';

/**
 * A route that renders a page (a leaf of the built tree), with its full path and where it sits:
 * ready for the router, tabs, breadcrumbs and quick links.
 */
export interface FlatRoute {
  /** Full path, e.g. `/order/index` (`:param` segments kept). */
  path: string;
  name: string;
  component?: string;
  title: string;
  literalTitle?: boolean;
  /** Its own icon, else the nearest ancestor's. */
  icon?: string;
  hideMenu?: boolean;
  /** Home path pinned as affix (spec §2), for the tabs bar. */
  affix?: boolean;
  meta: AppRouteMeta;
  /** What it renders (built routes); undefined for a raw table. */
  view?: RouteView;
  /** The top-level route this leaf belongs to (a group, or a `single` wrapper). */
  parent: RouteDecl;
  /** Every ancestor from the top-level route down to the direct parent. */
  parents: RouteDecl[];
}

/** Role filter of spec §6 (role and route-mapping modes): a route with no roles is open. */
export function canSee(route: RouteDecl, roleList: readonly string[]): boolean {
  return canSeeMeta(route.meta, roleList);
}

/**
 * The route table filtered by the user's role ids (groups and children), sorted by orderNo
 * ascending (stable, so equal numbers keep table order) — the route-mapping menu order of spec §6.
 */
export function filterRoutesByRoles(table: readonly RouteDecl[], roleList: readonly string[]): RouteDecl[] {
  return table
    .filter((g) => canSee(g, roleList))
    .map((g) => ({ ...g, children: g.children?.filter((c) => canSee(c, roleList)) }))
    .sort((a, b) => (a.meta.orderNo ?? 0) - (b.meta.orderNo ?? 0));
}

function childBase(r: RouteDecl, base: string, path: string): string {
  return (r.meta as AppRouteMeta).hidePathForChildren ? base : path;
}

/**
 * The routes of a table (raw or built) that render a page — those without children — with full
 * paths (relative children joined to their parent unless it hides its path), in table order.
 */
export function flattenRoutes(table: readonly RouteDecl[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (list: readonly RouteDecl[], base: string, parents: RouteDecl[]) => {
    for (const r of list) {
      const path = r.path === '' ? '' : joinPath(base, r.path);
      if (r.children?.length) {
        walk(r.children, childBase(r, base, path), [...parents, r]);
        continue;
      }
      if (!parents.length) continue; // a lone top-level route without a page (empty group)
      const meta = r.meta as AppRouteMeta;
      const icon = meta.icon ?? [...parents].reverse().find((p) => p.meta.icon)?.meta.icon;
      out.push({
        path,
        name: r.name,
        component: r.component,
        title: meta.title,
        ...(meta.literalTitle ? { literalTitle: true } : {}),
        ...(icon ? { icon } : {}),
        ...(meta.hideMenu ? { hideMenu: true } : {}),
        ...(meta.affix ? { affix: true } : {}),
        meta,
        view: (r as { view?: RouteView }).view,
        parent: parents[0],
        parents,
      });
    }
  };
  walk(table, '', []);
  return out;
}

/**
 * Where a parent path (`/order`) redirects: its declared redirect, else its first child's path
 * (spec §2 "Parents redirect to their first child"). Null when no parent has the path.
 */
export function groupRedirect(table: readonly RouteDecl[], path: string): string | null {
  const find = (list: readonly RouteDecl[], base: string): string | null => {
    for (const r of list) {
      const full = r.path === '' ? '' : joinPath(base, r.path);
      const next = childBase(r, base, full);
      if (full === path && r.children?.length) return r.redirect || joinPath(next, r.children[0].path);
      const hit = r.children ? find(r.children, next) : null;
      if (hit) return hit;
    }
    return null;
  };
  return find(table, '');
}

/** The leaf route at a pathname (exact path first, then `:param` patterns), with its parameters. */
export function matchFlatRoute(flat: readonly FlatRoute[], pathname: string): { route: FlatRoute; params: Record<string, string> } | null {
  const exact = flat.find((r) => r.path === pathname);
  if (exact) return { route: exact, params: {} };
  for (const r of flat) {
    if (!r.path.includes(':')) continue;
    const params = matchPath(r.path, pathname);
    if (params) return { route: r, params };
  }
  return null;
}
