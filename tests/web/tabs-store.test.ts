import { beforeAll, describe, expect, test } from 'vitest';
import { provideSessionActor } from '../../web/services/session';
import { createSessionActor } from '../../web/app/session';
import { updateProjectConfig } from '../../web/services/project-config';
import { runTabAction, tabs, tabsActor } from '../../web/app/tabs/tabs-store';
import { TABS_DISABLED_MESSAGE, TabsDisabledError, type Tab } from '../../web/machines/tabs.machine';
import { closePageTab } from '../../web/services/page-tab';

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

describe('a page closes its own tab once it has moved on (a page-mode form after its save)', () => {
  const tab = (path: string, title: string): Tab => ({ path, fullPath: path, name: title, params: {}, query: {}, meta: { title } });
  const keys = () => tabsActor().getSnapshot().context.tabs.map((t) => t.path);

  test('asked while still active, the tab closes when the next location opens its tab, which stays active', () => {
    updateProjectConfig({ multiTabsSetting: { show: true } });
    const a = tabsActor();
    a.send({ type: 'tab.reset' });
    a.send({ type: 'tab.open', tab: tab('/goods/index', 'GoodsIndex') });
    a.send({ type: 'tab.open', tab: tab('/games/index', 'GamesIndex') });
    a.send({ type: 'tab.open', tab: tab('/goods/add', 'GoodsAdd') });
    closePageTab('/goods/add');
    // Not closed while it is the one shown: closing the active tab would move to the previous one (/games/index).
    expect(keys()).toEqual(['/goods/index', '/games/index', '/goods/add']);
    a.send({ type: 'tab.open', tab: tab('/goods/index', 'GoodsIndex') });
    expect(keys()).toEqual(['/goods/index', '/games/index']);
    expect(a.getSnapshot().context.activeKey).toBe('/goods/index');
    // Done: a later move closes nothing more.
    a.send({ type: 'tab.open', tab: tab('/games/index', 'GamesIndex') });
    expect(keys()).toEqual(['/goods/index', '/games/index']);
  });

  test('asked when another tab is active already, it closes at once; with multi-tab off nothing happens (no §5 toast)', () => {
    const a = tabsActor();
    a.send({ type: 'tab.open', tab: tab('/goods/add', 'GoodsAdd') });
    a.send({ type: 'tab.open', tab: tab('/goods/index', 'GoodsIndex') });
    closePageTab('/goods/add');
    expect(keys()).toEqual(['/goods/index', '/games/index']);
    updateProjectConfig({ multiTabsSetting: { show: false } });
    expect(() => closePageTab('/goods/index')).not.toThrow();
    expect(a.getSnapshot().value).toBe('disabled');
    updateProjectConfig({ multiTabsSetting: { show: true } });
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
