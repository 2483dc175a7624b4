import { isHexColor } from '../../lib/color';
import type { ProjectConfig } from '../../services/project-config';

/** Theme colour swatches of the settings drawer (the reference console's presets; the first is the §9 default). */
export const THEME_COLOR_PRESETS = ['#0960bd', '#0084f4', '#009688', '#536dfe', '#ff5c93', '#ee4f12', '#0096c7', '#9c27b0', '#ff9800'] as const;
/** Header background swatches (white first: the §9 light header). */
export const HEADER_BG_PRESETS = ['#ffffff', '#151515', '#009688', '#5172dc', '#018ffb', '#409eff', '#e74c3c', '#24292e', '#394664', '#001529', '#383f45'] as const;
/** Side-menu background swatches (the default dark menu first). */
export const MENU_BG_PRESETS = ['#001529', '#212121', '#273352', '#ffffff', '#191b24', '#191a23', '#304156', '#001628', '#28333e', '#344058', '#383f45'] as const;

/** Spec §9 menu width and the range the drawer allows around it (px). */
export const MENU_WIDTH_RANGE = { min: 160, max: 320, step: 10 } as const;
/** Lock time range in minutes (0 = never, spec §9). */
export const LOCK_TIME_RANGE = { min: 0, max: 1440 } as const;

/**
 * Checks a typed theme colour (spec §5: `#` and 3 or 6 hex digits; surrounding spaces ignored).
 * Returns null when valid, else the i18n key of the message to show beside the field.
 */
export function themeColorError(input: string): 'settings.errors.colorRequired' | 'settings.errors.hexColor' | null {
  const v = input.trim();
  if (!v) return 'settings.errors.colorRequired';
  return isHexColor(v) ? null : 'settings.errors.hexColor';
}

/**
 * The text "copy config" puts on the clipboard: the whole current project config (spec §3) as
 * indented JSON, which `mergeConfig` reads back unchanged.
 */
export function configPayload(config: ProjectConfig): string {
  return JSON.stringify(config, null, 2);
}

/**
 * Where the settings button sits: in the header, floating at the right edge ('fixed'), or nowhere.
 * 'auto' means the header while the header shows, otherwise floating, so the drawer always stays
 * reachable in full-content mode.
 */
export function settingButtonPlacement(config: Pick<ProjectConfig, 'showSettingButton' | 'settingButtonPosition' | 'fullContent' | 'headerSetting'>): 'header' | 'fixed' | 'none' {
  if (!config.showSettingButton) return 'none';
  const headerShown = !config.fullContent && config.headerSetting.show;
  if (config.settingButtonPosition === 'fixed') return 'fixed';
  return headerShown ? 'header' : 'fixed';
}
