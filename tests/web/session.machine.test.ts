import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../web/machines/session.machine';
import type { UserInfo } from '../../server/contract/auth';
import type { RouteDecl } from '../../server/contract/route-table';

const admin: UserInfo = { userId: 1, username: 'admin', nickName: 'Admin', roles: [{ id: 'super', name: 'Super' }], btnPermission: ['a'] };
const operator: UserInfo = { ...admin, userId: 2, username: 'operator', roles: [{ id: 'operator', name: 'Op' }], homePath: '/dashboard/analysis' };
const routes: RouteDecl[] = [{ path: '/home', name: 'Home', meta: { title: 'routes.home.home' } }];
const payload = { username: 'admin', password: 'admin123', captchaToken: 't', captchaCode: 'c' };

/** The machine with fake I/O; every call is recorded. */
function harness(opts: { user?: UserInfo; loginFails?: boolean; loadFails?: unknown; logoutFails?: boolean; token?: string | null; stored?: UserInfo | null } = {}) {
  const calls = {
    login: vi.fn(),
    loadUser: vi.fn(),
    buildRoutes: vi.fn(),
    logout: vi.fn(),
    persist: vi.fn(),
    clearPersisted: vi.fn(),
    navigateHome: vi.fn(),
    navigateToLogin: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        calls.login(input);
        if (opts.loginFails) throw Object.assign(new Error('username: wrong account or password'), { code: 400 });
        return { token: 'tok', tokenHead: 'Bearer ' };
      }),
      loadUser: fromPromise(async ({ input }) => {
        calls.loadUser(input);
        if (opts.loadFails) throw opts.loadFails;
        return { userInfo: opts.user ?? admin, basicData: null };
      }),
      buildRoutes: fromPromise(async ({ input }) => {
        calls.buildRoutes(input);
        return { routes, menus: [], permCodeList: [], backMenuList: [], frontMenuList: [] };
      }),
      logout: fromPromise(async ({ input }) => {
        calls.logout(input);
        if (opts.logoutFails) throw new Error('network');
      }),
    },
    actions: {
      persist: (_, p) => calls.persist(p),
      clearPersisted: () => calls.clearPersisted(),
      navigateHome: (_, p) => calls.navigateHome(p),
      navigateToLogin: (_, p) => calls.navigateToLogin(p),
    },
  });
  const actor = createActor(machine, { input: { token: opts.token ?? null, userInfo: opts.stored ?? null } }).start();
  return { actor, calls };
}

describe('session machine (spec §4 Session)', () => {
  test('without a stored token it starts signed out', () => {
    const { actor } = harness();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  test('login stores the token, loads user info, builds routes once and goes to the default home', async () => {
    const { actor, calls } = harness();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    const ctx = actor.getSnapshot().context;
    expect(calls.login).toHaveBeenCalledWith(payload);
    expect(ctx.token).toBe('Bearer tok');
    expect(ctx.userInfo?.username).toBe('admin');
    expect(ctx.roleList).toEqual(['super']);
    expect(ctx.routes).toEqual(routes);
    expect(ctx.isDynamicAddedRoute).toBe(true);
    expect(calls.buildRoutes).toHaveBeenCalledTimes(1);
    expect(calls.persist).toHaveBeenCalledWith({ token: 'Bearer tok', userInfo: admin });
    expect(calls.navigateHome).toHaveBeenCalledWith({ path: '/home/work' });
  });

  test("login goes to the user's homePath, or to the redirect target once", async () => {
    const a = harness({ user: operator });
    a.actor.send({ type: 'session.login', payload });
    await waitFor(a.actor, (s) => s.matches('signedIn'));
    expect(a.calls.navigateHome).toHaveBeenCalledWith({ path: '/dashboard/analysis' });

    const b = harness({ user: operator });
    b.actor.send({ type: 'session.login', payload, redirect: '/order/index?x=1' });
    await waitFor(b.actor, (s) => s.matches('signedIn'));
    expect(b.calls.navigateHome).toHaveBeenCalledWith({ path: '/order/index?x=1' });
    expect(b.actor.getSnapshot().context.redirect).toBeNull();
  });

  test('a failed login stays signed out with the error and no token', async () => {
    const { actor, calls } = harness({ loginFails: true });
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedOut') && !!s.context.error);
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(actor.getSnapshot().context.error).toMatch(/wrong account/);
    expect(calls.navigateHome).not.toHaveBeenCalled();
  });

  test('logout calls the server, ignores its failure, clears everything and goes to login', async () => {
    const { actor, calls } = harness({ logoutFails: true });
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    const ctx = actor.getSnapshot().context;
    expect(calls.logout).toHaveBeenCalledWith({ token: 'Bearer tok' });
    expect(ctx.token).toBeNull();
    expect(ctx.userInfo).toBeNull();
    expect(ctx.sessionTimeout).toBe(false);
    expect(ctx.isDynamicAddedRoute).toBe(false);
    expect(calls.clearPersisted).toHaveBeenCalled();
    expect(calls.navigateToLogin).toHaveBeenCalledWith({ withRedirect: false });
  });

  test('a stored token restores the session (user info reloaded, routes rebuilt) without navigating', async () => {
    const { actor, calls } = harness({ token: 'Bearer old', stored: admin });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.loadUser).toHaveBeenCalledWith({ token: 'Bearer old' });
    expect(calls.navigateHome).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.routes).toEqual(routes);
  });

  test('restoring with an expired token (401) signs out and goes to login with a redirect', async () => {
    const { actor, calls } = harness({ token: 'Bearer old', stored: admin, loadFails: { code: 401, message: 'timeout' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(actor.getSnapshot().context.sessionTimeout).toBe(true);
    expect(calls.navigateToLogin).toHaveBeenCalledWith({ withRedirect: true });
  });

  test('a failed user-info fetch (not 401) lets navigation continue with the stored user (spec §8)', async () => {
    const { actor } = harness({ token: 'Bearer old', stored: admin, loadFails: { code: 500 } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.userInfo?.username).toBe('admin');
  });

  test('session.expired (401) clears the token and goes to login with the current path', async () => {
    const { actor, calls } = harness();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired', message: 'errors.timeout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(calls.navigateToLogin).toHaveBeenCalledWith({ withRedirect: true, message: 'errors.timeout' });
  });

  test("a 401's message (a session ended by an administrator) is kept for the login page until the next sign-in", async () => {
    const { actor } = harness();
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired', message: 'Your session was ended by an administrator; sign in again' });
    expect(actor.getSnapshot().context.notice).toBe('Your session was ended by an administrator; sign in again');
    // Reaching /login resets the session; the login page still has the notice to show.
    actor.send({ type: 'session.reset' });
    expect(actor.getSnapshot().context.notice).toBe('Your session was ended by an administrator; sign in again');
    actor.send({ type: 'session.login', payload });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('reaching /login while signed out resets all state and persisted data', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'session.reset' });
    expect(calls.clearPersisted).toHaveBeenCalled();
    expect(actor.getSnapshot().context.routes).toEqual([]);
  });
});
