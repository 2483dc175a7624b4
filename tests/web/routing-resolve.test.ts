import { describe, expect, test } from 'vitest';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import { buildAccess } from '../../web/app/routing/access';
import { buildRouteTree, wrapTopLevel } from '../../web/services/routing/build-routes';
import { flattenRoutes, groupRedirect, matchFlatRoute } from '../../web/services/routing/route-access';
import { redirectTarget, resolveLocation } from '../../web/app/routing/resolve-location';
import { breadcrumbTrail, titleText } from '../../web/app/routing/breadcrumbs';
import type { RawRoute } from '../../web/services/routing/types';

const FILES = ['home/work.page.tsx', 'dashboard/analysis.page.tsx', 'order/detail.page.tsx'];
const admin = buildAccess({ mode: 'ROUTE_MAPPING', roleList: ['super'], homePath: '/home/work', frontRoutes: ROUTE_TABLE, files: FILES });
const operator = buildAccess({ mode: 'ROUTE_MAPPING', roleList: ['operator'], homePath: '/dashboard/analysis', frontRoutes: ROUTE_TABLE, files: FILES });
const resolve = (a: typeof admin, location: string, search = '') => resolveLocation(a.routes, flattenRoutes(a.routes), location, search);

describe('resolving a location (spec §2)', () => {
  test('a built page renders; a not-yet-built page is a route showing the exception page', () => {
    const work = resolve(admin, '/home/work');
    expect(work.kind === 'route' && work.route.view).toEqual({ kind: 'page', file: 'home/work.page.tsx' });
    const order = resolve(admin, '/order/index');
    expect(order.kind === 'route' && order.route.view).toEqual({ kind: 'exception', status: 404, reason: 'missing' });
  });

  test('a group redirects to its first child or its declared redirect', () => {
    expect(resolve(admin, '/order')).toEqual({ kind: 'redirect', to: '/order/index' });
    expect(resolve(admin, '/specialConfig')).toEqual({ kind: 'redirect', to: '/specialConfig/product' });
    expect(resolve(admin, '/client')).toEqual({ kind: 'redirect', to: '/client/version' });
    expect(groupRedirect(admin.routes, '/nope')).toBeNull();
  });

  test("another role's page is 403 (it exists, not for this user); unknown paths are 404; /exception shows its status", () => {
    expect(resolve(operator, '/system/account')).toEqual({ kind: 'exception', status: 403 });
    expect(resolve(admin, '/nope/x')).toEqual({ kind: 'exception', status: 404 });
    expect(resolve(admin, '/exception', 'status=403')).toEqual({ kind: 'exception', status: 403 });
    expect(resolve(admin, '/exception', 'status=oops')).toEqual({ kind: 'exception', status: 404 });
  });

  test('/redirect/{path} goes to the path with the query kept', () => {
    expect(redirectTarget('/redirect/order/index', 'x=1&y=2')).toBe('/order/index?x=1&y=2');
    expect(redirectTarget('/redirect/redirect/home/work', '')).toBe('/home/work');
    expect(redirectTarget('/redirect/', '')).toBeNull();
    expect(redirectTarget('/order/index', '')).toBeNull();
    expect(resolve(admin, '/redirect/home/work', 'tab=2')).toEqual({ kind: 'redirect', to: '/home/work?tab=2' });
  });

  test(':param routes match with their parameters', () => {
    const raw: RawRoute[] = [
      { name: 'Order', path: '/order', component: 'LAYOUT', meta: { title: 'o' }, children: [{ name: 'OrderDetail', path: 'detail/:id', component: 'order/detail', meta: { title: 'd' } }] },
    ];
    const routes = buildRouteTree(wrapTopLevel(raw), FILES);
    const hit = matchFlatRoute(flattenRoutes(routes), '/order/detail/42');
    expect(hit?.route.name).toBe('OrderDetail');
    expect(hit?.params).toEqual({ id: '42' });
    expect(matchFlatRoute(flattenRoutes(routes), '/order/detail')).toBeNull();
  });

  test('a single-wrapped top-level page resolves by its own path', () => {
    const routes = buildRouteTree(wrapTopLevel([{ name: 'About', path: '/about', component: 'home/work', meta: { title: 'about', icon: 'pi pi-info' } }]), FILES);
    const r = resolveLocation(routes, flattenRoutes(routes), '/about', '');
    expect(r.kind === 'route' && r.route.parent.meta).toMatchObject({ single: true });
  });
});

describe('breadcrumbs (spec §3 showBreadCrumb, showBreadCrumbIcon)', () => {
  test('group then page; the group links to its redirect and carries its icon', () => {
    const r = matchFlatRoute(flattenRoutes(admin.routes), '/order/back')!.route;
    expect(breadcrumbTrail(r, admin.routes)).toEqual([
      { title: 'routes.order.order', icon: 'pi pi-shopping-cart', to: '/order/index' },
      { title: 'routes.order.back' },
    ]);
  });

  test('a group link to the page itself is not a link; literal titles stay literal', () => {
    const first = matchFlatRoute(flattenRoutes(admin.routes), '/order/index')!.route;
    expect(breadcrumbTrail(first, admin.routes)[0].to).toBeUndefined();
    const wallet = matchFlatRoute(flattenRoutes(admin.routes), '/member/wallet')!.route;
    const trail = breadcrumbTrail(wallet, admin.routes);
    expect(trail[1]).toEqual({ title: '会员钱包', literal: true });
    expect(titleText((k) => `T(${k})`, trail[1].title, trail[1].literal)).toBe('会员钱包');
    expect(titleText((k) => `T(${k})`, trail[0].title, trail[0].literal)).toBe('T(routes.member.member)');
  });

  test('a single wrapper is skipped', () => {
    const routes = buildRouteTree(wrapTopLevel([{ name: 'About', path: '/about', component: 'home/work', meta: { title: 'about' } }]), FILES);
    const r = flattenRoutes(routes)[0];
    expect(breadcrumbTrail(r, routes)).toEqual([{ title: 'about' }]);
  });
});
