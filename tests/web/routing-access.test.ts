import { describe, expect, test, vi } from 'vitest';
import { ROUTE_TABLE, ORDER_NO, leafPaths } from '../../server/contract/route-table';
import { toMenuEntries } from '../../server/mock/menus';
import { routesFor } from '../../server/mock/accounts';
import { buildAccess, loadAccess, warnRouteIssues, issueText, type AccessInput } from '../../web/app/routing/access';
import { findRoute } from '../../web/services/routing/build-routes';
import { flattenRoutes } from '../../web/services/routing/route-access';
import type { MenuItem, RouteIssue } from '../../web/services/routing/types';

const FILES = ['home/work.page.tsx', 'dashboard/analysis.page.tsx'];
const base = (over: Partial<AccessInput>): AccessInput => ({ mode: 'ROUTE_MAPPING', roleList: ['super'], homePath: '/home/work', frontRoutes: ROUTE_TABLE, files: FILES, ...over });
const titles = (m: MenuItem[]) => m.map((i) => i.name);
const paths = (m: MenuItem[]): string[] => m.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

describe('route-mapping mode (spec §6)', () => {
  test('admin sees every group of the §2 table, sorted by orderNo ascending (§9 numbers)', () => {
    const a = buildAccess(base({}));
    expect(a.menus).toHaveLength(ROUTE_TABLE.length);
    const orderNos = a.menus.map((m) => m.meta.orderNo ?? 0);
    expect(orderNos).toEqual([...orderNos].sort((x, y) => x - y));
    expect(a.menus.at(-1)!.name).toBe('routes.system.system');
    expect(a.menus.find((m) => m.path === '/member')!.meta.orderNo).toBe(ORDER_NO.member);
    expect(a.menus.filter((m) => m.meta.orderNo === 10).map((m) => m.path)).toEqual(['/operate', '/order', '/recommend', '/rent', '/social', '/specialConfig', '/statistics']);
    expect(a.frontMenuList.length).toBe(ROUTE_TABLE.length);
    expect(a.backMenuList).toEqual([]);
    expect(a.permCodeList).toEqual([]);
    // Every leaf of the table is a route (screens not built yet render the exception page).
    const flat = flattenRoutes(a.routes).map((r) => r.path);
    for (const p of leafPaths()) expect(flat).toContain(p);
    expect(findRoute(a.routes, '/order/index')?.view).toEqual({ kind: 'exception', status: 404, reason: 'missing' });
    expect(findRoute(a.routes, '/home/work')?.view).toEqual({ kind: 'page', file: 'home/work.page.tsx' });
  });

  test("the operator loses the admin-only groups; Home links straight to the user's home path and hides its children", () => {
    const a = buildAccess(base({ roleList: ['operator'], homePath: '/dashboard/analysis' }));
    const groups = a.menus.map((m) => m.name);
    for (const g of ['system', 'cdk', 'client', 'financial', 'merchant', 'statistics']) expect(groups).not.toContain(`routes.${g}.${g}`);
    expect(groups).toContain('routes.order.order');
    expect(findRoute(a.routes, '/system/account')).toBeUndefined();
    const home = a.menus.find((m) => m.name === 'routes.home.home')!;
    // Spec §2: "a user with a personal homePath is sent there when opening the home entry".
    expect(home.path).toBe('/dashboard/analysis');
    expect(home.meta.hideChildrenInMenu).toBe(true);
    // Hidden pages are routes but not menu entries.
    expect(findRoute(a.routes, '/order/detail')).toBeDefined();
    expect(paths(a.menus)).not.toContain('/order/detail');
    // The operator's personal home path is the affix route.
    expect(findRoute(a.routes, '/dashboard/analysis')?.meta.affix).toBe(true);
    expect(findRoute(a.routes, '/home/work')?.meta.affix).toBeUndefined();
  });

  test('the default home is pinned through the Home group redirect', () => {
    const a = buildAccess(base({ homePath: '/home' }));
    expect(findRoute(a.routes, '/home/work')?.meta.affix).toBe(true);
  });

  test('missing view files are reported once per component', () => {
    const a = buildAccess(base({}));
    const missing = a.issues.filter((i) => i.kind === 'missing-view');
    expect(missing.length).toBeGreaterThan(50);
    expect(missing.map((i) => (i.kind === 'missing-view' ? i.component : ''))).toContain('order/index');
    expect(a.issues.filter((i) => i.kind === 'duplicate-name')).toEqual([]);
  });
});

describe("the roles' menus (user info `menus`) govern the role and route-mapping modes", () => {
  // A new role given the Feedback and Order menus in /system/role: its key is in no route's roles.
  const granted = ROUTE_TABLE.filter((g) => g.name === 'Feedback' || g.name === 'Order').flatMap((g) => [g.name, ...(g.children ?? []).map((c) => c.name)]);

  test.each(['ROUTE_MAPPING', 'ROLE'] as const)('%s: an account of a new role sees Home and its granted menus only; other pages are no route of its', (mode) => {
    const a = buildAccess(base({ mode, roleList: ['fbOrder'], menuNames: granted }));
    expect(titles(a.menus)).toEqual(['routes.home.home', 'routes.feedback.feedback', 'routes.order.order']);
    expect(findRoute(a.routes, '/order/index')).toBeDefined();
    expect(findRoute(a.routes, '/feedback/index')).toBeDefined();
    expect(findRoute(a.routes, '/home/work')).toBeDefined();
    for (const p of ['/goods/index', '/member/index', '/games/index']) expect(findRoute(a.routes, p)).toBeUndefined();
  });

  test('a page of a granted group that is not granted itself is not a route', () => {
    const a = buildAccess(base({ roleList: ['fbOrder'], menuNames: ['Order', 'OrderIndex'] }));
    expect(paths(a.menus.filter((m) => m.path === '/order'))).toEqual(['/order', '/order/index']);
    expect(findRoute(a.routes, '/order/back')).toBeUndefined();
  });

  test('the built-in roles keep their route mapping: the role filter still applies, and no names means the role filter alone', () => {
    const everything = ROUTE_TABLE.flatMap((g) => [g.name, ...(g.children ?? []).map((c) => c.name)]);
    const op = buildAccess(base({ roleList: ['operator'], homePath: '/dashboard/analysis', menuNames: everything }));
    expect(titles(op.menus)).toEqual(titles(buildAccess(base({ roleList: ['operator'], homePath: '/dashboard/analysis' })).menus));
    expect(titles(op.menus)).not.toContain('routes.system.system');
    expect(buildAccess(base({ menuNames: everything })).menus).toHaveLength(ROUTE_TABLE.length);
  });
});

describe('role mode (spec §6)', () => {
  test('routes filtered by meta roles; the menu is the front-end menu filtered by the user routes', () => {
    const a = buildAccess(base({ mode: 'ROLE', roleList: ['operator'] }));
    expect(titles(a.menus)).toEqual(titles(buildAccess(base({ roleList: ['operator'] })).menus));
    expect(paths(a.menus)).not.toContain('/system/account');
    expect(a.frontMenuList).toEqual([]);
    // Spec §2 home path: the Home entry opens the user's home path in every mode.
    expect(a.menus[0].path).toBe('/home/work');
  });

  test('a user without any role sees only routes that list no roles', () => {
    const a = buildAccess(base({ mode: 'ROLE', roleList: [] }));
    expect(a.menus.every((m) => !m.meta.roles?.length)).toBe(true);
    expect(a.menus.length).toBeGreaterThan(5);
  });
});

describe('back-end mode (spec §6)', () => {
  const serverMenus = (roles: string[]) => toMenuEntries(routesFor(roles));

  test("menu and routes come from the server's entries, sorted by orderNo descending", () => {
    const a = buildAccess(base({ mode: 'BACK', backMenus: serverMenus(['super']), permCodeList: ['SystemAccount:del'] }));
    expect(a.menus[0].name).toBe('routes.system.system');
    const orderNos = a.menus.map((m) => m.meta.orderNo ?? 0);
    expect(orderNos).toEqual([...orderNos].sort((x, y) => y - x));
    expect(a.backMenuList).toHaveLength(ROUTE_TABLE.length);
    expect(a.frontMenuList).toEqual([]);
    expect(a.permCodeList).toEqual(['SystemAccount:del']);
    expect(findRoute(a.routes, '/home/work')?.view).toEqual({ kind: 'page', file: 'home/work.page.tsx' });
    expect(findRoute(a.routes, '/home/work')?.meta.affix).toBe(true);
    // The server's Home hides its child menu.
    expect(a.menus.find((m) => m.name === 'routes.home.home')!.meta.hideChildrenInMenu).toBe(true);
  });

  test('the operator gets the server menu for its role', () => {
    const a = buildAccess(base({ mode: 'BACK', roleList: ['operator'], backMenus: serverMenus(['operator']) }));
    expect(titles(a.menus)).not.toContain('routes.system.system');
    expect(a.menus[0].name).toBe('routes.member.member');
  });

  test('loadAccess fetches codes and menus; a failed menu load is logged and leaves an empty menu', async () => {
    const logError = vi.fn();
    const ok = await loadAccess(base({ mode: 'BACK' }), { getPermCode: async () => ['a:b'], adminMenus: async () => serverMenus(['super']), logError });
    expect(ok.menus.length).toBe(ROUTE_TABLE.length);
    expect(ok.permCodeList).toEqual(['a:b']);
    expect(logError).not.toHaveBeenCalled();

    const failed = await loadAccess(base({ mode: 'BACK' }), {
      getPermCode: async () => ['a:b'],
      adminMenus: async () => {
        throw new Error('HTTP 500');
      },
      logError,
    });
    expect(failed.menus).toEqual([]);
    expect(failed.routes).toEqual([]);
    expect(failed.permCodeList).toEqual(['a:b']);
    expect(logError).toHaveBeenCalledWith(expect.stringMatching(/menu/), expect.any(Error));
  });

  test('loadAccess in the front-end modes makes no calls', async () => {
    const deps = { getPermCode: vi.fn(), adminMenus: vi.fn(), logError: vi.fn() };
    await loadAccess(base({ mode: 'ROUTE_MAPPING' }), deps);
    await loadAccess(base({ mode: 'ROLE' }), deps);
    expect(deps.getPermCode).not.toHaveBeenCalled();
    expect(deps.adminMenus).not.toHaveBeenCalled();
  });
});

describe('developer warnings (spec §8)', () => {
  test('one console.warn per build, each issue only once per page life', () => {
    const warn = vi.fn();
    const issues: RouteIssue[] = [
      { kind: 'missing-view', route: 'WarnA', component: 'warn/a' },
      { kind: 'ambiguous-view', route: 'WarnB', component: 'warn/b', files: ['warn/b.page.tsx', 'warn/b.page.ts'] },
      { kind: 'duplicate-name', route: 'WarnC' },
    ];
    expect(warnRouteIssues(issues, warn)).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/warn\/a.*\n.*warn\/b\.page\.tsx, warn\/b\.page\.ts.*\n.*WarnC/s);
    expect(warnRouteIssues(issues, warn)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(issueText({ kind: 'missing-component', route: 'X' })).toBe('route "X": no component configured');
  });
});
