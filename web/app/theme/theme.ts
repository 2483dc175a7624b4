import { local, StorageKey } from '../../lib/storage';

export type ThemeMode = 'light' | 'dark';

/** The stored theme (spec §4: dark mode kept in local storage; a first visit starts light). */
export function storedTheme(): ThemeMode {
  return local.get<boolean>(StorageKey.darkMode, false) ? 'dark' : 'light';
}

/**
 * Applies a theme: swaps PrimeReact's light/dark stylesheet (the `#theme-link` the build emits)
 * and sets `<html data-theme>` for our own styles and the charts. Safe to call before React mounts.
 */
export function applyTheme(mode: ThemeMode): void {
  const link = document.getElementById('theme-link') as HTMLLinkElement | null;
  const href = link?.dataset[mode === 'dark' ? 'darkHref' : 'lightHref'];
  if (link && href && link.getAttribute('href') !== href) link.setAttribute('href', href);
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

/** Switches and remembers the theme (spec §4 "the toggle flips it"). */
export function setTheme(mode: ThemeMode): void {
  local.set(StorageKey.darkMode, mode === 'dark', null);
  applyTheme(mode);
}
