import { assign, fromPromise, setup } from 'xstate';
import type { BasicData, LoginPayload, LoginResult, UserInfo } from '../../server/contract/auth';
import type { RouteDecl } from '../../server/contract/route-table';
import { DEFAULT_HOME_PATH } from '../../server/contract/route-table';

/** What the session knows (spec §3 "User state", "Permission state"). */
export interface SessionContext {
  /** `tokenHead + token`, stored joined (spec §3 "Login result"). */
  token: string | null;
  userInfo: UserInfo | null;
  /** Role ids of the user (spec §3 "Stored role list holds role ids"). */
  roleList: string[];
  basicData: BasicData | null;
  /** The routes the user may open; built once per session (spec §4, flag isDynamicAddedRoute). */
  routes: RouteDecl[];
  isDynamicAddedRoute: boolean;
  /** The side menu of the permission mode (spec §6), hidden entries removed. */
  menus: MenuLike[];
  /** Permission state (spec §3): back-end mode's codes and menu, route-mapping mode's menu, when the menu was built (ms since epoch, 0 = never). */
  permCodeList: string[];
  backMenuList: MenuLike[];
  frontMenuList: MenuLike[];
  lastBuildMenuTime: number;
  sessionTimeout: boolean;
  /** Where to go after sign-in (the `redirect` query), honoured once. */
  redirect: string | null;
  /** Message of the last failed sign-in (already shown to the user by the HTTP client). */
  error: string | null;
  /** Why the session ended (a 401's message, e.g. "ended by an administrator"), shown on the login page until the next sign-in or sign-out. */
  notice: string | null;
  lastUpdateTime: number;
}

export type SessionEvent =
  | { type: 'session.login'; payload: LoginPayload; redirect?: string | null }
  | { type: 'session.logout'; goLogin?: boolean }
  | { type: 'session.expired'; message?: string }
  | { type: 'session.reset' }
  /** Cover mode (behaviour notes "Session and guard"): sign in again on the timeout cover. */
  | { type: 'session.relogin'; payload: LoginPayload }
  /** A fresh token for the same user (the lock screen's account-password unlock signed in again). */
  | { type: 'session.renewed'; token: string }
  /** Spec §5: act as another role (route-mapping mode only; the app checks the mode): routes and menu are rebuilt. */
  | { type: 'session.changeRole'; roleList: string[] }
  /** The signed-in user changed their own profile (their avatar): shown at once and kept. */
  | { type: 'session.profileChanged'; patch: Partial<UserInfo> };

/**
 * A menu item as the machine stores it; the routing module (web/app/routing/types.ts `MenuItem`)
 * gives it its full shape. Machines don't import the app, so the shape is only sketched here.
 */
export interface MenuLike {
  name: string;
  path: string;
  children?: MenuLike[];
}

/** What the `buildRoutes` actor yields (spec §3 "Permission state", §6). */
export interface BuiltAccess {
  routes: RouteDecl[];
  menus: MenuLike[];
  permCodeList: string[];
  backMenuList: MenuLike[];
  frontMenuList: MenuLike[];
}

/** Spec §4 "Permission reset clears the routes flag, permission codes, back menu list and build time." */
export const PERMISSION_RESET = {
  isDynamicAddedRoute: false,
  permCodeList: [] as string[],
  backMenuList: [] as MenuLike[],
  lastBuildMenuTime: 0,
};

/** The context patch of a finished route build (the flag set, the build time stamped). */
function accessPatch(out: BuiltAccess, now: number) {
  return {
    routes: out.routes,
    menus: out.menus,
    permCodeList: out.permCodeList,
    backMenuList: out.backMenuList,
    frontMenuList: out.frontMenuList,
    isDynamicAddedRoute: true,
    lastBuildMenuTime: now,
  };
}

/** A failed route build: no routes and an empty menu, so the user still gets the shell (spec §8). */
const EMPTY_ACCESS: BuiltAccess = { routes: [], menus: [], permCodeList: [], backMenuList: [], frontMenuList: [] };

export interface SessionInput {
  /** A token restored from storage, if any. */
  token?: string | null;
  userInfo?: UserInfo | null;
}

/** The user's home path: their personal `homePath`, else the default (spec §2 "Home path"). */
export function homePathOf(userInfo: UserInfo | null | undefined): string {
  return userInfo?.homePath || DEFAULT_HOME_PATH;
}

const cleared = {
  token: null,
  userInfo: null,
  roleList: [] as string[],
  basicData: null,
  routes: [] as RouteDecl[],
  menus: [] as MenuLike[],
  frontMenuList: [] as MenuLike[],
  ...PERMISSION_RESET,
  sessionTimeout: false,
  redirect: null,
  notice: null as string | null,
};

/**
 * The session (spec §4 "Session", behaviour notes "Session and guard").
 *
 * - `boot`: with a stored token → `restoring` (load user info and basic data, build routes), else `signedOut`.
 * - `session.login`: login stores the token, loads user info and basic data, builds the routes
 *   once, then `navigateHome` (the redirect target, else the user's homePath).
 * - `session.logout`: calls the server (failure ignored), clears token, user info and timeout
 *   flag, then `navigateToLogin`.
 * - `session.expired` (envelope or HTTP 401): clears the token and goes to login with the current path as redirect.
 * - `session.reset` (reaching /login while signed out): clears all session state and persisted data,
 *   including the permission state (`PERMISSION_RESET`, spec §4).
 * - `session.changeRole` (spec §5, route-mapping mode): the new role ids, then `building` again.
 * - `buildRoutes` yields the routes, the menu and the permission state of the permission mode
 *   (spec §6); its failure leaves no routes and an empty menu.
 * - Cover mode (guard `coverOnTimeout`, spec §4 session-timeout cover): `session.expired` clears only
 *   the token and goes to `timedOut`, keeping user, routes and page; `session.relogin` signs in
 *   again there: the same user → `signedIn` with only the timeout flag cleared (no navigation, no
 *   route rebuild); a different user → persisted as the new session, then `reload`.
 *
 * I/O is in named actors (`login`, `loadUser`, `buildRoutes`, `logout`) and navigation and
 * persistence in named actions, which the app provides with `.provide()`; tests provide fakes.
 */
/**
 * Reading the signed-in user's info with the session's token, then building their routes (after a
 * reload and after a sign-in; each state says what a failure does): the user is stored and persisted
 * beside the token.
 */
/** What `loadUser` answers. */
type LoadedUser = { userInfo: UserInfo; basicData: BasicData | null };
const loadingUser = {
  src: 'loadUser' as const,
  input: ({ context }: { context: SessionContext }) => ({ token: context.token! }),
  onDone: {
    target: 'building' as const,
    actions: [
      { type: 'storeUser' as const, params: ({ event }: { event: { output: LoadedUser } }) => event.output },
      { type: 'persist' as const, params: ({ context, event }: { context: SessionContext; event: { output: LoadedUser } }) => ({ token: context.token, userInfo: event.output.userInfo }) },
    ],
  },
};

/**
 * The state that builds the routes and menus of the signed-in user, then goes to `target`: after a
 * reload (`signedIn`) and after a sign-in (`done`). A failed build still signs in, with no routes,
 * so the shell can show its error instead of a blank page.
 */
const buildingState = <T extends string>(target: T) => ({
  invoke: {
    src: 'buildRoutes' as const,
    input: ({ context }: { context: SessionContext }) => ({ userInfo: context.userInfo!, roleList: context.roleList }),
    onDone: { target, actions: { type: 'storeAccess' as const, params: ({ event }: { event: { output: BuiltAccess } }) => event.output } },
    onError: { target, actions: { type: 'storeAccess' as const, params: EMPTY_ACCESS } },
  },
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<LoginResult, LoginPayload>(async () => {
      throw new Error('login actor not provided');
    }),
    loadUser: fromPromise<{ userInfo: UserInfo; basicData: BasicData | null }, { token: string }>(async () => {
      throw new Error('loadUser actor not provided');
    }),
    buildRoutes: fromPromise<BuiltAccess, { userInfo: UserInfo; roleList: string[] }>(async () => EMPTY_ACCESS),
    logout: fromPromise<void, { token: string | null }>(async () => {}),
  },
  actions: {
    /** Takes in what `loadUser` answered (spec §3 "User state"). */
    storeUser: assign((_, p: { userInfo: UserInfo; basicData: BasicData | null }) => ({
      userInfo: p.userInfo,
      basicData: p.basicData,
      roleList: p.userInfo.roles.map((r) => r.id),
      lastUpdateTime: Date.now(),
    })),
    /** Takes in what `buildRoutes` answered; routes are now added (isDynamicAddedRoute). */
    storeAccess: assign((_, p: BuiltAccess) => accessPatch(p, Date.now())),
    /** Writes token and user info to storage (null clears). */
    persist: (_, _p: { token: string | null; userInfo: UserInfo | null }) => {},
    /** Clears every persisted session, permission, tabs and user value. */
    clearPersisted: () => {},
    navigateHome: (_, _p: { path: string }) => {},
    navigateToLogin: (_, _p: { withRedirect: boolean; message?: string }) => {},
    /** Reloads the page (a different user signed in on the timeout cover). */
    reload: () => {},
  },
  guards: {
    /** True when the project config's sessionTimeoutProcessing is the cover mode (default: route jump). */
    coverOnTimeout: () => false,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...cleared,
    token: input?.token ?? null,
    userInfo: input?.userInfo ?? null,
    roleList: input?.userInfo?.roles.map((r) => r.id) ?? [],
    error: null,
    lastUpdateTime: 0,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: ({ context }) => !!context.token, target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        ...loadingUser,
        // Spec §8: a failed user-info fetch lets navigation continue with what we had…
        onError: [
          { guard: ({ context, event }) => !!context.userInfo && !isUnauthorized(event.error), target: 'building' },
          // …but an expired token, or no user info at all, leaves nothing to build a session on.
          {
            target: 'signedOut',
            actions: [
              assign(({ event }) => ({ ...cleared, sessionTimeout: isUnauthorized(event.error) })),
              'clearPersisted',
              { type: 'navigateToLogin', params: { withRedirect: true } },
            ],
          },
        ],
      },
    },
    building: buildingState('signedIn'),
    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign(({ event }) => ({ error: null, redirect: event.redirect ?? null })),
        },
        // The notice stays: reaching /login resets, and the login page shows it there.
        'session.reset': { actions: [assign(({ context }) => ({ ...cleared, error: null, notice: context.notice })), 'clearPersisted'] },
      },
    },
    signingIn: {
      initial: 'authenticating',
      states: {
        authenticating: {
          invoke: {
            src: 'login',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.login' }>).payload,
            onDone: {
              target: 'loadingUser',
              actions: [
                assign(({ event }) => ({ token: `${event.output.tokenHead}${event.output.token}`, sessionTimeout: false, notice: null })),
                { type: 'persist', params: ({ context }) => ({ token: context.token, userInfo: null }) },
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: assign(({ event }) => ({ error: (event.error as Error)?.message ?? 'login failed' })),
            },
          },
        },
        loadingUser: {
          invoke: {
            ...loadingUser,
            onError: {
              target: '#session.signedOut',
              actions: [assign(({ event }) => ({ ...cleared, error: (event.error as Error)?.message ?? 'failed' })), 'clearPersisted'],
            },
          },
        },
        building: buildingState('done'),
        done: {
          type: 'final',
          entry: [
            { type: 'navigateHome', params: ({ context }) => ({ path: context.redirect || homePathOf(context.userInfo) }) },
            assign({ redirect: null }),
          ],
        },
      },
      onDone: 'signedIn',
    },
    signedIn: {
      on: {
        'session.logout': 'signingOut',
        // Spec §5: another role's routes and menu, rebuilt through `building` (no reload).
        'session.changeRole': { target: 'building', actions: assign(({ event }) => ({ roleList: [...event.roleList] })) },
        'session.profileChanged': {
          actions: [
            assign(({ context, event }) => ({ userInfo: context.userInfo ? { ...context.userInfo, ...event.patch } : null })),
            { type: 'persist', params: ({ context }) => ({ token: context.token, userInfo: context.userInfo }) },
          ],
        },
        'session.renewed': {
          actions: [assign(({ event }) => ({ token: event.token })), { type: 'persist', params: ({ context }) => ({ token: context.token, userInfo: context.userInfo }) }],
        },
        'session.expired': [
          {
            guard: 'coverOnTimeout',
            target: 'timedOut',
            actions: [assign({ token: null, sessionTimeout: true, error: null }), { type: 'persist', params: ({ context }) => ({ token: null, userInfo: context.userInfo }) }],
          },
          {
            target: 'signedOut',
            actions: [
              assign(({ event }) => ({ ...cleared, sessionTimeout: true, notice: event.message ?? null })),
              'clearPersisted',
              { type: 'navigateToLogin', params: ({ event }) => ({ withRedirect: true, message: event.message }) },
            ],
          },
        ],
      },
    },
    timedOut: {
      initial: 'idle',
      on: { 'session.logout': 'signingOut' },
      states: {
        idle: {
          on: { 'session.relogin': { target: 'authenticating', actions: assign({ error: null }) } },
        },
        authenticating: {
          invoke: {
            src: 'login',
            input: ({ event }) => (event as Extract<SessionEvent, { type: 'session.relogin' }>).payload,
            onDone: { target: 'loadingUser', actions: assign(({ event }) => ({ token: `${event.output.tokenHead}${event.output.token}` })) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ error: (event.error as Error)?.message ?? 'login failed' })) },
          },
        },
        loadingUser: {
          invoke: {
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token! }),
            onDone: [
              {
                guard: ({ context, event }) => event.output.userInfo.userId === context.userInfo?.userId,
                target: '#session.signedIn',
                actions: [assign({ sessionTimeout: false }), { type: 'persist', params: ({ context }) => ({ token: context.token, userInfo: context.userInfo }) }],
              },
              {
                // Someone else signed in: their session starts from a clean page.
                target: 'switching',
                actions: ['clearPersisted', { type: 'persist', params: ({ context, event }) => ({ token: context.token, userInfo: event.output.userInfo }) }, 'reload'],
              },
            ],
            onError: { target: 'idle', actions: assign(({ event }) => ({ token: null, error: (event.error as Error)?.message ?? 'failed' })) },
          },
        },
        /** Waiting for the page to reload. */
        switching: {},
      },
    },
    signingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        // Spec §4: a failed server logout is ignored.
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      always: {
        target: 'signedOut',
        actions: [assign({ ...cleared, error: null }), 'clearPersisted', { type: 'navigateToLogin', params: { withRedirect: false } }],
      },
    },
  },
});

/** An actor error that is a 401 (the HTTP client's ApiError carries `code`; machines don't import it). */
function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 401;
}
