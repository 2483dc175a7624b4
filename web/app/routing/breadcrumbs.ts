import type { RouteDecl } from '../../../server/contract/route-table';
import { groupRedirect, type FlatRoute } from '../../services/routing/route-access';
import type { AppRouteMeta } from '../../services/routing/types';

/** One step of the breadcrumb trail. */
export interface Crumb {
  /** i18n key, or literal text when `literal`. */
  title: string;
  literal?: boolean;
  /** primeicons class of the route itself (shown when `showBreadCrumbIcon` is on). */
  icon?: string;
  /** Where a click goes: a group's redirect (its first child); none for the current page. */
  to?: string;
}

/**
 * The breadcrumb trail of a route (spec §3 showBreadCrumb, showBreadCrumbIcon): each ancestor
 * group, then the page. `single` wrappers are skipped (their page stands alone); a group links to
 * where it redirects.
 */
export function breadcrumbTrail(route: FlatRoute, routes: readonly RouteDecl[]): Crumb[] {
  const crumbs: Crumb[] = route.parents
    .filter((p) => !(p.meta as AppRouteMeta).single && p.meta.title)
    .map((p) => {
      const to = p.path ? (groupRedirect(routes, p.path) ?? p.redirect) : undefined;
      return {
        title: p.meta.title,
        ...(p.meta.literalTitle ? { literal: true } : {}),
        ...(p.meta.icon ? { icon: p.meta.icon } : {}),
        ...(to && to !== route.path ? { to } : {}),
      };
    });
  crumbs.push({ title: route.title, ...(route.literalTitle ? { literal: true } : {}), ...(route.meta.icon ? { icon: route.meta.icon } : {}) });
  return crumbs;
}

/** The text of a title: literal text as it is, else the translation of its key. */
export function titleText(t: (key: string) => string, title: string, literal?: boolean): string {
  return literal ? title : t(title);
}
