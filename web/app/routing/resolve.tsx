import { lazy, useMemo, type ComponentType } from 'react';
import { PAGE_MODULES } from '../../pages/registry';
import { useSession } from '../../services/session';
import { flattenRoutes, type FlatRoute } from '../../services/routing/route-access';
import { resolveLocation } from './resolve-location';
import type { RouteView } from '../../services/routing/types';

export type Resolved =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: FlatRoute; Page: ComponentType; params: Record<string, string> }
  | { kind: 'exception'; route?: FlatRoute; status: number };

const lazyPages = new Map<string, ComponentType>();
/** One lazy component per view file, created once so React keeps it between renders. */
export function pageComponent(file: string | undefined): ComponentType | null {
  if (!file || !PAGE_MODULES[file]) return null;
  let c = lazyPages.get(file);
  if (!c) {
    c = lazy(PAGE_MODULES[file]);
    lazyPages.set(file, c);
  }
  return c;
}

const FramePage = lazy(() => import('../../pages/frame/frame.page'));
const framePages = new Map<string, ComponentType>();
/** One component per frame source (spec §2 "a frame source becomes an embedded frame"). */
function frameComponent(src: string): ComponentType {
  let c = framePages.get(src);
  if (!c) {
    c = function EmbeddedFrame() {
      return <FramePage src={src} />;
    };
    framePages.set(src, c);
  }
  return c;
}

/** The component a route view renders, or null for the exception page. */
function viewComponent(view: RouteView | undefined): ComponentType | null {
  if (view?.kind === 'page') return pageComponent(view.file);
  if (view?.kind === 'frame') return frameComponent(view.src);
  return null;
}

/**
 * What the current location shows (spec §2): the `/redirect/{path}` helper and parent paths
 * redirect; a route of the user renders its page or frame (or the exception page 404 while its
 * screen is not built); `/exception` renders the code in `?status=`; anything else 404.
 */
export function useResolvedRoute(location: string, search: string): Resolved {
  const { routes } = useSession();
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  return useMemo(() => {
    const r = resolveLocation(routes, flat, location, search);
    if (r.kind !== 'route') return r;
    const Page = viewComponent(r.route.view);
    return Page ? { kind: 'page', route: r.route, Page, params: r.params } : { kind: 'exception', route: r.route, status: 404 };
  }, [routes, flat, location, search]);
}
