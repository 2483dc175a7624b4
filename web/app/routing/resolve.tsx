import { useMemo, type ComponentType } from 'react';
import { lazyWithRetry, type RetryableLazy } from '../../services/chunk';
import { PAGE_MODULES } from '../../pages/registry';
import { useSession } from '../../services/session';
import { flattenRoutes, type FlatRoute } from '../../services/routing/route-access';
import { resolveLocation } from './resolve-location';
import type { RouteView } from '../../services/routing/types';
import type { ListEntry } from '../../crud/page-module';

export type Resolved =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: FlatRoute; Page: ComponentType; params: Record<string, string> }
  | { kind: 'exception'; route?: FlatRoute; status: number };

const lazyPages = new Map<string, RetryableLazy>();
/** The list entry of each list screen's page component (its registry line's `listEntry`). */
const listEntries = new WeakMap<ComponentType, ListEntry>();

/**
 * One lazy component per view file, created once so React keeps it between renders. Its chunk
 * starts loading when the route is resolved, and {@link pageLoad} tells the outlet whether it has
 * arrived (so the outlet can keep the previous screen up instead of a fallback, below). A chunk
 * that fails to load is fetched once more; a second failure shows the chunk error screen inside the
 * shell (the page's error boundary, web/app/error-boundary.tsx), whose retry button, or opening the
 * screen anew ({@link pageLoad}), loads it afresh.
 */
export function pageComponent(file: string | undefined): ComponentType | null {
  if (!file || !PAGE_MODULES[file]) return null;
  let c = lazyPages.get(file);
  if (!c) {
    c = lazyWithRetry(PAGE_MODULES[file]);
    const entry = PAGE_MODULES[file].listEntry;
    if (entry) listEntries.set(c, entry);
    lazyPages.set(file, c);
    void c.preload().catch(() => undefined);
  }
  return c;
}

/**
 * The pending chunk load of a page component about to be shown afresh, or null once it has loaded
 * or for a component that is not a lazy page; a chunk whose last load failed starts loading again
 * (a screen opened anew tries its code again). Rendering a page whose chunk is pending shows its
 * Suspense fallback, and React then holds the page back for at least 300 ms (React 19's fallback
 * throttle) even when the chunk arrives in 20 ms: the outlet waits on this promise instead.
 */
export function pageLoad(Page: ComponentType): Promise<unknown> | null {
  const lazyPage = Page as Partial<RetryableLazy>;
  if (!lazyPage.preload || !lazyPage.pending) return null;
  void lazyPage.preload().catch(() => undefined);
  return lazyPage.pending();
}

/**
 * Starts the first list request of a list screen about to mount afresh at URL query `search`
 * (its registry line's `listEntry`, web/crud/page-module.tsx), so the request leaves while the
 * screen's chunk loads instead of after its first render (menu entry → first rows).
 * Answers the entry's promise (`ListEntry`: once the request has left, the answer's promise), or
 * null for a screen without a list entry. Idempotent while the answer is fresh or on its way (TanStack).
 */
export function startListEntry(Page: ComponentType, search: string): ReturnType<ListEntry> | null {
  return listEntries.get(Page)?.(search) ?? null;
}

const FramePage = lazyWithRetry(() => import('../../pages/frame/frame.page'));
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
