import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  applySavedProjectConfig,
  configDiff,
  DEFAULT_PROJECT_CONFIG,
  getProjectConfig,
  onProjectConfigSaved,
  mergeConfig,
  resetProjectConfig,
  subscribeProjectConfig,
  TRANSITIONS,
  updateProjectConfig,
  type ConfigPatch,
} from '../../web/services/project-config';
import { configPayload, settingButtonPlacement, themeColorError, THEME_COLOR_PRESETS, HEADER_BG_PRESETS, MENU_BG_PRESETS } from '../../web/app/settings/settings-rules';
import { local, StorageKey } from '../../web/lib/storage';
import { isHexColor } from '../../web/lib/color';
import zh from '../../web/i18n/locales/zh_CN/settings';
import en from '../../web/i18n/locales/en/settings';

vi.mock('../../web/i18n', () => ({ changeLocale: vi.fn(async () => {}) }));

beforeEach(() => {
  resetProjectConfig();
});

describe('spec §9 defaults', () => {
  test('the documented defaults', () => {
    const c = DEFAULT_PROJECT_CONFIG;
    expect(c.themeColor).toBe('#0960bd');
    expect(c.permissionMode).toBe('ROUTE_MAPPING');
    expect(c.sessionTimeoutProcessing).toBe('ROUTE_JUMP');
    expect(c.menuSetting).toMatchObject({ menuWidth: 210, type: 'sidebar', mode: 'inline', accordion: true, fixed: true });
    expect(c.headerSetting).toMatchObject({ fixed: true, bgColor: '#ffffff' });
    expect(c.multiTabsSetting).toMatchObject({ show: true, cache: true });
    expect(c.lockTime).toBe(0);
    expect(c.useErrorHandle).toBe(false);
    expect(c.reloadOnLocaleChange).toBe(false);
    expect(TRANSITIONS).toEqual(['zoom-fade', 'zoom-out', 'fade-slide', 'fade', 'fade-bottom', 'fade-scale']);
  });
});

describe('config merge', () => {
  test('a nested setting changes one field and keeps its siblings', () => {
    const next = mergeConfig(DEFAULT_PROJECT_CONFIG, { menuSetting: { collapsed: true }, themeColor: '#009688' });
    expect(next.menuSetting).toEqual({ ...DEFAULT_PROJECT_CONFIG.menuSetting, collapsed: true });
    expect(next.themeColor).toBe('#009688');
    expect(DEFAULT_PROJECT_CONFIG.menuSetting.collapsed).toBe(false);
  });
  test('values of the wrong kind, nulls and unknown keys (stale or hand-edited storage) are ignored', () => {
    const patch = {
      showLogo: 'yes',
      lockTime: null,
      menuSetting: { menuWidth: '300', collapsed: true },
      headerSetting: null,
      transitionSetting: ['fade'],
      removedLongAgo: true,
    } as unknown as ConfigPatch;
    const next = mergeConfig(DEFAULT_PROJECT_CONFIG, patch);
    expect(next.showLogo).toBe(true);
    expect(next.lockTime).toBe(0);
    expect(next.menuSetting.menuWidth).toBe(210);
    expect(next.menuSetting.collapsed).toBe(true);
    expect(next.headerSetting).toEqual(DEFAULT_PROJECT_CONFIG.headerSetting);
    expect(next.transitionSetting).toEqual(DEFAULT_PROJECT_CONFIG.transitionSetting);
    expect('removedLongAgo' in next).toBe(false);
  });
  test('no stored config reads as the defaults', () => {
    expect(mergeConfig(DEFAULT_PROJECT_CONFIG, null)).toEqual(DEFAULT_PROJECT_CONFIG);
  });
});

describe('live update, persistence and reset', () => {
  test('an update applies at once, notifies subscribers and is persisted', () => {
    const seen: string[] = [];
    const off = subscribeProjectConfig(() => seen.push(getProjectConfig().themeColor));
    updateProjectConfig({ themeColor: '#536dfe', grayMode: true });
    off();
    expect(seen).toEqual(['#536dfe']);
    expect(getProjectConfig()).toMatchObject({ themeColor: '#536dfe', grayMode: true });
    expect(local.get(StorageKey.projectConfig)).toMatchObject({ themeColor: '#536dfe', grayMode: true });
  });
  test('reset brings back the §9 defaults and persists them', () => {
    updateProjectConfig({ contentMode: 'fixed', multiTabsSetting: { show: false } });
    resetProjectConfig();
    expect(getProjectConfig()).toEqual(DEFAULT_PROJECT_CONFIG);
    expect(local.get(StorageKey.projectConfig)).toEqual(DEFAULT_PROJECT_CONFIG);
  });
});

describe('copy config', () => {
  test('the payload is the whole current config as indented JSON that merges back unchanged', () => {
    updateProjectConfig({ themeColor: '#ff9800', menuSetting: { menuWidth: 240 } });
    const text = configPayload(getProjectConfig());
    expect(text).toContain('\n  "themeColor": "#ff9800"');
    const parsed = JSON.parse(text) as ConfigPatch;
    expect(parsed).toEqual(getProjectConfig());
    expect(mergeConfig(DEFAULT_PROJECT_CONFIG, parsed)).toEqual(getProjectConfig());
  });
});

describe('spec §5 theme colour check in the drawer', () => {
  test.each(['#fff', '#0960bd', '#0960BD', ' #abc '])('%j is accepted', (v) => expect(themeColorError(v)).toBeNull());
  test.each(['#ff', '#ffff', '#0960b', '0960bd', '#xyz', 'blue', '#0960bdd'])('%j asks for a hex colour', (v) => expect(themeColorError(v)).toBe('settings.errors.hexColor'));
  test('an empty field asks for a colour', () => {
    expect(themeColorError('')).toBe('settings.errors.colorRequired');
    expect(themeColorError('   ')).toBe('settings.errors.colorRequired');
  });
  test('the messages exist in both languages and name the rule', () => {
    expect(zh.errors.hexColor).toMatch(/3 或 6/);
    expect(en.errors.hexColor).toMatch(/3 or 6 hex digits/);
    expect(zh.errors.colorRequired).toBeTruthy();
    expect(en.errors.colorRequired).toBeTruthy();
  });
  test('every swatch is a valid colour and the default theme colour comes first', () => {
    for (const c of [...THEME_COLOR_PRESETS, ...HEADER_BG_PRESETS, ...MENU_BG_PRESETS]) expect(isHexColor(c)).toBe(true);
    expect(THEME_COLOR_PRESETS[0]).toBe(DEFAULT_PROJECT_CONFIG.themeColor);
    expect(HEADER_BG_PRESETS[0]).toBe(DEFAULT_PROJECT_CONFIG.headerSetting.bgColor);
    expect(MENU_BG_PRESETS[0]).toBe(DEFAULT_PROJECT_CONFIG.menuSetting.bgColor);
  });
});

describe('settings button placement', () => {
  const base = DEFAULT_PROJECT_CONFIG;
  test("'auto' and 'header' sit in the header while it shows", () => {
    expect(settingButtonPlacement(base)).toBe('header');
    expect(settingButtonPlacement({ ...base, settingButtonPosition: 'header' })).toBe('header');
  });
  test("'fixed' floats at the right edge", () => expect(settingButtonPlacement({ ...base, settingButtonPosition: 'fixed' })).toBe('fixed'));
  test('without a header (full content) the button floats, so the drawer stays reachable', () => {
    expect(settingButtonPlacement({ ...base, fullContent: true })).toBe('fixed');
    expect(settingButtonPlacement({ ...base, headerSetting: { ...base.headerSetting, show: false } })).toBe('fixed');
  });
  test('showSettingButton off hides it', () => expect(settingButtonPlacement({ ...base, showSettingButton: false })).toBe('none'));
});

describe('every option label exists in both languages', () => {
  test('zh_CN and en settings packs have the same keys', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    expect(Object.keys(zh.options.transition)).toEqual([...TRANSITIONS]);
  });
});

describe('language switch with the reload option (spec §4)', () => {
  test('switching remembers the language and reloads only when the option is on', async () => {
    const { switchLocale } = await import('../../web/services/locale');
    const reload = vi.fn();
    await switchLocale('en', reload);
    expect(local.get(StorageKey.locale)).toBe('en');
    expect(reload).not.toHaveBeenCalled();
    updateProjectConfig({ reloadOnLocaleChange: true });
    await switchLocale('zh_CN', reload);
    expect(local.get(StorageKey.locale)).toBe('zh_CN');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the saved copy (preferences that follow the account)', () => {
  test('only what differs from the defaults is saved, and it reads back as the same config', () => {
    expect(configDiff(DEFAULT_PROJECT_CONFIG)).toEqual({});
    const c = updateProjectConfig({ themeColor: '#009688', menuSetting: { collapsed: true }, lockTime: 15 });
    expect(configDiff(c)).toEqual({ themeColor: '#009688', menuSetting: { collapsed: true }, lockTime: 15 });
    expect(mergeConfig(DEFAULT_PROJECT_CONFIG, configDiff(c))).toEqual(c);
  });

  test('the user’s changes are heard (a reset as null); the saved copy taken from the server is not', () => {
    const heard: unknown[] = [];
    const stop = onProjectConfigSaved((c) => heard.push(c && c.grayMode));
    updateProjectConfig({ grayMode: true });
    resetProjectConfig();
    applySavedProjectConfig({ grayMode: true, themeColor: 42 } as unknown as ConfigPatch);
    stop();
    expect(heard).toEqual([true, null]);
    expect(getProjectConfig()).toEqual({ ...DEFAULT_PROJECT_CONFIG, grayMode: true });
    expect(local.get(StorageKey.projectConfig)).toMatchObject({ grayMode: true });
  });
});
