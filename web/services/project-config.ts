import { useSyncExternalStore } from 'react';
import { local, StorageKey } from '../lib/storage';
import { DEFAULT_HEADER_BG, DEFAULT_MENU_BG, DEFAULT_THEME_COLOR } from '../lib/color';

/** Spec §6 permission modes. */
export type PermissionMode = 'ROLE' | 'ROUTE_MAPPING' | 'BACK';
/** Spec §9 page transitions. */
export const TRANSITIONS = ['zoom-fade', 'zoom-out', 'fade-slide', 'fade', 'fade-bottom', 'fade-scale'] as const;
export type Transition = (typeof TRANSITIONS)[number];
/** Behaviour notes "Session and guard": route jump (default) or a login cover over the page. */
export type SessionTimeoutProcessing = 'ROUTE_JUMP' | 'PAGE_COVERAGE';

/**
 * Project config (spec §3 "Project config"), every field editable in the settings drawer. It is
 * kept per user on the server (web/services/preferences.ts) and cached in local storage, which
 * the shell reads at start before the server's copy arrives. Defaults are spec §9's.
 */
export interface ProjectConfig {
  permissionMode: PermissionMode;
  sessionTimeoutProcessing: SessionTimeoutProcessing;
  /** Hex colour, `#rgb` or `#rrggbb` (spec §5). */
  themeColor: string;
  colorWeak: boolean;
  grayMode: boolean;
  headerSetting: { bgColor: string; fixed: boolean; show: boolean; showFullScreen: boolean; showSearch: boolean; showLocalePicker: boolean };
  menuSetting: {
    bgColor: string;
    collapsed: boolean;
    /** Spec §9: 210. */
    menuWidth: number;
    type: 'sidebar' | 'mix';
    mode: 'inline' | 'vertical';
    accordion: boolean;
    split: boolean;
    fixed: boolean;
  };
  transitionSetting: { enable: boolean; openNProgress: boolean; openPageLoading: boolean; basicTransition: Transition };
  multiTabsSetting: { show: boolean; cache: boolean; showQuick: boolean; showRedo: boolean; showFold: boolean };
  /** Minutes of no activity before the screen locks; 0 = never (spec §9). */
  lockTime: number;
  showLogo: boolean;
  showFooter: boolean;
  showBreadCrumb: boolean;
  showBreadCrumbIcon: boolean;
  contentMode: 'full' | 'fixed';
  openKeepAlive: boolean;
  useErrorHandle: boolean;
  showDarkModeToggle: boolean;
  canEmbedIFramePage: boolean;
  useOpenBackTop: boolean;
  showSettingButton: boolean;
  settingButtonPosition: 'auto' | 'header' | 'fixed';
  fullContent: boolean;
  /** Spec §4 "a reload option reloads the page": reload after switching the language. */
  reloadOnLocaleChange: boolean;
  /**
   * Keyboard shortcuts, each switchable: search (Ctrl/⌘K and `/`), lock (Alt+L), the help dialog
   * (`?`), rows (J/K or ↓/↑ move between a list's rows, Enter opens the row).
   */
  shortcutSetting: { search: boolean; lock: boolean; help: boolean; rows: boolean };
  /**
   * The watermark (operator's name and time) over screens with members' personal data or codes.
   * Only administrators may switch it off; for every other account it shows whatever this says.
   */
  showWatermark: boolean;
}

/** Spec §9 defaults. */
export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  permissionMode: 'ROUTE_MAPPING',
  sessionTimeoutProcessing: 'ROUTE_JUMP',
  themeColor: DEFAULT_THEME_COLOR,
  colorWeak: false,
  grayMode: false,
  headerSetting: { bgColor: DEFAULT_HEADER_BG, fixed: true, show: true, showFullScreen: true, showSearch: true, showLocalePicker: true },
  menuSetting: { bgColor: DEFAULT_MENU_BG, collapsed: false, menuWidth: 210, type: 'sidebar', mode: 'inline', accordion: true, split: false, fixed: true },
  transitionSetting: { enable: true, openNProgress: true, openPageLoading: true, basicTransition: 'fade-slide' },
  multiTabsSetting: { show: true, cache: true, showQuick: true, showRedo: true, showFold: true },
  lockTime: 0,
  showLogo: true,
  showFooter: true,
  showBreadCrumb: true,
  showBreadCrumbIcon: false,
  contentMode: 'full',
  openKeepAlive: true,
  useErrorHandle: false,
  showDarkModeToggle: true,
  canEmbedIFramePage: true,
  useOpenBackTop: true,
  showSettingButton: true,
  settingButtonPosition: 'auto',
  fullContent: false,
  reloadOnLocaleChange: false,
  shortcutSetting: { search: true, lock: true, help: true, rows: true },
  showWatermark: true,
};

/** Deep partial for patches: nested settings can be changed one field at a time. */
export type ConfigPatch = { [K in keyof ProjectConfig]?: ProjectConfig[K] extends object ? Partial<ProjectConfig[K]> : ProjectConfig[K] };

function sameKind(a: unknown, b: unknown): boolean {
  if (a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  return typeof a === typeof b;
}

/**
 * Merges a patch into a config, nested settings one level deep (as the config is shaped). A patch
 * value whose kind differs from the base's (a string where a boolean belongs, null, an unknown key
 * from an older stored shape) is ignored, so hand-edited or stale storage can never break the shell.
 */
export function mergeConfig(base: ProjectConfig, patch: ConfigPatch | null | undefined): ProjectConfig {
  const out = { ...base } as Record<string, unknown>;
  if (!patch || typeof patch !== 'object') return base;
  for (const [k, v] of Object.entries(patch)) {
    const cur = (base as unknown as Record<string, unknown>)[k];
    if (!sameKind(cur, v)) continue;
    if (typeof cur === 'object') {
      const nested = { ...(cur as Record<string, unknown>) };
      for (const [nk, nv] of Object.entries(v as Record<string, unknown>)) if (sameKind(nested[nk], nv)) nested[nk] = nv;
      out[k] = nested;
    } else out[k] = v;
  }
  return out as unknown as ProjectConfig;
}

let current: ProjectConfig = mergeConfig(DEFAULT_PROJECT_CONFIG, local.get<ConfigPatch>(StorageKey.projectConfig));
const listeners = new Set<() => void>();
const saveListeners = new Set<(config: ProjectConfig | null) => void>();

/** The current config (outside React). */
export function getProjectConfig(): ProjectConfig {
  return current;
}

function replace(next: ProjectConfig): void {
  current = next;
  local.set(StorageKey.projectConfig, current);
  listeners.forEach((l) => l());
}

/** Applies a patch live, persists it, notifies subscribers and tells the save listeners the new config. */
export function updateProjectConfig(patch: ConfigPatch): ProjectConfig {
  replace(mergeConfig(current, patch));
  saveListeners.forEach((l) => l(current));
  return current;
}

/**
 * Back to the §9 defaults (persisted; the save listeners hear null: the user's saved copy goes).
 * The dark-mode switch and the language are kept apart and stay.
 */
export function resetProjectConfig(): ProjectConfig {
  replace(DEFAULT_PROJECT_CONFIG);
  saveListeners.forEach((l) => l(null));
  return current;
}

/**
 * Takes the user's saved config (a patch over the defaults, as {@link configDiff} writes it; read
 * with {@link mergeConfig}'s tolerance) as the current one: persisted locally and shown, but not
 * saved again (the save listeners do not hear it).
 */
export function applySavedProjectConfig(saved: ConfigPatch): ProjectConfig {
  replace(mergeConfig(DEFAULT_PROJECT_CONFIG, saved));
  return current;
}

/**
 * Hears every change the user makes (updates: the new config; a reset: null), not the ones taken
 * from the saved copy ({@link applySavedProjectConfig}); answers the unsubscribe function.
 */
export function onProjectConfigSaved(l: (config: ProjectConfig | null) => void): () => void {
  saveListeners.add(l);
  return () => saveListeners.delete(l);
}

/**
 * The fields of `config` that differ from the §9 defaults, nested settings field by field: what
 * the user chose, so a default changed in a later release reaches every field they never touched.
 * `mergeConfig(DEFAULT_PROJECT_CONFIG, configDiff(c))` equals `c`.
 */
export function configDiff(config: ProjectConfig): ConfigPatch {
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(DEFAULT_PROJECT_CONFIG) as [string, unknown][]) {
    const v = (config as unknown as Record<string, unknown>)[k];
    if (d !== null && typeof d === 'object') {
      const nested: Record<string, unknown> = {};
      for (const [nk, nd] of Object.entries(d as Record<string, unknown>)) {
        const nv = (v as Record<string, unknown>)[nk];
        if (nv !== nd) nested[nk] = nv;
      }
      if (Object.keys(nested).length) out[k] = nested;
    } else if (v !== d) out[k] = v;
  }
  return out as ConfigPatch;
}

/** Subscribes to config changes (patches and resets); returns the unsubscribe function. */
export function subscribeProjectConfig(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The config, or a slice of it, re-rendering when it changes. */
export function useProjectConfig(): ProjectConfig;
export function useProjectConfig<T>(select: (c: ProjectConfig) => T): T;
export function useProjectConfig<T>(select?: (c: ProjectConfig) => T): T | ProjectConfig {
  return useSyncExternalStore(subscribeProjectConfig, () => (select ? select(current) : current));
}
