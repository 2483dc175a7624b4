import { createActor, fromPromise, type Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { sessionMachine, homePathOf } from '../machines/session.machine';
import { sessionApi } from '../api/session';
import { local, session as sessionCache, StorageKey } from '../lib/storage';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import type { UserInfo } from '../../server/contract/auth';
import { loadAccess, warnRouteIssues } from './routing/access';
import { loadScreenTexts } from '../i18n';
import type { AppRoute, MenuItem } from './routing/types';
import { VIEW_FILES } from '../pages/registry';
import { LOGIN_PATH } from './guard';
import { getProjectConfig } from './config/project-config';

export type SessionActor = Actor<typeof sessionMachine>;

function currentFullPath(): string {
  return window.location.pathname + window.location.search;
}

/**
 * The app's session actor: the machine with its real actors (the §7 endpoints), persistence in
 * local storage (spec §9, 7 days) and navigation through wouter's browser location.
 */
export function createSessionActor(): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => sessionApi.login(input)),
      loadUser: fromPromise(async () => {
        // The screens' texts load beside the user (the login page has only the shell's).
        const [userInfo] = await Promise.all([sessionApi.adminInfo(), loadScreenTexts()]);
        // Basic data failing must not block sign-in; screens that need it reload it.
        const basicData = await sessionApi.basicData().catch(() => null);
        return { userInfo, basicData };
      }),
      // Spec §6: the permission mode in effect decides routes, menu and permission codes.
      buildRoutes: fromPromise(async ({ input }) => {
        const access = await loadAccess(
          { mode: getProjectConfig().permissionMode, roleList: input.roleList, homePath: homePathOf(input.userInfo), frontRoutes: ROUTE_TABLE, files: VIEW_FILES },
          {
            getPermCode: () => sessionApi.getPermCode(),
            adminMenus: () => sessionApi.adminMenus(),
            logError: (message, error) => console.error(`[console] ${message}`, error),
          },
        );
        // Spec §8 developer warnings are for developers: production consoles stay quiet.
        if (process.env.NODE_ENV !== 'production') warnRouteIssues(access.issues);
        return access;
      }),
      logout: fromPromise(async () => {
        await sessionApi.logout();
      }),
    },
    actions: {
      persist: (_, { token, userInfo }) => {
        if (token) local.set(StorageKey.token, token);
        else local.remove(StorageKey.token);
        if (userInfo) local.set(StorageKey.userInfo, userInfo);
      },
      clearPersisted: () => {
        for (const k of [StorageKey.token, StorageKey.userInfo, StorageKey.roles, StorageKey.sessionTimeout, StorageKey.multipleTabs]) local.remove(k);
        sessionCache.clear();
      },
      reload: () => window.location.reload(),
      navigateHome: (_, { path }) => navigate(path, { replace: true }),
      navigateToLogin: (_, { withRedirect }) => {
        const here = currentFullPath();
        const onLogin = window.location.pathname === LOGIN_PATH;
        if (onLogin) return;
        const to = withRedirect && here !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}` : LOGIN_PATH;
        navigate(to, { replace: true });
      },
    },
    guards: {
      // Spec §4 / behaviour notes: a 401 shows the login cover instead of jumping to login.
      coverOnTimeout: () => getProjectConfig().sessionTimeoutProcessing === 'PAGE_COVERAGE',
    },
  });
  return createActor(machine, {
    input: { token: local.get<string>(StorageKey.token), userInfo: local.get<UserInfo>(StorageKey.userInfo) },
  });
}

let actor: SessionActor | null = null;

/** The one session actor of the page (created and started by web/main.tsx). */
export function sessionActor(): SessionActor {
  if (!actor) actor = createSessionActor();
  return actor;
}

/** Session facts for components, re-rendering only when they change. */
export function useSession() {
  const a = sessionActor();
  const state = useSelector(a, (s) => s);
  const ctx = state.context;
  return {
    /** `signedIn`, `signedOut`, or a transient state (`boot`, `restoring`, `building`, `signingIn`, `signingOut`). */
    status: typeof state.value === 'string' ? state.value : Object.keys(state.value)[0],
    signingIn: state.matches('signingIn'),
    ready: state.matches('signedIn'),
    token: ctx.token,
    userInfo: ctx.userInfo,
    roleList: ctx.roleList,
    /** The built routes (the app's `buildRoutes` always yields AppRoutes). */
    routes: ctx.routes as AppRoute[],
    /** The side menu of the permission mode, hidden entries removed (spec §6). */
    menus: ctx.menus as MenuItem[],
    /** Back-end mode's permission codes (spec §3 "Permission state"). */
    permCodeList: ctx.permCodeList,
    lastBuildMenuTime: ctx.lastBuildMenuTime,
    basicData: ctx.basicData,
    homePath: homePathOf(ctx.userInfo),
    error: ctx.error,
    send: a.send,
  };
}
