import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type BuiltAccess } from '../../web/machines/session.machine';
import type { UserInfo } from '../../server/contract/auth';

const admin: UserInfo = { userId: 1, username: 'admin', nickName: 'Admin', roles: [{ id: 'super', name: 'Super' }], btnPermission: [] };
const operator: UserInfo = { ...admin, userId: 2, username: 'operator', roles: [{ id: 'operator', name: 'Op' }], homePath: '/dashboard/analysis' };
const access: BuiltAccess = { routes: [{ path: '/home', name: 'Home', meta: { title: 'routes.home.home' } }], menus: [], permCodeList: [], backMenuList: [], frontMenuList: [] };
const payload = { username: 'admin', password: 'admin123', captchaToken: 't', captchaCode: 'c' };

/**
 * The session machine in cover mode (behaviour notes "Session and guard"), with fake I/O. `users`
 * is what loadUser answers, call after call; `loginFails` makes the next login reject.
 */
function harness(cover: boolean, users: UserInfo[] = [admin, admin]) {
  const calls = {
    loadUser: vi.fn(),
    buildRoutes: vi.fn(),
    persist: vi.fn(),
    clearPersisted: vi.fn(),
    navigateHome: vi.fn(),
    navigateToLogin: vi.fn(),
    reload: vi.fn(),
  };
  let loginFails = false;
  let n = 0;
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async () => {
        if (loginFails) throw new Error('captchaCode: wrong or expired captcha');
        return { token: `tok${++n}`, tokenHead: 'Bearer ' };
      }),
      loadUser: fromPromise(async ({ input }) => {
        calls.loadUser(input);
        return { userInfo: users.shift() ?? admin, basicData: null };
      }),
      buildRoutes: fromPromise(async () => {
        calls.buildRoutes();
        return access;
      }),
      logout: fromPromise(async () => {}),
    },
    actions: {
      persist: (_, p) => calls.persist(p),
      clearPersisted: () => calls.clearPersisted(),
      navigateHome: (_, p) => calls.navigateHome(p),
      navigateToLogin: (_, p) => calls.navigateToLogin(p),
      reload: () => calls.reload(),
    },
    guards: { coverOnTimeout: () => cover },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, calls, failNextLogin: (v: boolean) => (loginFails = v) };
}

async function signedIn(h: ReturnType<typeof harness>) {
  h.actor.send({ type: 'session.login', payload });
  await waitFor(h.actor, (s) => s.matches('signedIn'));
  vi.clearAllMocks();
}

describe('session-timeout cover mode (spec §4, behaviour notes "Session and guard")', () => {
  test('a 401 clears only the token and keeps user, routes and page: no navigation, nothing else cleared', async () => {
    const h = harness(true);
    await signedIn(h);
    h.actor.send({ type: 'session.expired', message: 'timeout' });
    const s = h.actor.getSnapshot();
    expect(s.matches({ timedOut: 'idle' })).toBe(true);
    expect(s.context.token).toBeNull();
    expect(s.context.sessionTimeout).toBe(true);
    expect(s.context.userInfo?.username).toBe('admin');
    expect(s.context.routes).toEqual(access.routes);
    expect(h.calls.navigateToLogin).not.toHaveBeenCalled();
    expect(h.calls.clearPersisted).not.toHaveBeenCalled();
    expect(h.calls.persist).toHaveBeenCalledWith({ token: null, userInfo: admin });
    // Further 401s of the page's own calls change nothing.
    h.actor.send({ type: 'session.expired' });
    expect(h.actor.getSnapshot().matches({ timedOut: 'idle' })).toBe(true);
  });

  test('signing in again as the same user only clears the timeout flag: no navigation, no route rebuild', async () => {
    const h = harness(true);
    await signedIn(h);
    h.actor.send({ type: 'session.expired' });
    h.actor.send({ type: 'session.relogin', payload });
    await waitFor(h.actor, (s) => s.matches('signedIn'));
    const ctx = h.actor.getSnapshot().context;
    expect(ctx.token).toBe('Bearer tok2');
    expect(ctx.sessionTimeout).toBe(false);
    expect(ctx.routes).toEqual(access.routes);
    expect(h.calls.buildRoutes).not.toHaveBeenCalled();
    expect(h.calls.navigateHome).not.toHaveBeenCalled();
    expect(h.calls.reload).not.toHaveBeenCalled();
    expect(h.calls.persist).toHaveBeenLastCalledWith({ token: 'Bearer tok2', userInfo: admin });
  });

  test('a different user signing in on the cover becomes the stored session and the page reloads', async () => {
    const h = harness(true, [admin, operator]);
    await signedIn(h);
    h.actor.send({ type: 'session.expired' });
    h.actor.send({ type: 'session.relogin', payload: { ...payload, username: 'operator' } });
    await waitFor(h.actor, (s) => s.matches({ timedOut: 'switching' }));
    expect(h.calls.clearPersisted).toHaveBeenCalledTimes(1);
    expect(h.calls.persist).toHaveBeenLastCalledWith({ token: 'Bearer tok2', userInfo: operator });
    expect(h.calls.reload).toHaveBeenCalledTimes(1);
    expect(h.calls.clearPersisted.mock.invocationCallOrder[0]).toBeLessThan(h.calls.persist.mock.invocationCallOrder.at(-1)!);
  });

  test('a refused sign-in on the cover stays on the cover with the error', async () => {
    const h = harness(true);
    await signedIn(h);
    h.actor.send({ type: 'session.expired' });
    h.failNextLogin(true);
    h.actor.send({ type: 'session.relogin', payload });
    await waitFor(h.actor, (s) => s.matches({ timedOut: 'idle' }) && !!s.context.error);
    expect(h.actor.getSnapshot().context.error).toMatch(/captcha/);
    expect(h.actor.getSnapshot().context.token).toBeNull();
  });

  test('"Back to the login page" on the cover logs out', async () => {
    const h = harness(true);
    await signedIn(h);
    h.actor.send({ type: 'session.expired' });
    h.actor.send({ type: 'session.logout' });
    await waitFor(h.actor, (s) => s.matches('signedOut'));
    expect(h.calls.navigateToLogin).toHaveBeenCalledWith({ withRedirect: false });
    expect(h.actor.getSnapshot().context.userInfo).toBeNull();
  });

  test('route-jump mode (the default) still logs out to login with a redirect', async () => {
    const h = harness(false);
    await signedIn(h);
    h.actor.send({ type: 'session.expired', message: 'timeout' });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.calls.navigateToLogin).toHaveBeenCalledWith({ withRedirect: true, message: 'timeout' });
  });

  test('session.renewed (the lock screen signed in again) adopts and stores the fresh token', async () => {
    const h = harness(false);
    await signedIn(h);
    h.actor.send({ type: 'session.renewed', token: 'Bearer fresh' });
    expect(h.actor.getSnapshot().context.token).toBe('Bearer fresh');
    expect(h.calls.persist).toHaveBeenCalledWith({ token: 'Bearer fresh', userInfo: admin });
  });
});
