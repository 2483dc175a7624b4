import { useSyncExternalStore } from 'react';
import { getProjectConfig, updateProjectConfig, useProjectConfig } from '../../services/project-config';
import { decideMenuLayout, LG_BREAKPOINT, type MenuLayout } from '../routing/menu-layout';

const NARROW_QUERY = `(max-width: ${LG_BREAKPOINT - 0.02}px)`;

let narrowList: MediaQueryList | null | undefined;
/** One query list for the page: every render of the layout reads it (a fresh `matchMedia` each time cost ~0.5 ms per navigation). */
function narrowQuery(): MediaQueryList | null {
  if (narrowList === undefined) narrowList = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_QUERY) : null;
  return narrowList;
}

function subscribeViewport(onChange: () => void): () => void {
  const mq = narrowQuery();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/** A width on the right side of the large breakpoint: the layout only depends on which side. */
function viewportWidth(): number {
  return narrowQuery()?.matches ? LG_BREAKPOINT - 1 : LG_BREAKPOINT;
}

// The overlay drawer's open state on narrow screens: in memory, shared by the header and the menu.
let drawerOpen = false;
const drawerListeners = new Set<() => void>();

/** Opens or closes the narrow-screen menu drawer. */
export function setMenuDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  drawerListeners.forEach((l) => l());
}

function subscribeDrawer(l: () => void): () => void {
  drawerListeners.add(l);
  return () => drawerListeners.delete(l);
}

/**
 * The header's menu button (spec §4 "Menu collapsed or expanded is toggled by the user"): on a
 * wide screen it flips `menuSetting.collapsed`; on a narrow one it opens or closes the overlay
 * drawer and leaves the configured setting alone.
 */
export function toggleMenu(): void {
  if (narrowQuery()?.matches) setMenuDrawerOpen(!drawerOpen);
  else updateProjectConfig({ menuSetting: { collapsed: !getProjectConfig().menuSetting.collapsed } });
}

export interface MenuLayoutState extends MenuLayout {
  /** Narrow screens: whether the overlay drawer is open. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  /** Same as {@link toggleMenu}. */
  toggle: () => void;
}

/**
 * The side menu's layout now (spec §4, §9): below 992 px the menu is forced to sidebar, inline,
 * not split and becomes an overlay drawer; at 992 px and above the configured settings (type,
 * mode, split, collapsed, width) apply again as they were. Re-renders on breakpoint crossings,
 * config changes and drawer toggles.
 */
export function useMenuLayout(): MenuLayoutState {
  const setting = useProjectConfig((c) => c.menuSetting);
  const width = useSyncExternalStore(subscribeViewport, viewportWidth, () => LG_BREAKPOINT);
  const open = useSyncExternalStore(subscribeDrawer, () => drawerOpen);
  const layout = decideMenuLayout(setting, width);
  return { ...layout, drawerOpen: layout.overlay && open, setDrawerOpen: setMenuDrawerOpen, toggle: toggleMenu };
}
