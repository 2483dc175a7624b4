import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { canChangeRole, hasPermission, nextPermissionMode, permissionCodes } from '../../web/services/routing/permission-rules';
import { sessionMachine, PERMISSION_RESET, type BuiltAccess } from '../../web/machines/session.machine';
import type { BasicData, UserInfo } from '../../server/contract/auth';

describe('button permission (spec §6)', () => {
  const codes = ['OrderIndex:view', 'OrderIndex:export', 'SystemAccount:del'];

  test('a missing or blank code means allowed', () => {
    expect(hasPermission(undefined, [])).toBe(true);
    expect(hasPermission(null, [])).toBe(true);
    expect(hasPermission('', [])).toBe(true);
    expect(hasPermission('  ', [])).toBe(true);
    expect(hasPermission([], [])).toBe(true);
  });

  test('one code must be held', () => {
    expect(hasPermission('OrderIndex:view', codes)).toBe(true);
    expect(hasPermission('OrderIndex:del', codes)).toBe(false);
  });

  test('a||b: any of them; a&&b: all of them; && binds tighter; blanks ignored', () => {
    expect(hasPermission('OrderIndex:del||OrderIndex:view', codes)).toBe(true);
    expect(hasPermission('OrderIndex:del||OrderIndex:add', codes)).toBe(false);
    expect(hasPermission('OrderIndex:view&&OrderIndex:export', codes)).toBe(true);
    expect(hasPermission('OrderIndex:view && OrderIndex:del', codes)).toBe(false);
    expect(hasPermission('OrderIndex:del&&OrderIndex:view||SystemAccount:del', codes)).toBe(true);
    expect(hasPermission('OrderIndex:del&&OrderIndex:view||SystemAccount:add', codes)).toBe(false);
  });

  test('a list means any of them', () => {
    expect(hasPermission(['X', 'SystemAccount:del'], codes)).toBe(true);
    expect(hasPermission(['X', 'Y'], codes)).toBe(false);
  });

  test('back-end mode checks the permission code list, the other modes the user btnPermission', () => {
    expect(permissionCodes('BACK', ['a'], ['b'])).toEqual(['b']);
    expect(permissionCodes('ROUTE_MAPPING', ['a'], ['b'])).toEqual(['a']);
    expect(permissionCodes('ROLE', undefined, ['b'])).toEqual([]);
  });

  test('changing role only in route-mapping mode (§5); the mode toggle flips back-end and route mapping (§4)', () => {
    expect(canChangeRole('ROUTE_MAPPING')).toBe(true);
    expect(canChangeRole('ROLE')).toBe(false);
    expect(canChangeRole('BACK')).toBe(false);
    expect(nextPermissionMode('BACK')).toBe('ROUTE_MAPPING');
    expect(nextPermissionMode('ROUTE_MAPPING')).toBe('BACK');
    expect(nextPermissionMode('ROLE')).toBe('BACK');
  });
});

describe('permission state in the session machine (spec §3, §4, §5)', () => {
  const admin: UserInfo = { userId: 1, username: 'admin', nickName: 'Admin', roles: [{ id: 'super', name: 'Super' }], btnPermission: ['a'] };
  const payload = { username: 'admin', password: 'admin123', captchaToken: 't', captchaCode: 'c' };
  const access = (roleList: string[]): BuiltAccess => ({
    routes: [{ path: '/home', name: `Home-${roleList.join()}`, meta: { title: 'routes.home.home' } }],
    menus: [{ name: 'routes.home.home', path: '/home' }],
    permCodeList: ['SystemAccount:del'],
    backMenuList: [{ name: 'routes.home.home', path: '/home' }],
    frontMenuList: [],
  });

  function harness() {
    const built = vi.fn();
    const machine = sessionMachine.provide({
      actors: {
        login: fromPromise(async () => ({ token: 'tok', tokenHead: 'Bearer ' })),
        loadUser: fromPromise(async () => ({ userInfo: admin, basicData: null as BasicData | null })),
        buildRoutes: fromPromise(async ({ input }) => {
          built(input.roleList);
          return access(input.roleList);
        }),
        logout: fromPromise(async () => {}),
      },
    });
    return { actor: createActor(machine, { input: {} }).start(), built };
  }

  test('a build stores routes, menu, codes and back menu, sets the flag and stamps the build time', async () => {
    const { actor } = harness();
    const before = Date.now();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    const c = actor.getSnapshot().context;
    expect(c.isDynamicAddedRoute).toBe(true);
    expect(c.menus).toEqual([{ name: 'routes.home.home', path: '/home' }]);
    expect(c.permCodeList).toEqual(['SystemAccount:del']);
    expect(c.backMenuList).toHaveLength(1);
    expect(c.lastBuildMenuTime).toBeGreaterThanOrEqual(before);
  });

  test('session.changeRole rebuilds routes and menu for the new role without signing out', async () => {
    const { actor, built } = harness();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.changeRole', roleList: ['operator'] });
    expect(actor.getSnapshot().value).toBe('building');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(built).toHaveBeenLastCalledWith(['operator']);
    expect(actor.getSnapshot().context.roleList).toEqual(['operator']);
    expect(actor.getSnapshot().context.routes[0].name).toBe('Home-operator');
    expect(actor.getSnapshot().context.token).toBe('Bearer tok');
  });

  test('logout resets the permission state: routes flag, codes, back menu and build time', async () => {
    const { actor } = harness();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    const c = actor.getSnapshot().context;
    expect({ isDynamicAddedRoute: c.isDynamicAddedRoute, permCodeList: c.permCodeList, backMenuList: c.backMenuList, lastBuildMenuTime: c.lastBuildMenuTime }).toEqual(PERMISSION_RESET);
    expect(c.menus).toEqual([]);
    expect(c.routes).toEqual([]);
  });

  test('a failed build leaves no routes and an empty menu, still signed in', async () => {
    const machine = sessionMachine.provide({
      actors: {
        login: fromPromise(async () => ({ token: 'tok', tokenHead: 'Bearer ' })),
        loadUser: fromPromise(async () => ({ userInfo: admin, basicData: null as BasicData | null })),
        buildRoutes: fromPromise<BuiltAccess, { userInfo: UserInfo; roleList: string[] }>(async () => {
          throw new Error('boom');
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.menus).toEqual([]);
    expect(actor.getSnapshot().context.isDynamicAddedRoute).toBe(true);
  });
});
