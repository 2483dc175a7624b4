import { beforeAll, describe, expect, test } from 'vitest';
import { provideSessionActor } from '../../web/services/session';
import { createSessionActor } from '../../web/app/session';
import { updateProjectConfig } from '../../web/services/project-config';
import { runTabAction, tabs, tabsActor } from '../../web/app/tabs/tabs-store';
import { TABS_DISABLED_MESSAGE, TabsDisabledError } from '../../web/machines/tabs.machine';

// The shell provides the session actor at boot (web/main.tsx); the tabs store follows its sign-out.
beforeAll(() => provideSessionActor(() => createSessionActor([])));

describe('the app tab actions follow the multi-tab setting (spec §5)', () => {
  test('with multi-tab off, every page-facing tab action throws the exact §5 message', () => {
    updateProjectConfig({ multiTabsSetting: { show: false } });
    const attempts = [tabs.refreshPage, tabs.closeCurrent, () => tabs.close('/x'), tabs.closeLeft, tabs.closeRight, tabs.closeOther, tabs.closeAll];
    for (const attempt of attempts) {
      expect(attempt).toThrow(TabsDisabledError);
      expect(attempt).toThrow(/^The multi-tab page is currently not open, please open it in the settings！$/);
    }
    expect(tabsActor().getSnapshot().value).toBe('disabled');
  });

  test('switching multi-tab on in the settings makes them work (no throw)', () => {
    updateProjectConfig({ multiTabsSetting: { show: true } });
    expect(tabsActor().getSnapshot().value).toBe('enabled');
    expect(() => runTabAction('refresh')).not.toThrow();
  });
});

describe('the §5 message in both languages', () => {
  test('English shows the exact text; Chinese a translation of it', async () => {
    const en = (await import('../../web/i18n/locales/en/tabs')).default;
    const zh = (await import('../../web/i18n/locales/zh_CN/tabs')).default;
    expect(en.disabled).toBe(TABS_DISABLED_MESSAGE);
    expect(zh.disabled).toBe('当前未开启多标签页，请在设置中开启！');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
});
