import type { ProjectConfig } from '../../services/project-config';

/** Spec §9 breakpoints: LG 992; "mobile is below 992". */
export const LG_BREAKPOINT = 992;
/** Width of the collapsed side menu (icons only), px. */
export const MENU_COLLAPSED_WIDTH = 64;

type MenuSetting = Pick<ProjectConfig['menuSetting'], 'collapsed' | 'menuWidth' | 'type' | 'mode' | 'split'>;

/** The side menu as it is laid out now. Widths are CSS pixels. */
export interface MenuLayout {
  /** The viewport is below the large breakpoint. */
  narrow: boolean;
  type: ProjectConfig['menuSetting']['type'];
  mode: ProjectConfig['menuSetting']['mode'];
  split: boolean;
  /** Icons only (never on a narrow screen: the drawer shows the whole menu). */
  collapsed: boolean;
  /** The menu is an overlay drawer (narrow screens) instead of a column beside the content. */
  overlay: boolean;
  /** Width of the menu panel. */
  panelWidth: number;
  /** Width the layout reserves for the menu beside the content (0 for the overlay). */
  reservedWidth: number;
}

/** Spec §9: mobile is below 992 px. */
export function isNarrow(viewportWidth: number): boolean {
  return viewportWidth < LG_BREAKPOINT;
}

/**
 * Spec §4: below the large breakpoint the menu is forced to sidebar, inline, not split (and shown
 * as an overlay drawer); at or above it the configured settings apply. The forcing is a view over
 * the project config, never written to it, so the earlier settings come back as they were as soon
 * as the window is wide again, and a reload while narrow cannot lose them.
 */
export function decideMenuLayout(setting: MenuSetting, viewportWidth: number): MenuLayout {
  const width = Math.max(0, setting.menuWidth);
  if (isNarrow(viewportWidth)) {
    return { narrow: true, type: 'sidebar', mode: 'inline', split: false, collapsed: false, overlay: true, panelWidth: width, reservedWidth: 0 };
  }
  const panelWidth = setting.collapsed ? MENU_COLLAPSED_WIDTH : width;
  return {
    narrow: false,
    type: setting.type,
    mode: setting.mode,
    split: setting.split,
    collapsed: setting.collapsed,
    overlay: false,
    panelWidth,
    reservedWidth: panelWidth,
  };
}
