import { substituteParams } from '../../services/routing/build-routes';
import type { MenuItem } from '../../services/routing/types';

/**
 * The menu's open groups and active entry (spec §4 menu, §9 "accordion on"). Keys are item paths.
 */

/** Whether an item (or one of its descendants) is the entry for `location`. */
function contains(item: MenuItem, location: string): boolean {
  if (item.path === location) return true;
  return !!item.children?.some((c) => contains(c, location));
}

/**
 * The chain of item paths from the top level down to the entry for `location` (the entry
 * included), or `[]` when no entry has that path. Items hidden from the menu are not entries.
 */
export function activeChain(items: readonly MenuItem[], location: string): string[] {
  for (const i of items) {
    if (i.hideMenu) continue;
    if (i.path === location) return [i.path];
    // Children hidden in the menu (Home's) are not entries: their group stands for them.
    if (i.children && !i.meta.hideChildrenInMenu && contains(i, location)) {
      const rest = activeChain(i.children, location);
      if (rest.length) return [i.path, ...rest];
    }
  }
  return [];
}

/** The chain to the entry for `location`, else to the deepest parent whose path prefixes it (a hidden child page, e.g. `/order/detail` → Orders). */
export function activeChainFor(items: readonly MenuItem[], location: string): string[] {
  const exact = activeChain(items, location);
  if (exact.length) return exact;
  const walk = (list: readonly MenuItem[]): string[] => {
    for (const i of list) {
      if (i.hideMenu || !i.path || !location.startsWith(i.path + '/')) continue;
      return [i.path, ...(i.children && !i.meta.hideChildrenInMenu ? walk(i.children) : [])];
    }
    return [];
  };
  return walk(items);
}

/** Paths of the ancestors of `key` (excluding it). */
function ancestorsOf(items: readonly MenuItem[], key: string): string[] {
  const chain = activeChain(items, key);
  return chain.slice(0, -1);
}

/**
 * Toggles a group. With the accordion on, opening a group closes every group that is not one of
 * its ancestors (one branch open at a time); with it off, other groups stay as they are.
 */
export function toggleOpen(open: readonly string[], key: string, accordion: boolean, items: readonly MenuItem[]): string[] {
  if (open.includes(key)) return open.filter((k) => k !== key);
  if (!accordion) return [...open, key];
  return [...ancestorsOf(items, key), key];
}

/**
 * The open groups after navigating to `location`: the groups leading to its entry open; with the
 * accordion on, everything else closes; with it off, groups the user opened stay open.
 */
export function openForLocation(open: readonly string[], items: readonly MenuItem[], location: string, accordion: boolean): string[] {
  const chain = activeChainFor(items, location);
  const groups = chain.filter((p) => hasChildrenIn(items, p));
  if (accordion) return groups;
  return [...new Set([...open, ...groups])];
}

function hasChildrenIn(items: readonly MenuItem[], path: string): boolean {
  for (const i of items) {
    if (i.path === path) return !!i.children?.length && !i.meta.hideChildrenInMenu;
    if (i.children && hasChildrenIn(i.children, path)) return true;
  }
  return false;
}

/** The menu with `:param` segments filled from the current route's parameters (spec §2). */
export function menuWithParams(items: readonly MenuItem[], params: Readonly<Record<string, string>>): MenuItem[] {
  if (!Object.keys(params).length) return [...items];
  return items.map((i) => ({ ...i, path: substituteParams(i.path, params), ...(i.children ? { children: menuWithParams(i.children, params) } : {}) }));
}
