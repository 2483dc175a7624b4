import { useEffect } from 'react';
import { PAGE_MODULES } from '../../pages/registry';
import { useSession } from '../../services/session';
import { flattenRoutes, type FlatRoute } from '../../services/routing/route-access';
import type { MenuItem } from '../../services/routing/types';
import { pageComponent, pageLoad } from '../routing/resolve';
import { whenIdle } from '../../lib/idle';

/** The paths of every entry (leaf) of the menu, hidden children included, `:param` paths left out. */
function menuEntryPaths(items: readonly MenuItem[], out = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.children?.length) menuEntryPaths(item.children, out);
    else if (item.path && !item.path.includes(':')) out.add(item.path);
  }
  return out;
}

/**
 * The view files of the menu's list screens (registry lines with a list entry), in menu order,
 * each once.
 */
export function menuListScreenFiles(menus: readonly MenuItem[], flat: readonly FlatRoute[]): string[] {
  const entries = menuEntryPaths(menus);
  const files = new Set<string>();
  for (const r of flat) {
    if (!entries.has(r.path) || r.view?.kind !== 'page') continue;
    if (PAGE_MODULES[r.view.file]?.listEntry) files.add(r.view.file);
  }
  return [...files];
}

/**
 * Loads the code of the menu's list screens in idle time once the signed-in shell is up, one screen
 * per idle period (menu entry → first rows): each screen's chunk (the very lazy page the
 * route resolver renders, `pageComponent`), its list's declaration and the kit's request maker
 * (`ListEntry.warm`). An entry then sends its list request in the click's own task and mounts as
 * soon as the answer is in, instead of waiting for two rounds of chunks (the page, then the chunks
 * it imports) while the main thread is busy with the click: 60–100 ms of the entry, and the whole
 * list kit (~250 ms) on the first entry after sign-in. Nothing is rendered and no request but the
 * code's is sent; routes stay lazy (the login route and the first paint load none of it), and the
 * other screens (dashboards, forms, charts) load as before, when entered.
 */
export function useWarmListScreens(): void {
  const { menus, routes } = useSession();
  useEffect(() => {
    const files = menuListScreenFiles(menus, flattenRoutes(routes));
    let cancel: (() => void) | null = null;
    let stopped = false;
    const next = (i: number) => {
      if (stopped || i >= files.length) return;
      cancel = whenIdle(() => {
        const file = files[i];
        const Page = pageComponent(file);
        const loads = [Page && pageLoad(Page), PAGE_MODULES[file].listEntry?.warm?.()];
        // Settled either way: a chunk that fails to load is loaded afresh when its screen is entered.
        void Promise.all(loads.map((p) => p?.catch(() => undefined))).then(() => next(i + 1));
      }, 5000, 200);
    };
    next(0);
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [menus, routes]);
}
