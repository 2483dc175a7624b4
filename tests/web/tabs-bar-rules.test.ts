import { describe, expect, test } from 'vitest';
import { tabKey, type Tab } from '../../web/machines/tabs.machine';
import { showsCloseButton, tabMenuItems } from '../../web/app/tabs/tab-menu';
import { RECORD_TABS, affixTabsOf, nonRouteTab, parseQuery, resolveHomePath, tabOfRoute, tabTitle } from '../../web/app/tabs/tab-routes';
import { isTabbable } from '../../web/machines/tabs.machine';
import type { RouteDecl } from '../../server/contract/route-table';

function tab(path: string, affix = false): Tab {
  return { path, fullPath: path, name: path, params: {}, query: {}, meta: { title: path, ...(affix ? { affix: true } : {}) } };
}
const HOME = tab('/home/work', true);
const A = tab('/order/index');
const B = tab('/goods/list');
const disabledOf = (items: ReturnType<typeof tabMenuItems>) => Object.fromEntries(items.map((i) => [i.action, i.disabled]));

describe('tab context menu entries (behaviour notes "Multi-tab")', () => {
  test('the menu lists the six actions in order', () => {
    expect(tabMenuItems([HOME, A], '/order/index', '/order/index').map((i) => i.action)).toEqual([
      'refresh',
      'close',
      'closeLeft',
      'closeRight',
      'closeOther',
      'closeAll',
    ]);
  });

  test('Refresh only for the active tab', () => {
    expect(disabledOf(tabMenuItems([HOME, A, B], '/order/index', '/order/index')).refresh).toBe(false);
    expect(disabledOf(tabMenuItems([HOME, A, B], '/goods/list', '/order/index')).refresh).toBe(true);
  });

  test('Close not for affix tabs nor the only tab', () => {
    expect(disabledOf(tabMenuItems([HOME, A], '/home/work', '/home/work')).close).toBe(true);
    expect(disabledOf(tabMenuItems([A], '/order/index', '/order/index')).close).toBe(true);
    expect(disabledOf(tabMenuItems([HOME, A], '/order/index', '/home/work')).close).toBe(false);
  });

  test('Close left not for the first tab, Close right not for the last; other and all always', () => {
    expect(disabledOf(tabMenuItems([HOME, A, B], '/home/work', '/home/work'))).toMatchObject({ closeLeft: true, closeRight: false, closeOther: false, closeAll: false });
    expect(disabledOf(tabMenuItems([HOME, A, B], '/goods/list', '/home/work'))).toMatchObject({ closeLeft: false, closeRight: true, closeOther: false, closeAll: false });
    expect(disabledOf(tabMenuItems([HOME, A, B], '/order/index', '/home/work'))).toMatchObject({ closeLeft: false, closeRight: false });
  });

  test('the close button is hidden when only one tab is visible and on affix tabs', () => {
    expect(showsCloseButton([A], A)).toBe(false);
    expect(showsCloseButton([HOME, A], A)).toBe(true);
    expect(showsCloseButton([HOME, A], HOME)).toBe(false);
  });
});

const ROUTES: RouteDecl[] = [
  {
    path: '/home',
    name: 'Home',
    redirect: '/home/work',
    meta: { title: 'routes.home.home', hideChildrenInMenu: true },
    children: [{ path: 'work', name: 'HomeWork', component: 'home/work', meta: { title: 'routes.home.work' } }],
  },
  {
    path: '/dashboard',
    name: 'Dashboard',
    meta: { title: 'routes.dashboard.dashboard' },
    children: [{ path: 'analysis', name: 'DashboardAnalysis', component: 'dashboard/analysis', meta: { title: 'routes.dashboard.analysis' } }],
  },
  {
    path: '/wallet',
    name: 'Wallet',
    meta: { title: 'routes.wallet.wallet' },
    children: [
      { path: 'index', name: 'WalletIndex', meta: { title: '钱包', literalTitle: true, affix: true } },
      { path: 'detail', name: 'WalletDetail', meta: { title: 'routes.wallet.detail', ignoreKeepAlive: true, dynamicLevel: 3 } as RouteDecl['meta'] },
    ],
  },
];

describe('tabs from routes (spec §2, §3 "Tab")', () => {
  test('a route shown with a query gives a tab keyed by its full path, with its title and real path', () => {
    const t = tabOfRoute({ path: '/order/index', name: 'OrderIndex', title: 'routes.order.index' }, '/order/index', 'status=1&page=2');
    expect(t).toEqual({
      path: '/order/index',
      fullPath: '/order/index?status=1&page=2',
      name: 'OrderIndex',
      params: {},
      query: { status: '1', page: '2' },
      // One tab per route unless the route declares otherwise: its query is view state.
      meta: { title: 'routes.order.index', realPath: '/order/index', dynamicLevel: 1 },
    });
    expect(tabKey(t)).toBe('/order/index?status=1&page=2');
  });

  test('a record screen (a detail or modify page) keeps a tab per record; its title is the record\'s once named', () => {
    const detail = tabOfRoute({ path: '/order/detail', name: 'OrderDetail', title: 'routes.order.detail', component: 'order/detail' }, '/order/detail', 'id=5');
    expect(detail.meta.dynamicLevel).toBe(RECORD_TABS);
    expect(tabKey(detail)).toBe('/order/detail?id=5');
    expect(tabOfRoute({ path: '/games/modify', name: 'GamesModify', title: 'x', component: 'games/modify' }, '/games/modify', 'id=1').meta.dynamicLevel).toBe(RECORD_TABS);
    expect(tabOfRoute({ path: '/games/add', name: 'GamesAdd', title: 'x', component: 'games/add' }, '/games/add', '').meta.dynamicLevel).toBe(1);
    const t = (key: string, values?: Record<string, string>) => (values ? `${key}(${Object.values(values).join(',')})` : `«${key}»`);
    expect(tabTitle(t, detail)).toBe('«routes.order.detail»');
    expect(tabTitle(t, { meta: { ...detail.meta, recordTitle: { key: 'order.detailTitle', values: { orderNo: 'O1' } } } })).toBe('order.detailTitle(O1)');
    expect(tabTitle(t, { meta: { title: 'x', recordTitle: { key: 'crud.modifyTab', values: { name: 'resources.game.title', label: 'G' }, translate: ['name'] } } })).toBe('crud.modifyTab(«resources.game.title»,G)');
  });

  test('route meta flags carry over: literal title, ignoreKeepAlive, dynamicLevel', () => {
    const t = tabOfRoute({ path: '/wallet/detail', name: 'WalletDetail', title: 'x', literalTitle: true }, '/wallet/detail', '', {
      title: 'x',
      ignoreKeepAlive: true,
      dynamicLevel: 3,
    });
    expect(t.meta).toMatchObject({ literalTitle: true, ignoreKeepAlive: true, dynamicLevel: 3 });
  });

  test('a location that is no route is never a tab', () => {
    expect(isTabbable(nonRouteTab('/no/such', ''))).toBe(false);
    expect(parseQuery('?a=1&b=two')).toEqual({ a: '1', b: 'two' });
  });

  test('the home path is pinned as affix following redirects, with routes pinned by meta, in route order', () => {
    const { affixTabs, homePath } = affixTabsOf(ROUTES, '/home');
    expect(homePath).toBe('/home/work');
    expect(affixTabs.map((t) => [t.path, t.meta.affix])).toEqual([
      ['/home/work', true],
      ['/wallet/index', true],
    ]);
    expect(affixTabs[1].meta).toMatchObject({ title: '钱包', literalTitle: true });
  });

  test("the operator's home path (dashboard) becomes the affix tab instead", () => {
    expect(affixTabsOf(ROUTES, '/dashboard/analysis').affixTabs.map((t) => t.path)).toEqual(['/dashboard/analysis', '/wallet/index']);
    expect(resolveHomePath(ROUTES, '/dashboard')).toBe('/dashboard/analysis');
    expect(resolveHomePath(ROUTES, '/nowhere')).toBe('/nowhere');
  });
});
