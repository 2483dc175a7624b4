import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  TABS_DISABLED_MESSAGE,
  TabsDisabledError,
  NEVER_TAB_PATHS,
  addTab,
  closeAllTabs,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  isTabbable,
  sanitizeTabs,
  setRecordTitle,
  tabKey,
  tabPageKey,
  tabsMachine,
  withAffixTabs,
  type Tab,
  type TabList,
  type TabMeta,
} from '../../web/machines/tabs.machine';
import { EXCEPTION_PATH, LOGIN_PATH, REDIRECT_PREFIX } from '../../web/services/guard';
import { REDIRECT_PATH_PREFIX } from '../../web/machines/tabs.machine';

/** A tab for `fullPath` (`/a/b?x=1`), named after its path unless told. */
function tab(fullPath: string, meta: Partial<TabMeta> = {}, name?: string): Tab {
  const [path, qs = ''] = fullPath.split('?');
  return {
    path,
    fullPath,
    name: name ?? path.split('/').filter(Boolean).join('-'),
    params: {},
    query: Object.fromEntries(new URLSearchParams(qs)),
    meta: { title: `routes${path.replace(/\//g, '.')}`, ...meta },
  };
}
const HOME = tab('/home/work', { affix: true });
const A = tab('/order/index');
const B = tab('/goods/list');
const C = tab('/game/list');
const keys = (l: TabList) => l.tabs.map(tabKey);
const list = (tabs: Tab[], active: Tab | null): TabList => ({ tabs, activeKey: active ? tabKey(active) : null });

describe('tab keys and what may be a tab (behaviour notes, spec §2)', () => {
  test('the key is the full path when there is a query, otherwise the path', () => {
    expect(tabKey(tab('/order/index'))).toBe('/order/index');
    expect(tabKey(tab('/order/index?status=1'))).toBe('/order/index?status=1');
  });

  test('login, the error page, redirects and nameless locations are never tabs', () => {
    expect(NEVER_TAB_PATHS).toEqual(expect.arrayContaining([LOGIN_PATH, EXCEPTION_PATH]));
    expect(REDIRECT_PATH_PREFIX).toBe(REDIRECT_PREFIX);
    expect(isTabbable(tab('/login'))).toBe(false);
    expect(isTabbable(tab('/exception?status=500'))).toBe(false);
    expect(isTabbable(tab('/redirect/order/index'))).toBe(false);
    expect(isTabbable(tab('/no/such/page', {}, ''))).toBe(false);
    expect(isTabbable(A)).toBe(true);
    const before = list([HOME, A], A);
    const after = addTab(before, tab('/login'));
    expect(after.tabs).toBe(before.tabs);
    expect(after.activeKey).toBeNull();
  });
});

describe('adding tabs (spec §4 "Tab list")', () => {
  test('a new tab is appended and becomes active', () => {
    const out = addTab(list([HOME], HOME), A);
    expect(keys(out)).toEqual(['/home/work', '/order/index']);
    expect(out.activeKey).toBe('/order/index');
  });

  test('opening an open key updates that tab in place (params, query, title) and keeps its position', () => {
    const open = list([HOME, A, B], B);
    const renamed = { ...A, params: { id: '7' }, meta: { ...A.meta, title: 'routes.order.renamed' } };
    const out = addTab(open, renamed);
    expect(keys(out)).toEqual(['/home/work', '/order/index', '/goods/list']);
    expect(out.tabs[1].params).toEqual({ id: '7' });
    expect(out.tabs[1].meta.title).toBe('routes.order.renamed');
    expect(out.activeKey).toBe('/order/index');
  });

  test('re-opening an unchanged tab returns the same list (nothing to persist)', () => {
    const open = list([HOME, A], HOME);
    expect(addTab(open, { ...A }).tabs).toBe(open.tabs);
  });

  test('the same path with different queries gives different tabs', () => {
    const out = addTab(addTab(list([HOME], HOME), tab('/order/index?status=1')), tab('/order/index?status=2'));
    expect(keys(out)).toEqual(['/home/work', '/order/index?status=1', '/order/index?status=2']);
  });

  test('an updated affix tab stays affix', () => {
    const out = addTab(list([HOME], null), tab('/home/work', { title: 'x' }));
    expect(out.tabs[0].meta.affix).toBe(true);
  });
});

describe('dynamicLevel (spec §4)', () => {
  const detail = (id: number) => tab(`/order/detail/${id}`, { dynamicLevel: 2, realPath: '/order/detail/:id' });

  test('when that many tabs share the real path, the earliest of them is removed first', () => {
    let l = list([HOME, A], A);
    l = addTab(l, detail(1));
    l = addTab(l, B);
    l = addTab(l, detail(2));
    expect(keys(l)).toEqual(['/home/work', '/order/index', '/order/detail/1', '/goods/list', '/order/detail/2']);
    l = addTab(l, detail(3));
    expect(keys(l)).toEqual(['/home/work', '/order/index', '/goods/list', '/order/detail/2', '/order/detail/3']);
    expect(l.activeKey).toBe('/order/detail/3');
  });

  test('dynamicLevel 1 keeps one tab per route, which follows the query in place', () => {
    const typeList = (q: string) => tab(`/feedback/type?${q}`, { dynamicLevel: 1, realPath: '/feedback/type' });
    let l = list([HOME, A], A);
    l = addTab(l, typeList('pageNum=1'));
    l = addTab(l, B);
    l = addTab(l, typeList('pageNum=2&typeName=x'));
    expect(l.tabs.map((t) => t.fullPath)).toEqual(['/home/work', '/order/index', '/feedback/type?pageNum=2&typeName=x', '/goods/list']);
    expect(l.activeKey).toBe('/feedback/type?pageNum=2&typeName=x');
  });

  test('dynamicLevel 0 or absent never evicts', () => {
    let l = list([], null);
    for (let i = 0; i < 5; i++) l = addTab(l, tab(`/x/${i}`, { dynamicLevel: 0, realPath: '/x/:id' }));
    expect(l.tabs).toHaveLength(5);
  });
});

describe('affix tabs (spec §2: the home path is pinned)', () => {
  test('affix tabs go first, merging with an open tab of the same key', () => {
    const out = withAffixTabs(list([A, tab('/home/work')], A), [HOME]);
    expect(keys(out)).toEqual(['/home/work', '/order/index']);
    expect(out.tabs[0].meta.affix).toBe(true);
    expect(out.activeKey).toBe('/order/index');
  });

  test('a tab that was affix for someone else drops out; same affix list → same array', () => {
    const other = tab('/dashboard/analysis', { affix: true });
    const out = withAffixTabs(list([other, A], A), [HOME]);
    expect(keys(out)).toEqual(['/home/work', '/order/index']);
    expect(withAffixTabs(out, [HOME]).tabs).toBe(out.tabs);
  });
});

describe('closing tabs (spec §2 "Multi-tab navigation")', () => {
  test('affix tabs never close, by any action', () => {
    const l = list([HOME, A, B], HOME);
    expect(closeTab(l, '/home/work', '/home/work').tabs).toBe(l.tabs);
    expect(keys(closeLeftTabs(l, '/goods/list'))).toEqual(['/home/work', '/goods/list']);
    expect(keys(closeRightTabs(l, '/order/index'))).toEqual(['/home/work', '/order/index']);
    expect(keys(closeOtherTabs(l, '/goods/list'))).toEqual(['/home/work', '/goods/list']);
    expect(keys(closeAllTabs(l, '/home/work'))).toEqual(['/home/work']);
  });

  test('closing a tab that is not the current one only removes it', () => {
    const out = closeTab(list([HOME, A, B], B), '/order/index', '/home/work');
    expect(keys(out)).toEqual(['/home/work', '/goods/list']);
    expect(out.activeKey).toBe('/goods/list');
    expect(out.navigateTo).toBeUndefined();
  });

  test('closing the current tab goes to the previous tab', () => {
    const out = closeTab(list([HOME, A, B], B), '/goods/list', '/home/work');
    expect(out).toMatchObject({ activeKey: '/order/index', navigateTo: '/order/index' });
  });

  test('…to the next tab if it was the first', () => {
    const out = closeTab(list([A, B, C], A), '/order/index', '/home/work');
    expect(keys(out)).toEqual(['/goods/list', '/game/list']);
    expect(out).toMatchObject({ activeKey: '/goods/list', navigateTo: '/goods/list' });
  });

  test('…to home if it was the only one', () => {
    const out = closeTab(list([A], A), '/order/index', '/dashboard/analysis');
    expect(out).toEqual({ tabs: [], activeKey: null, navigateTo: '/dashboard/analysis' });
  });

  test('the target keeps its query (navigation goes to the full path)', () => {
    const q = tab('/order/index?status=1');
    expect(closeTab(list([HOME, q, B], B), '/goods/list', '/home/work').navigateTo).toBe('/order/index?status=1');
  });

  test('close left / right / other act on the given tab and make it active', () => {
    const l = list([HOME, A, B, C], C);
    expect(closeLeftTabs(l, '/goods/list')).toMatchObject({ activeKey: '/goods/list', navigateTo: '/goods/list' });
    expect(keys(closeLeftTabs(l, '/goods/list'))).toEqual(['/home/work', '/goods/list', '/game/list']);
    expect(keys(closeRightTabs(l, '/order/index'))).toEqual(['/home/work', '/order/index']);
    expect(closeRightTabs(l, '/order/index').navigateTo).toBe('/order/index');
    expect(keys(closeOtherTabs(l, '/order/index'))).toEqual(['/home/work', '/order/index']);
    // Acting on the tab that is already active does not navigate.
    expect(closeLeftTabs(l, '/game/list').navigateTo).toBeUndefined();
    // An unknown key changes nothing.
    expect(closeOtherTabs(l, '/nope')).toBe(l);
  });

  test('close all goes to the last remaining tab', () => {
    const pinned2 = tab('/dashboard/analysis', { affix: true });
    const out = closeAllTabs(list([HOME, pinned2, A, B], B), '/home/work');
    expect(keys(out)).toEqual(['/home/work', '/dashboard/analysis']);
    expect(out).toMatchObject({ activeKey: '/dashboard/analysis', navigateTo: '/dashboard/analysis' });
  });

  test('close all goes home when no tab remains, and stays put when already on the last remaining tab', () => {
    expect(closeAllTabs(list([A, B], A), '/home/work')).toEqual({ tabs: [], activeKey: null, navigateTo: '/home/work' });
    expect(closeAllTabs(list([HOME, A], HOME), '/home/work').navigateTo).toBeUndefined();
  });
});

describe('record tabs: one tab per record of a record screen', () => {
  const detail = (id: number) => tab(`/order/detail?id=${id}`, { dynamicLevel: 10, realPath: '/order/detail' });
  const title = (orderNo: string) => ({ key: 'order.detailTitle', values: { orderNo } });

  test('two records open two tabs, each its own page; opening an open record switches to its tab', () => {
    let list: TabList = { tabs: [HOME, A], activeKey: '/order/index' };
    list = addTab(list, detail(1));
    list = addTab(list, detail(2));
    expect(list.tabs.map(tabKey)).toEqual(['/home/work', '/order/index', '/order/detail?id=1', '/order/detail?id=2']);
    expect(list.tabs.slice(2).map(tabPageKey)).toEqual(['/order/detail?id=1', '/order/detail?id=2']);
    // A list's tabs share one page per path whatever their query.
    expect(tabPageKey(tab('/order/index?status=1', { dynamicLevel: 1 }))).toBe('/order/index');
    const again = addTab(list, detail(1));
    expect(again.tabs).toBe(list.tabs);
    expect(again.activeKey).toBe('/order/detail?id=1');
  });

  test("a record's title stays with its tab when the route opens it again, and is read back after a reload", () => {
    let list: TabList = addTab({ tabs: [HOME], activeKey: null }, detail(1));
    list = setRecordTitle(list, '/order/detail?id=1', title('O1'));
    expect(setRecordTitle(list, '/order/detail?id=1', title('O1'))).toBe(list);
    expect(setRecordTitle(list, '/order/detail?id=9', title('O9'))).toBe(list);
    list = addTab(addTab(list, A), detail(1));
    expect(list.tabs[1].meta.recordTitle).toEqual(title('O1'));
    const back = sanitizeTabs(JSON.parse(JSON.stringify(list.tabs)));
    expect(back[1].meta.recordTitle).toEqual(title('O1'));
    expect(sanitizeTabs([{ ...detail(1), meta: { ...detail(1).meta, recordTitle: { key: 1 } } }])[0].meta.recordTitle).toBeUndefined();
  });

  test('a bare record screen (no record in its query) gives its place to the record it then names', () => {
    const bare = tab('/order/detail', { dynamicLevel: 10, realPath: '/order/detail' });
    const list = addTab(addTab({ tabs: [HOME], activeKey: null }, bare), A);
    expect(addTab(list, detail(3)).tabs.map(tabKey)).toEqual(['/home/work', '/order/detail?id=3', '/order/index']);
  });

  test('refresh remounts only the record shown', () => {
    const h = harness();
    h.actor.send({ type: 'tab.open', tab: detail(1) });
    h.actor.send({ type: 'tab.open', tab: detail(2) });
    h.actor.send({ type: 'tab.refresh' });
    expect(h.ctx().refreshCount).toEqual({ '/order/detail?id=2': 1 });
    h.actor.send({ type: 'tab.title', key: '/order/detail?id=1', title: title('O1') });
    expect(h.ctx().tabs[0].meta.recordTitle).toEqual(title('O1'));
  });
});

describe('persisted tabs are read defensively', () => {
  test('well-formed tabbable tabs with distinct keys survive; the rest is dropped', () => {
    const raw = [HOME, A, { ...A }, { path: 3 }, null, tab('/login'), { ...B, meta: { title: 1 } }, { ...B, params: { x: 1, y: 'y' } }];
    const out = sanitizeTabs(raw);
    expect(out.map(tabKey)).toEqual(['/home/work', '/order/index', '/goods/list']);
    expect(out[2].params).toEqual({ y: 'y' });
    expect(sanitizeTabs('garbage')).toEqual([]);
  });
});

/** The machine with recording fakes for its named actions. */
function harness(input: { show?: boolean; cache?: boolean; tabs?: unknown; homePath?: string } = {}) {
  const calls = { navigate: vi.fn(), persist: vi.fn(), reportDisabled: vi.fn() };
  const machine = tabsMachine.provide({
    actions: {
      navigate: (_, p) => calls.navigate(p.to),
      persist: (_, p) => calls.persist(p.tabs && p.tabs.map(tabKey)),
      reportDisabled: (_, p) => calls.reportDisabled(p.error),
    },
  });
  const actor = createActor(machine, {
    input: { show: input.show ?? true, cache: input.cache ?? true, tabs: input.tabs, homePath: input.homePath ?? '/home/work' },
  }).start();
  const ctx = () => actor.getSnapshot().context;
  return { actor, calls, ctx, keys: () => ctx().tabs.map(tabKey) };
}

describe('tabs machine (spec §2, §4, §5)', () => {
  test('routes open tabs; the home path is pinned; closing the current tab navigates through the provided action', () => {
    const h = harness();
    h.actor.send({ type: 'tab.init', affixTabs: [HOME], homePath: '/home/work' });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.open', tab: B });
    expect(h.keys()).toEqual(['/home/work', '/order/index', '/goods/list']);
    h.actor.send({ type: 'tab.close' });
    expect(h.calls.navigate).toHaveBeenLastCalledWith('/order/index');
    expect(h.ctx().activeKey).toBe('/order/index');
    h.actor.send({ type: 'tab.close', key: '/home/work' });
    expect(h.keys()).toEqual(['/home/work', '/order/index']);
  });

  test('closing the only non-affix tab while it is the only one goes to the home path given by init', () => {
    const h = harness();
    h.actor.send({ type: 'tab.init', affixTabs: [], homePath: '/dashboard/analysis' });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.close', key: '/order/index' });
    expect(h.calls.navigate).toHaveBeenLastCalledWith('/dashboard/analysis');
    expect(h.keys()).toEqual([]);
  });

  test('with caching on, the list is persisted whenever it changes (and only then)', () => {
    const h = harness({ cache: true });
    h.actor.send({ type: 'tab.init', affixTabs: [HOME], homePath: '/home/work' });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.open', tab: HOME });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.closeOther', key: '/home/work' });
    expect(h.calls.persist.mock.calls).toEqual([[['/home/work']], [['/home/work', '/order/index']], [['/home/work']]]);
  });

  test('a persisted list is restored when caching is on, ignored when off', () => {
    expect(harness({ cache: true, tabs: [HOME, A] }).keys()).toEqual(['/home/work', '/order/index']);
    expect(harness({ cache: false, tabs: [HOME, A] }).keys()).toEqual([]);
  });

  test('with caching off nothing is written; turning caching off removes the stored list, on writes it', () => {
    const h = harness({ cache: false });
    h.actor.send({ type: 'tab.open', tab: A });
    expect(h.calls.persist).not.toHaveBeenCalled();
    h.actor.send({ type: 'tab.configure', show: true, cache: true });
    expect(h.calls.persist).toHaveBeenLastCalledWith(['/order/index']);
    h.actor.send({ type: 'tab.configure', show: true, cache: false });
    expect(h.calls.persist).toHaveBeenLastCalledWith(null);
  });

  test('reset (reaching login) empties the list and the stored copy', () => {
    const h = harness({ tabs: [HOME, A] });
    h.actor.send({ type: 'tab.reset' });
    expect(h.keys()).toEqual([]);
    expect(h.calls.persist).toHaveBeenLastCalledWith(null);
  });

  test('refresh counts only for the active tab, per route path', () => {
    const h = harness();
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.open', tab: B });
    h.actor.send({ type: 'tab.refresh' });
    h.actor.send({ type: 'tab.refresh', key: '/goods/list' });
    h.actor.send({ type: 'tab.refresh', key: '/order/index' });
    expect(h.ctx().refreshCount).toEqual({ '/goods/list': 2 });
    expect(h.calls.navigate).not.toHaveBeenCalled();
  });

  test('with multi-tab off every tab action fails with the exact §5 message and changes nothing', () => {
    const h = harness({ show: false });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.open', tab: B });
    expect(h.actor.getSnapshot().value).toBe('disabled');
    const actions = [
      { type: 'tab.refresh' },
      { type: 'tab.close' },
      { type: 'tab.closeLeft' },
      { type: 'tab.closeRight', key: '/order/index' },
      { type: 'tab.closeOther' },
      { type: 'tab.closeAll' },
    ] as const;
    for (const e of actions) h.actor.send(e);
    expect(h.calls.reportDisabled).toHaveBeenCalledTimes(actions.length);
    for (const [error] of h.calls.reportDisabled.mock.calls) {
      expect(error).toBeInstanceOf(TabsDisabledError);
      expect(error.message).toBe('The multi-tab page is currently not open, please open it in the settings！');
    }
    expect(TABS_DISABLED_MESSAGE).toBe('The multi-tab page is currently not open, please open it in the settings！');
    expect(h.keys()).toEqual(['/order/index', '/goods/list']);
    expect(h.calls.navigate).not.toHaveBeenCalled();
    expect(h.ctx().refreshCount).toEqual({});
  });

  test('switching multi-tab back on makes the actions work again', () => {
    const h = harness({ show: false });
    h.actor.send({ type: 'tab.open', tab: A });
    h.actor.send({ type: 'tab.configure', show: true, cache: true });
    expect(h.actor.getSnapshot().value).toBe('enabled');
    h.actor.send({ type: 'tab.closeAll' });
    expect(h.calls.reportDisabled).not.toHaveBeenCalled();
    expect(h.calls.navigate).toHaveBeenLastCalledWith('/home/work');
  });
});
