import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { sessionMachine, homePathOf } from '../machines/session.machine';
import { sessionApi } from '../api/session';
import { local, session as sessionCache, StorageKey } from '../lib/storage';
import { ROUTE_TABLE } from '../../server/contract/route-table';
import type { UserInfo } from '../../server/contract/auth';
import { loadAccess, warnRouteIssues } from './routing/access';
import { loadScreenTexts } from '../i18n';
import type { SessionActor } from '../services/session';
import { LOGIN_PATH } from '../services/guard';
import { getProjectConfig } from '../services/project-config';
import { shellPath, shellSearch } from './routing/shell-location';

/** The preferences' sync once a sign-in loaded it (a lazy chunk: the login page never needs it). */
let preferences: typeof import('../services/preferences') | null = null;

/** Loads the signed-in user's preferences (one request, beside `owner`: the user's id) and starts saving their changes; never rejects. */
async function loadPreferences(owner: Promise<number | null>): Promise<void> {
  try {
    preferences ??= await import('../services/preferences');
    await preferences.loadPreferences(owner);
  } catch {
    // A chunk that does not load leaves the local copies as they are.
  }
}

/** The location shown (a tab switch's URL may not be written yet, routing/shell-location.ts). */
function currentFullPath(): string {
  return shellPath() + shellSearch();
}

/**
 * The app's session actor: the machine with its real actors (the §7 endpoints), persistence in
 * local storage (spec §9, 7 days) and navigation through wouter's browser location. Route building
 * resolves views against `files` (the pages' registry, `VIEW_FILES`), which the shell passes in so
 * that web/services never imports the pages. web/main.tsx provides it (provideSessionActor).
 */
export function createSessionActor(files: readonly string[]): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => sessionApi.login(input)),
      loadUser: fromPromise(async () => {
        // The screens' texts and the user's preferences load beside the user (the login page has only the shell's);
        // the preferences land before the routes are built, as the permission mode is one of them.
        const info = sessionApi.adminInfo();
        const [userInfo] = await Promise.all([info, loadScreenTexts(), loadPreferences(info.then((u) => u.userId, () => null))]);
        // Basic data failing must not block sign-in; screens that need it reload it.
        const basicData = await sessionApi.basicData().catch(() => null);
        return { userInfo, basicData };
      }),
      // Spec §6: the permission mode in effect decides routes, menu and permission codes.
      buildRoutes: fromPromise(async ({ input }) => {
        const access = await loadAccess(
          { mode: getProjectConfig().permissionMode, roleList: input.roleList, menuNames: input.userInfo.menus, homePath: homePathOf(input.userInfo), frontRoutes: ROUTE_TABLE, files },
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
        preferences?.stopPreferences();
        for (const k of [StorageKey.token, StorageKey.userInfo, StorageKey.roles, StorageKey.sessionTimeout, StorageKey.multipleTabs]) local.remove(k);
        sessionCache.clear();
      },
      reload: () => window.location.reload(),
      navigateHome: (_, { path }) => navigate(path, { replace: true }),
      navigateToLogin: (_, { withRedirect }) => {
        const here = currentFullPath();
        const onLogin = shellPath() === LOGIN_PATH;
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
