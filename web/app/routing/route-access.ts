import type { RouteDecl } from '../../../server/contract/route-table';

/** A leaf route with its full path, ready for the router and the menu. */
export interface FlatRoute {
  /** Full path, e.g. `/order/index`. */
  path: string;
  name: string;
  component?: string;
  title: string;
  literalTitle?: boolean;
  icon?: string;
  hideMenu?: boolean;
  /** The group (top-level) route this leaf belongs to. */
  parent: RouteDecl;
}

/** Role filter of spec §6 (role and route-mapping modes): a route with no roles is open. */
export function canSee(route: RouteDecl, roleList: readonly string[]): boolean {
  return !route.meta.roles?.length || route.meta.roles.some((r) => roleList.includes(r));
}

/**
 * Route-mapping mode (spec §6): the route table filtered by the user's role ids (groups and
 * children), sorted by orderNo ascending (stable, so equal numbers keep table order).
 */
export function filterRoutesByRoles(table: readonly RouteDecl[], roleList: readonly string[]): RouteDecl[] {
  return table
    .filter((g) => canSee(g, roleList))
    .map((g) => ({ ...g, children: g.children?.filter((c) => canSee(c, roleList)) }))
    .sort((a, b) => (a.meta.orderNo ?? 0) - (b.meta.orderNo ?? 0));
}

/** Joins a parent and a child path: relative children are prefixed (spec §2 "Route building"). */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** The leaf routes of a table with full paths. */
export function flattenRoutes(table: readonly RouteDecl[]): FlatRoute[] {
  return table.flatMap((g) =>
    (g.children ?? []).map((c) => ({
      path: joinPath(g.path, c.path),
      name: c.name,
      component: c.component,
      title: c.meta.title,
      literalTitle: c.meta.literalTitle,
      icon: c.meta.icon ?? g.meta.icon,
      hideMenu: c.meta.hideMenu,
      parent: g,
    })),
  );
}

/** Where a group path (`/order`) redirects: its declared redirect, else its first child. */
export function groupRedirect(table: readonly RouteDecl[], path: string): string | null {
  const g = table.find((x) => x.path === path);
  if (!g) return null;
  if (g.redirect) return g.redirect;
  const first = g.children?.[0];
  return first ? joinPath(g.path, first.path) : null;
}
