import { useEffect, useSyncExternalStore } from 'react';
import { getProjectConfig, useProjectConfig } from '../../services/project-config';
import { appearanceOf, applyTheme, getTheme, setTheme, subscribeTheme, type ThemeMode } from './theme';

/** The theme mode in effect, re-rendering when any toggle switches it. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribeTheme, getTheme);
}

/** Flips light/dark, remembers it, and recolours header and menu (spec §4). */
export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark', appearanceOf(getProjectConfig()));
}

/**
 * Keeps the document's colours in step with the project config while the shell is mounted: a
 * theme colour, header or menu colour, gray mode or colour weak set in the settings drawer (or a
 * reset) applies at once (spec §3 "applied live").
 */
export function useThemeSync(): void {
  const themeColor = useProjectConfig((c) => c.themeColor);
  const headerBg = useProjectConfig((c) => c.headerSetting.bgColor);
  const menuBg = useProjectConfig((c) => c.menuSetting.bgColor);
  const grayMode = useProjectConfig((c) => c.grayMode);
  const colorWeak = useProjectConfig((c) => c.colorWeak);
  const mode = useThemeMode();
  useEffect(() => {
    applyTheme(mode, { themeColor, headerBg, menuBg, grayMode, colorWeak });
  }, [mode, themeColor, headerBg, menuBg, grayMode, colorWeak]);
}
