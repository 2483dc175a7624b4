import { describe, expect, test } from 'vitest';
import type { RouteDecl } from '../../server/contract/route-table';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import {
  highlightSegments,
  isExternalPath,
  matchInOrder,
  menuEntries,
  searchListReducer,
  searchMenu,
  SEARCH_DEBOUNCE_MS,
  type SearchListState,
} from '../../web/app/search/menu-search';
import { isSearchShortcut } from '../../web/app/search/search-store';

const TITLES: Record<string, string> = {
  'routes.home.home': '首页',
  'routes.order.order': '订单管理',
  'routes.order.index': '订单列表',
  'routes.order.detail': '订单详情',
  'routes.order.back': '退款订单',
  'routes.system.system': 'System',
  'routes.system.account': 'Accounts',
  'routes.system.role': 'Roles',
};
const title = (r: { meta: RouteDecl['meta'] }) => (r.meta.literalTitle ? r.meta.title : (TITLES[r.meta.title] ?? r.meta.title));

const ROUTES: RouteDecl[] = [
  {
    path: '/home',
    name: 'Home',
    redirect: '/home/work',
    meta: { title: 'routes.home.home', icon: 'pi pi-home', hideChildrenInMenu: true },
    children: [
      { path: 'work', name: 'HomeWork', meta: { title: 'Work' } },
      { path: 'analysis', name: 'HomeAnalysis', meta: { title: 'Analysis' } },
    ],
  },
  {
    path: '/order',
    name: 'Order',
    meta: { title: 'routes.order.order', icon: 'pi pi-shopping-cart' },
    children: [
      { path: 'index', name: 'OrderIndex', meta: { title: 'routes.order.index' } },
      { path: 'detail', name: 'OrderDetail', meta: { title: 'routes.order.detail', hideMenu: true } },
      { path: 'back', name: 'OrderBack', meta: { title: 'routes.order.back' } },
    ],
  },
  { path: '/hidden', name: 'Hidden', meta: { title: 'Hidden group', hideMenu: true }, children: [{ path: 'x', name: 'HiddenX', meta: { title: 'Inside hidden' } }] },
  {
    path: '/system',
    name: 'System',
    meta: { title: 'routes.system.system' },
    children: [
      { path: 'account', name: 'SystemAccount', meta: { title: 'routes.system.account' } },
      { path: '/system/role', name: 'SystemRole', meta: { title: 'routes.system.role' } },
      {
        path: 'deep',
        name: 'SystemDeep',
        meta: { title: 'Deep', hidePathForChildren: true } as RouteDecl['meta'],
        children: [
          { path: 'leaf', name: 'SystemDeepLeaf', meta: { title: 'Leaf' } },
          { path: 'https://example.com/docs', name: 'Docs', meta: { title: 'Docs' } },
        ],
      },
    ],
  },
  {
    path: '',
    name: 'AboutParent',
    meta: { title: 'About', single: true } as RouteDecl['meta'],
    children: [{ path: '/about/index', name: 'About', meta: { title: 'About' } }],
  },
  { path: '/wallet', name: 'Wallet', meta: { title: '会员钱包', literalTitle: true } },
];

describe('menu entries: visible leaves with the full chain of names', () => {
  const entries = menuEntries(ROUTES, title);
  test('only visible entries without visible children, in menu order, with full paths', () => {
    expect(entries.map((e) => [e.path, e.names.join(' > ')])).toEqual([
      ['/home/work', '首页'],
      ['/order/index', '订单管理 > 订单列表'],
      ['/order/back', '订单管理 > 退款订单'],
      ['/system/account', 'System > Accounts'],
      ['/system/role', 'System > Roles'],
      // hidePathForChildren: the children join the grandparent's path.
      ['/system/leaf', 'System > Deep > Leaf'],
      ['https://example.com/docs', 'System > Deep > Docs'],
      // A single-child wrapper stands for its child alone.
      ['/about/index', 'About'],
      ['/wallet', '会员钱包'],
    ]);
  });
  test('a group whose children are hidden in the menu is one entry going to its redirect', () => {
    expect(entries[0]).toEqual({ path: '/home/work', names: ['首页'], icon: 'pi pi-home' });
    // Leaves without their own icon show their group's.
    expect(entries[1].icon).toBe('pi pi-shopping-cart');
  });
  test('hidden entries and everything under a hidden group are left out', () => {
    const labels = entries.map((e) => e.names.join(' > '));
    expect(labels.join('|')).not.toMatch(/订单详情|Inside hidden|Hidden group/);
  });
  test('the real route table yields entries for every visible child, none of the hidden add/modify pages', () => {
    const all = menuEntries(ROUTE_TABLE, (r) => r.meta.title);
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((e) => e.path === '/games/add')).toBe(false);
    expect(all.find((e) => e.path === '/order/index')?.names).toEqual(['routes.order.order', 'routes.order.index']);
    expect(all.filter((e) => e.names.length === 1).map((e) => e.path)).toEqual(['/home/work', '/dashboard/analysis']);
  });
  test('the built menu (web/app/routing MenuItem: absolute paths, top-level hideMenu) reads the same way', () => {
    const menu = [
      { name: 'routes.home.home', path: '/home/work', redirect: '/home/work', icon: 'pi pi-home', meta: { title: 'routes.home.home', hideChildrenInMenu: true }, children: [{ name: 'w', path: '/home/work', meta: { title: 'w' } }] },
      {
        name: 'routes.order.order',
        path: '/order',
        meta: { title: 'routes.order.order', icon: 'pi pi-shopping-cart' },
        children: [
          { name: 'routes.order.index', path: '/order/index', meta: { title: 'routes.order.index' } },
          { name: 'routes.order.detail', path: '/order/detail', hideMenu: true, meta: { title: 'routes.order.detail' } },
        ],
      },
    ];
    expect(menuEntries(menu, title)).toEqual([
      { path: '/home/work', names: ['首页'], icon: 'pi pi-home' },
      { path: '/order/index', names: ['订单管理', '订单列表'], icon: 'pi pi-shopping-cart' },
    ]);
  });
  test('http(s) paths are external', () => {
    expect(isExternalPath('https://example.com')).toBe(true);
    expect(isExternalPath('HTTP://example.com')).toBe(true);
    expect(isExternalPath('/order/index')).toBe(false);
  });
});

describe('in-order character matching', () => {
  test('characters in order with anything in between, case-insensitive, leftmost positions', () => {
    expect(matchInOrder('acs', 'Accounts')).toEqual([0, 1, 7]);
    expect(matchInOrder('ACC', 'accounts')).toEqual([0, 1, 2]);
    expect(matchInOrder('订列', '订单列表')).toEqual([0, 2]);
  });
  test('out-of-order or missing characters do not match', () => {
    expect(matchInOrder('列订', '订单列表')).toBeNull();
    expect(matchInOrder('accx', 'Accounts')).toBeNull();
    expect(matchInOrder('accountss', 'Accounts')).toBeNull();
  });
  test('a blank or whitespace-only query matches nothing; inner spaces are ignored', () => {
    expect(matchInOrder('', 'Accounts')).toBeNull();
    expect(matchInOrder('   ', 'Accounts')).toBeNull();
    expect(matchInOrder(' ac  ts ', 'Accounts')).toEqual([0, 1, 6, 7]);
  });
  test('characters outside the basic plane count as one character', () => {
    expect(matchInOrder('𝒜b', 'x𝒜yb')).toEqual([1, 4]);
  });
});

describe('search results', () => {
  const entries = menuEntries(ROUTES, title);
  test('the entry name is matched; the label is the chain; order is the menu order', () => {
    const r = searchMenu(entries, '订单');
    expect(r.map((x) => x.label)).toEqual(['订单管理 > 订单列表', '订单管理 > 退款订单']);
    // The group name alone does not make its children match.
    expect(searchMenu(entries, 'system')).toEqual([]);
  });
  test('hits point at the matched characters of the name inside the label', () => {
    const [hit] = searchMenu(entries, 'rl');
    expect(hit.label).toBe('System > Roles');
    expect(hit.hits.map((i) => hit.label[i])).toEqual(['R', 'l']);
    expect(highlightSegments(hit.label, hit.hits)).toEqual([
      { text: 'System > ', hit: false },
      { text: 'R', hit: true },
      { text: 'o', hit: false },
      { text: 'l', hit: true },
      { text: 'es', hit: false },
    ]);
  });
  test('a blank query shows nothing (not everything)', () => {
    expect(searchMenu(entries, '')).toEqual([]);
    expect(searchMenu(entries, ' \t ')).toEqual([]);
  });
  test('nothing matches: an empty list (the modal shows its no-data text)', () => {
    expect(searchMenu(entries, 'zzz')).toEqual([]);
  });
  test('adjacent hits merge into one highlighted run', () => {
    expect(highlightSegments('Accounts', [0, 1, 2])).toEqual([
      { text: 'Acc', hit: true },
      { text: 'ounts', hit: false },
    ]);
  });
});

describe('keyboard and pointer highlight', () => {
  const three: SearchListState = { count: 3, active: 0 };
  test('new results highlight the first row, none when empty', () => {
    expect(searchListReducer(three, { type: 'search.results', count: 5 })).toEqual({ count: 5, active: 0 });
    expect(searchListReducer(three, { type: 'search.results', count: 0 })).toEqual({ count: 0, active: -1 });
  });
  test('Down moves on and wraps from the last row to the first', () => {
    let s = three;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = searchListReducer(s, { type: 'search.next' });
      seen.push(s.active);
    }
    expect(seen).toEqual([1, 2, 0, 1]);
  });
  test('Up wraps from the first row to the last', () => {
    let s = three;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = searchListReducer(s, { type: 'search.prev' });
      seen.push(s.active);
    }
    expect(seen).toEqual([2, 1, 0, 2]);
  });
  test('arrows do nothing without results', () => {
    const empty: SearchListState = { count: 0, active: -1 };
    expect(searchListReducer(empty, { type: 'search.next' })).toBe(empty);
    expect(searchListReducer(empty, { type: 'search.prev' })).toBe(empty);
  });
  test('hovering a row highlights it; an out-of-range index is ignored', () => {
    expect(searchListReducer(three, { type: 'search.hover', index: 2 })).toEqual({ count: 3, active: 2 });
    expect(searchListReducer(three, { type: 'search.hover', index: 3 })).toBe(three);
    expect(searchListReducer(three, { type: 'search.hover', index: -1 })).toBe(three);
  });
});

describe('opening and timing', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  test('Ctrl+K and ⌘K open the search; plain K or other combinations do not', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });
  test('spec §9: the search waits 200 ms after the last keystroke', () => expect(SEARCH_DEBOUNCE_MS).toBe(200));
});
