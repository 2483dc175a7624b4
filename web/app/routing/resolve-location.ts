import { ROUTE_TABLE, type RouteDecl } from '../../../server/contract/route-table';
import { EXCEPTION_PATH, REDIRECT_PREFIX } from '../../services/guard';
import { flattenRoutes, groupRedirect, matchFlatRoute, type FlatRoute } from '../../services/routing/route-access';

/** What a location shows, as data (the hook in resolve.tsx turns views into components). */
export type Resolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'route'; route: FlatRoute; params: Record<string, string> }
  | { kind: 'exception'; status: number };

/**
 * Spec §2 "/redirect/{path}": the internal redirect helper sends `/redirect/order/index?x=1` to
 * `/order/index?x=1` (query kept). Null when the location is not under the helper, or names no
 * path. Nested helpers (`/redirect/redirect/x`) collapse.
 */
export function redirectTarget(location: string, search: string): string | null {
  let rest = location;
  while (rest.startsWith(REDIRECT_PREFIX)) rest = '/' + rest.slice(REDIRECT_PREFIX.length).replace(/^\/+/, '');
  if (rest === location || rest === '/') return null;
  return rest + (search ? `?${search}` : '');
}

/**
 * What the current location shows (spec §2): the redirect helper; a parent path redirects to its
 * redirect or first child; a known leaf route (exact, or a `:param` pattern) renders; `/exception`
 * shows the code in `?status=`; a screen of the console the user may not open is the 403 page
 * (spec §8 page codes: it exists, but not for this user); anything else is the 404 exception page.
 */
export function resolveLocation(routes: readonly RouteDecl[], flat: readonly FlatRoute[], location: string, search: string): Resolution {
  const helper = redirectTarget(location, search);
  if (helper) return { kind: 'redirect', to: helper };
  const group = groupRedirect(routes, location);
  if (group) return { kind: 'redirect', to: group };
  const hit = matchFlatRoute(flat, location);
  if (hit) return { kind: 'route', ...hit };
  if (location === EXCEPTION_PATH) return { kind: 'exception', status: Number(new URLSearchParams(search).get('status')) || 404 };
  if (isConsolePath(location)) return { kind: 'exception', status: 403 };
  return { kind: 'exception', status: 404 };
}

let allPaths: { flat: FlatRoute[]; groups: Set<string> } | null = null;

/** Whether a path is a screen (or group) of the whole route table, whoever may open it. */
export function isConsolePath(location: string): boolean {
  allPaths ??= { flat: flattenRoutes(ROUTE_TABLE), groups: new Set(ROUTE_TABLE.map((g) => g.path)) };
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return allPaths.groups.has(path) || !!matchFlatRoute(allPaths.flat, path);
}
