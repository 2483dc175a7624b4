import { describe, expect, test } from 'vitest';
import {
  buildRouteTree,
  filterByRoles,
  filterMenuByRoutes,
  findRoute,
  fromMenuEntries,
  fromRouteTable,
  joinPath,
  matchPath,
  matchViewFile,
  pinHomeAffix,
  removeIgnoredRoutes,
  resolveView,
  routePaths,
  routesToMenu,
  sortMenu,
  substituteParams,
  visibleMenu,
  wrapTopLevel,
} from '../../web/services/routing/build-routes';
import type { RawRoute, RouteIssue } from '../../web/services/routing/types';
import type { MenuEntry } from '../../server/contract/auth';

const FILES = ['home/work.page.tsx', 'order/index.page.tsx', 'dup/x.page.tsx', 'dup/x.page.ts'];

const raw = (over: Partial<RawRoute> & { name: string; path: string }): RawRoute => ({ meta: { title: `t.${over.name}` }, ...over });

describe('component name → view file (spec §2 "Route building")', () => {
  test('a name, a leading slash or the file name itself finds the one view file', () => {
    expect(matchViewFile('order/index', FILES)).toEqual({ kind: 'found', file: 'order/index.page.tsx' });
    expect(matchViewFile('/order/index', FILES)).toEqual({ kind: 'found', file: 'order/index.page.tsx' });
    expect(matchViewFile('order/index.page.tsx', FILES)).toEqual({ kind: 'found', file: 'order/index.page.tsx' });
    expect(matchViewFile('dup/x.page.ts', FILES)).toEqual({ kind: 'found', file: 'dup/x.page.ts' });
  });

  test('no file is missing; two files for one name are ambiguous', () => {
    expect(matchViewFile('order/detail', FILES)).toEqual({ kind: 'missing' });
    expect(matchViewFile('dup/x', FILES)).toEqual({ kind: 'ambiguous', files: ['dup/x.page.tsx', 'dup/x.page.ts'] });
  });

  test('a missing or ambiguous match renders the exception page (404) and reports a developer warning', () => {
    const issues: RouteIssue[] = [];
    expect(resolveView(raw({ name: 'OrderDetail', path: 'detail', component: 'order/detail' }), FILES, issues)).toEqual({ kind: 'exception', status: 404, reason: 'missing' });
    expect(resolveView(raw({ name: 'Dup', path: 'x', component: 'dup/x' }), FILES, issues)).toEqual({ kind: 'exception', status: 404, reason: 'ambiguous' });
    expect(issues).toEqual([
      { kind: 'missing-view', route: 'OrderDetail', component: 'order/detail' },
      { kind: 'ambiguous-view', route: 'Dup', component: 'dup/x', files: ['dup/x.page.tsx', 'dup/x.page.ts'] },
    ]);
  });

  test('a frame source without component is an embedded frame; LAYOUT is the layout; a name alone an empty placeholder', () => {
    expect(resolveView(raw({ name: 'Doc', path: 'doc', meta: { title: 'x', frameSrc: '/docs' } }), FILES)).toEqual({ kind: 'frame', src: '/docs' });
    expect(resolveView(raw({ name: 'Doc', path: 'doc', component: 'IFRAME', meta: { title: 'x', frameSrc: '/d' } }), FILES)).toEqual({ kind: 'frame', src: '/d' });
    expect(resolveView(raw({ name: 'G', path: '/g', component: 'layout' }), FILES)).toEqual({ kind: 'layout' });
    const issues: RouteIssue[] = [];
    expect(resolveView(raw({ name: 'Nested', path: 'nested' }), FILES, issues)).toEqual({ kind: 'placeholder' });
    expect(issues).toEqual([]);
  });
});

describe('top-level wrapping (spec §2)', () => {
  test('a layout stays; a page or frame is wrapped in a single-child parent with empty path, single set, not affix', () => {
    const about = raw({ name: 'About', path: '/about', component: 'about/index', meta: { title: 't.about', icon: 'pi pi-info', orderNo: 7, affix: true } });
    const group = raw({ name: 'Order', path: '/order', component: 'LAYOUT', children: [] });
    const [g, wrapped] = wrapTopLevel([group, about]);
    expect(g).toBe(group);
    expect(wrapped).toEqual({
      name: 'AboutParent',
      path: '',
      component: 'LAYOUT',
      meta: { title: 't.about', icon: 'pi pi-info', orderNo: 7, affix: false, single: true },
      children: [about],
    });
    const tree = buildRouteTree([wrapped], FILES);
    expect(tree[0].children![0].path).toBe('/about');
    // The menu shows the page itself, not the wrapper.
    expect(routesToMenu(tree).map((m) => [m.name, m.path])).toEqual([['t.about', '/about']]);
  });

  test('a top-level route without component is kept as a layout and reported', () => {
    const issues: RouteIssue[] = [];
    const [r] = wrapTopLevel([raw({ name: 'Bare', path: '/bare', children: [] })], issues);
    expect(r.component).toBe('LAYOUT');
    expect(issues).toEqual([{ kind: 'missing-component', route: 'Bare' }]);
  });

  test('the front-end table: groups become layouts, nothing is wrapped', () => {
    const front = fromRouteTable([{ path: '/order', name: 'Order', redirect: '/order/index', meta: { title: 'routes.order.order' }, children: [{ path: 'index', name: 'OrderIndex', component: 'order/index', meta: { title: 'routes.order.index' } }] }]);
    expect(front[0].component).toBe('LAYOUT');
    expect(wrapTopLevel(front)).toEqual(front);
  });
});

describe('paths (spec §2)', () => {
  test('relative children are prefixed with the parent; absolute ones and URLs stay', () => {
    expect(joinPath('/goods/', 'tag/add')).toBe('/goods/tag/add');
    expect(joinPath('/goods', '/abs')).toBe('/abs');
    expect(joinPath('', 'x')).toBe('/x');
    expect(joinPath('/a', 'https://example.com/x')).toBe('https://example.com/x');
  });

  test('a parent that hides its path gives its children the grandparent path', () => {
    const tree = buildRouteTree(
      [
        raw({
          name: 'Sys',
          path: '/system',
          component: 'LAYOUT',
          children: [
            raw({ name: 'Hidden', path: 'inner', meta: { title: 't', hidePathForChildren: true }, children: [raw({ name: 'Leaf', path: 'leaf', component: 'home/work' })] }),
            raw({ name: 'Shown', path: 'shown', children: [raw({ name: 'Leaf2', path: 'leaf', component: 'home/work' })] }),
          ],
        }),
      ],
      FILES,
    );
    expect(findRoute(tree, '/system/leaf')?.name).toBe('Leaf');
    expect(findRoute(tree, '/system/shown/leaf')?.name).toBe('Leaf2');
    expect(findRoute(tree, '/system/inner')?.view).toEqual({ kind: 'placeholder' });
    expect(findRoute(tree, '/system/leaf')?.meta.realPath).toBe('/system/leaf');
  });

  test('duplicate route names are reported', () => {
    const issues: RouteIssue[] = [];
    buildRouteTree([raw({ name: 'A', path: '/a', component: 'home/work' }), raw({ name: 'A', path: '/b', component: 'home/work' })], FILES, issues);
    expect(issues).toEqual([{ kind: 'duplicate-name', route: 'A' }]);
  });

  test(':param segments are substituted from a parameter map, and matched back', () => {
    expect(substituteParams('/order/:id/items/:item', { id: 7, item: 'a b' })).toBe('/order/7/items/a%20b');
    expect(substituteParams('/order/:id', {})).toBe('/order/:id');
    expect(matchPath('/order/:id', '/order/7')).toEqual({ id: '7' });
    expect(matchPath('/order/:id', '/order/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/order/:id', '/order')).toBeNull();
    expect(matchPath('/order/:id', '/order/')).toBeNull();
    expect(matchPath('/order/index', '/order/index')).toEqual({});
    expect(matchPath('/order/index', '/order/other')).toBeNull();
  });
});

describe('server menu entries → routes (spec §2, §3)', () => {
  const entries: MenuEntry[] = [
    { name: 'Home', path: '/home', componentPath: 'LAYOUT', redirect: '/home/work', hidden: false, sort: 0, icon: 'pi pi-home', title: 'routes.home.home', children: [{ name: 'HomeWork', path: 'work', componentPath: 'home/work', hidden: false, sort: 0, title: 'routes.home.work' }] },
    { name: 'Member', path: '/member', componentPath: 'LAYOUT', sort: 20, title: 'routes.member.member', children: [{ name: 'MemberWallet', path: 'wallet', componentPath: 'member/wallet', hidden: true, title: '会员钱包' }] },
  ];

  test('name, path, componentPath, hidden, sort, icon, title and children map to the route; Home hides its child menu', () => {
    const [home, member] = fromMenuEntries(entries);
    expect(home).toEqual({
      name: 'Home',
      path: '/home',
      component: 'LAYOUT',
      redirect: '/home/work',
      meta: { title: 'routes.home.home', icon: 'pi pi-home', orderNo: 0, hideChildrenInMenu: true },
      children: [{ name: 'HomeWork', path: 'work', component: 'home/work', meta: { title: 'routes.home.work', orderNo: 0 } }],
    });
    expect(member.meta).toEqual({ title: 'routes.member.member', orderNo: 20 });
    // A title that is not an i18n key is literal text (the wallet's literal Chinese title).
    expect(member.children![0].meta).toEqual({ title: '会员钱包', literalTitle: true, hideMenu: true });
  });
});

describe('menus and routes (spec §2, §6)', () => {
  const table: RawRoute[] = [
    raw({
      name: 'Home',
      path: '/home',
      component: 'LAYOUT',
      redirect: '/home/work',
      meta: { title: 'home', orderNo: 0, hideChildrenInMenu: true },
      children: [raw({ name: 'HomeWork', path: 'work', component: 'home/work' })],
    }),
    raw({
      name: 'Order',
      path: '/order',
      component: 'LAYOUT',
      redirect: '/order/index',
      meta: { title: 'order', orderNo: 10, roles: ['super'] },
      children: [
        raw({ name: 'OrderIndex', path: 'index', component: 'order/index' }),
        raw({ name: 'OrderDetail', path: 'detail', component: 'order/detail', meta: { title: 'detail', hideMenu: true } }),
        raw({ name: 'OrderLink', path: 'link', component: 'order/link', meta: { title: 'link', ignoreRoute: true } }),
      ],
    }),
    raw({ name: 'Goods', path: '/goods', component: 'LAYOUT', meta: { title: 'goods', orderNo: 4 }, children: [raw({ name: 'GoodsIndex', path: 'index', component: 'goods/index' })] }),
  ];

  test('role filter: no roles is open; roles need one of the user role ids', () => {
    expect(filterByRoles(table, ['operator']).map((r) => r.name)).toEqual(['Home', 'Goods']);
    expect(filterByRoles(table, ['super']).map((r) => r.name)).toEqual(['Home', 'Order', 'Goods']);
    expect(filterByRoles([raw({ name: 'X', path: '/x', component: 'LAYOUT', children: [raw({ name: 'Y', path: 'y', meta: { title: 'y', roles: ['super'] } })] })], ['op'])[0].children).toEqual([]);
  });

  test('ignoreRoute stays in the menu but leaves the routes', () => {
    const tree = buildRouteTree(table, FILES);
    const menu = routesToMenu(tree);
    expect(menu[1].children!.map((c) => c.path)).toEqual(['/order/index', '/order/detail', '/order/link']);
    const routes = removeIgnoredRoutes(tree);
    expect(findRoute(routes, '/order/link')).toBeUndefined();
    expect(findRoute(routes, '/order/index')).toBeDefined();
  });

  test('route mapping: a group that hides its children links to its redirect; hidden entries leave the shown menu', () => {
    const menu = visibleMenu(routesToMenu(buildRouteTree(table, FILES), { routeMapping: true }));
    expect(menu[0]).toMatchObject({ name: 'home', path: '/home/work' });
    expect(menu[1].children!.map((c) => c.path)).toEqual(['/order/index', '/order/link']);
    expect(visibleMenu(routesToMenu(buildRouteTree(table, FILES)))[0].path).toBe('/home');
  });

  test('menus sort by orderNo ascending or descending, stable for equal numbers', () => {
    const menu = routesToMenu(buildRouteTree(table, FILES));
    expect(sortMenu(menu, 'asc').map((m) => m.name)).toEqual(['home', 'goods', 'order']);
    expect(sortMenu(menu, 'desc').map((m) => m.name)).toEqual(['order', 'goods', 'home']);
    const same = routesToMenu(buildRouteTree([raw({ name: 'A', path: '/a', component: 'LAYOUT', children: [] }), raw({ name: 'B', path: '/b', component: 'LAYOUT', children: [] })], FILES));
    expect(sortMenu(same, 'desc').map((m) => m.name)).toEqual(['t.A', 't.B']);
  });

  test('role mode: the menu keeps only entries the user has routes for', () => {
    const all = routesToMenu(buildRouteTree(table, FILES));
    const mine = buildRouteTree(filterByRoles(table, ['operator']), FILES);
    expect(filterMenuByRoutes(all, routePaths(mine)).map((m) => m.name)).toEqual(['home', 'goods']);
  });

  test('the home path is pinned as affix, following redirects', () => {
    const tree = buildRouteTree(table, FILES);
    expect(findRoute(pinHomeAffix(tree, '/home'), '/home/work')?.meta.affix).toBe(true);
    expect(findRoute(pinHomeAffix(tree, '/goods/index'), '/goods/index')?.meta.affix).toBe(true);
    expect(findRoute(pinHomeAffix(tree, '/goods/index'), '/home/work')?.meta.affix).toBeUndefined();
    // Unknown home path: nothing pinned; the input is not changed.
    expect(JSON.stringify(pinHomeAffix(tree, '/nope'))).not.toContain('"affix":true');
    expect(findRoute(tree, '/home/work')?.meta.affix).toBeUndefined();
    // A redirect loop does not hang.
    const loop = buildRouteTree([raw({ name: 'L', path: '/l', component: 'LAYOUT', redirect: '/m', children: [] }), raw({ name: 'M', path: '/m', component: 'LAYOUT', redirect: '/l', children: [] })], FILES);
    expect(pinHomeAffix(loop, '/l')).toHaveLength(2);
  });
});
