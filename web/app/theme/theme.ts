// React-free and project-config-free on purpose: web/boot.ts bundles this file into the classic
// script that runs in <head> before first paint, and React would add 8 KB to it.
import { local, StorageKey } from '../../lib/storage';
import {
  DEFAULT_HEADER_BG,
  DEFAULT_MENU_BG,
  DEFAULT_THEME_COLOR,
  headerColors,
  menuColors,
  primaryPalette,
} from '../../lib/color';

export type ThemeMode = 'light' | 'dark';

/** The parts of the project config (spec §3) that colour the page. */
export interface Appearance {
  themeColor: string;
  headerBg: string;
  menuBg: string;
  grayMode: boolean;
  colorWeak: boolean;
}

/** Spec §9 defaults of {@link Appearance}. */
export const DEFAULT_APPEARANCE: Appearance = {
  themeColor: DEFAULT_THEME_COLOR,
  headerBg: DEFAULT_HEADER_BG,
  menuBg: DEFAULT_MENU_BG,
  grayMode: false,
  colorWeak: false,
};

/** The fields of a stored project config this module reads (any of them may be missing). */
interface StoredConfig {
  themeColor?: string;
  grayMode?: boolean;
  colorWeak?: boolean;
  headerSetting?: { bgColor?: string };
  menuSetting?: { bgColor?: string };
}

/** The appearance of a (possibly partial) project config, defaults filling the gaps. */
export function appearanceOf(config: StoredConfig | null | undefined): Appearance {
  return {
    themeColor: config?.themeColor ?? DEFAULT_APPEARANCE.themeColor,
    headerBg: config?.headerSetting?.bgColor ?? DEFAULT_APPEARANCE.headerBg,
    menuBg: config?.menuSetting?.bgColor ?? DEFAULT_APPEARANCE.menuBg,
    grayMode: config?.grayMode === true,
    colorWeak: config?.colorWeak === true,
  };
}

/** The appearance saved by the settings drawer (read straight from storage, for the boot script). */
export function storedAppearance(): Appearance {
  return appearanceOf(local.get<StoredConfig>(StorageKey.projectConfig));
}

/**
 * The `filter` of `<html>` for gray mode (`grayscale(100%)`) and colour-weak mode (`invert(80%)`);
 * both on = both filters, in that order; neither = ''.
 */
export function htmlFilter(grayMode: boolean, colorWeak: boolean): string {
  return [grayMode && 'grayscale(100%)', colorWeak && 'invert(80%)'].filter(Boolean).join(' ');
}

/** The stored theme (spec §4: dark mode kept in local storage; a first visit starts light). */
export function storedTheme(): ThemeMode {
  return local.get<boolean>(StorageKey.darkMode, false) ? 'dark' : 'light';
}

/**
 * Swaps PrimeReact's light/dark sheet (the `#theme-link` the build emits, with both URLs in its data
 * attributes). Before first paint the href is changed in place (the parser treats it as blocking);
 * afterwards the new sheet is loaded beside the old one, which is removed once the new one applies,
 * so a switch never shows an unstyled page. `data-theme` flips at once, so our own styles switch
 * first and PrimeReact's follow as soon as their sheet arrives (cached after the first switch).
 */
function swapThemeSheet(mode: ThemeMode): void {
  const link = document.getElementById('theme-link') as HTMLLinkElement | null;
  const href = link?.dataset[mode === 'dark' ? 'darkHref' : 'lightHref'];
  if (!link || !href) return;
  const pending = document.getElementById('theme-link-next') as HTMLLinkElement | null;
  if (link.getAttribute('href') === href) {
    pending?.remove();
    return;
  }
  if (document.readyState === 'loading') {
    link.setAttribute('href', href);
    return;
  }
  pending?.remove();
  const next = link.cloneNode() as HTMLLinkElement;
  next.id = 'theme-link-next';
  next.setAttribute('href', href);
  next.addEventListener(
    'load',
    () => {
      if (!next.isConnected) return;
      link.remove();
      next.id = 'theme-link';
    },
    { once: true },
  );
  // A sheet that fails to load leaves the current one in place rather than an unstyled page.
  next.addEventListener('error', () => next.remove(), { once: true });
  link.after(next);
}

/**
 * Applies a theme mode and an appearance to the document (spec §4 "Theme", §9 colours):
 * - the PrimeReact light/dark sheet and `<html data-theme>` / `color-scheme`;
 * - the theme colour as the `--primary-*` family (see `primaryPalette`), which
 *   `web/app/theme/primary.css` feeds into lara's components;
 * - header and menu backgrounds with their shades as `--header-bg`, `--header-hover-bg`, `--menu-bg`,
 *   `--menu-sub-bg` (darker 6 %), `--menu-hover-bg` (lighter 5 %), and their computed themes as
 *   `<html data-header-theme|data-menu-theme>`;
 * - gray mode / colour weak as a `filter` on `<html>`.
 * Safe to call before React mounts; idempotent.
 */
export function applyTheme(mode: ThemeMode, appearance: Appearance = storedAppearance()): void {
  const dark = mode === 'dark';
  const root = document.documentElement;
  swapThemeSheet(mode);
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  for (const [name, value] of Object.entries(primaryPalette(appearance.themeColor, dark))) root.style.setProperty(name, value);
  const header = headerColors(appearance.headerBg, dark);
  const menu = menuColors(appearance.menuBg, dark);
  root.style.setProperty('--header-bg', header.bg);
  root.style.setProperty('--header-hover-bg', header.hover);
  root.style.setProperty('--menu-bg', menu.bg);
  root.style.setProperty('--menu-sub-bg', menu.darker);
  root.style.setProperty('--menu-hover-bg', menu.lighter);
  root.dataset.headerTheme = header.theme;
  root.dataset.menuTheme = menu.theme;
  root.style.filter = htmlFilter(appearance.grayMode, appearance.colorWeak);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', root.style.getPropertyValue('--primary-color'));
}

let current: ThemeMode | null = null;
const listeners = new Set<() => void>();

/** The theme mode in effect (the stored one until {@link setTheme} changes it). */
export function getTheme(): ThemeMode {
  return (current ??= storedTheme());
}

/** Subscribes to theme mode changes; returns the unsubscribe function. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Switches and remembers the theme (spec §4 "the toggle flips it and refreshes header and menu
 * colours"); `appearance` defaults to the stored one.
 */
export function setTheme(mode: ThemeMode, appearance?: Appearance): void {
  local.set(StorageKey.darkMode, mode === 'dark', null);
  current = mode;
  applyTheme(mode, appearance);
  listeners.forEach((l) => l());
}
