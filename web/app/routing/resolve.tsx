import { lazy, useMemo, type ComponentType } from 'react';
import { PAGE_MODULES } from '../../pages/registry';
import { useSession } from '../session';
import { EXCEPTION_PATH } from '../guard';
import { flattenRoutes, groupRedirect, type FlatRoute } from './route-access';

export type Resolved =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: FlatRoute; Page: ComponentType }
  | { kind: 'exception'; route?: FlatRoute; status: number };

const lazyPages = new Map<string, ComponentType>();
/** One lazy component per page module, created once so React keeps it between renders. */
export function pageComponent(name: string | undefined): ComponentType | null {
  if (!name || !PAGE_MODULES[name]) return null;
  let c = lazyPages.get(name);
  if (!c) {
    c = lazy(PAGE_MODULES[name]);
    lazyPages.set(name, c);
  }
  return c;
}

/**
 * What the current location shows (spec §2): a group path redirects to its first child, a known
 * route renders its page (or the exception page while its screen is not built), `/exception`
 * renders the code in `?status=`, anything else the 404 exception page.
 */
export function useResolvedRoute(location: string, search: string): Resolved {
  const { routes } = useSession();
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const byPath = useMemo(() => new Map(flat.map((r) => [r.path, r])), [flat]);
  return useMemo(() => {
    const group = groupRedirect(routes, location);
    if (group) return { kind: 'redirect', to: group };
    const route = byPath.get(location);
    if (route) {
      const Page = pageComponent(route.component);
      return Page ? { kind: 'page', route, Page } : { kind: 'exception', route, status: 404 };
    }
    if (location === EXCEPTION_PATH) return { kind: 'exception', status: Number(new URLSearchParams(search).get('status')) || 404 };
    return { kind: 'exception', status: 404 };
  }, [routes, byPath, location, search]);
}
