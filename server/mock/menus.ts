import type { MenuEntry } from '../contract/auth.js';
import type { RouteDecl } from '../contract/route-table.js';

/** Route declarations → server menu entries (spec §2: name, path, componentPath, hidden, sort, icon, title, children). */
export function toMenuEntries(routes: RouteDecl[]): MenuEntry[] {
  return routes.map((r) => ({
    name: r.name,
    path: r.path,
    ...(r.component ? { componentPath: r.component } : { componentPath: 'LAYOUT' }),
    ...(r.redirect ? { redirect: r.redirect } : {}),
    hidden: !!r.meta.hideMenu,
    sort: r.meta.orderNo ?? 0,
    ...(r.meta.icon ? { icon: r.meta.icon } : {}),
    title: r.meta.title,
    ...(r.meta.hideChildrenInMenu ? { hideChildrenInMenu: true } : {}),
    ...(r.children?.length ? { children: toMenuEntries(r.children) } : {}),
  }));
}
