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
  sessionTimeout: boolean;
  /** Where to go after sign-in (the `redirect` query), honoured once. */
  redirect: string | null;
  /** Message of the last failed sign-in (already shown to the user by the HTTP client). */
  error: string | null;
  lastUpdateTime: number;
}

export type SessionEvent =
  | { type: 'session.login'; payload: LoginPayload; redirect?: string | null }
  | { type: 'session.logout'; goLogin?: boolean }
  | { type: 'session.expired'; message?: string }
  | { type: 'session.reset' };

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
  isDynamicAddedRoute: false,
  sessionTimeout: false,
  redirect: null,
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
 * - `session.reset` (reaching /login while signed out): clears all session state and persisted data.
 *
 * I/O is in named actors (`login`, `loadUser`, `buildRoutes`, `logout`) and navigation and
 * persistence in named actions, which the app provides with `.provide()`; tests provide fakes.
 */
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
    buildRoutes: fromPromise<RouteDecl[], { userInfo: UserInfo; roleList: string[] }>(async () => []),
    logout: fromPromise<void, { token: string | null }>(async () => {}),
  },
  actions: {
    /** Writes token and user info to storage (null clears). */
    persist: (_, _p: { token: string | null; userInfo: UserInfo | null }) => {},
    /** Clears every persisted session, permission, tabs and user value. */
    clearPersisted: () => {},
    navigateHome: (_, _p: { path: string }) => {},
    navigateToLogin: (_, _p: { withRedirect: boolean; message?: string }) => {},
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
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'building',
          actions: [
            assign(({ event }) => ({
              userInfo: event.output.userInfo,
              basicData: event.output.basicData,
              roleList: event.output.userInfo.roles.map((r) => r.id),
              lastUpdateTime: Date.now(),
            })),
            { type: 'persist', params: ({ context, event }) => ({ token: context.token, userInfo: event.output.userInfo }) },
          ],
        },
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
    building: {
      invoke: {
        src: 'buildRoutes',
        input: ({ context }) => ({ userInfo: context.userInfo!, roleList: context.roleList }),
        onDone: { target: 'signedIn', actions: assign(({ event }) => ({ routes: event.output, isDynamicAddedRoute: true })) },
        onError: { target: 'signedIn', actions: assign({ routes: [], isDynamicAddedRoute: true }) },
      },
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign(({ event }) => ({ error: null, redirect: event.redirect ?? null })),
        },
        'session.reset': { actions: [assign({ ...cleared, error: null }), 'clearPersisted'] },
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
                assign(({ event }) => ({ token: `${event.output.tokenHead}${event.output.token}`, sessionTimeout: false })),
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
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'building',
              actions: [
                assign(({ event }) => ({
                  userInfo: event.output.userInfo,
                  basicData: event.output.basicData,
                  roleList: event.output.userInfo.roles.map((r) => r.id),
                  lastUpdateTime: Date.now(),
                })),
                { type: 'persist', params: ({ context, event }) => ({ token: context.token, userInfo: event.output.userInfo }) },
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: [assign(({ event }) => ({ ...cleared, error: (event.error as Error)?.message ?? 'failed' })), 'clearPersisted'],
            },
          },
        },
        building: {
          invoke: {
            src: 'buildRoutes',
            input: ({ context }) => ({ userInfo: context.userInfo!, roleList: context.roleList }),
            onDone: { target: 'done', actions: assign(({ event }) => ({ routes: event.output, isDynamicAddedRoute: true })) },
            onError: { target: 'done', actions: assign({ routes: [], isDynamicAddedRoute: true }) },
          },
        },
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
        'session.expired': {
          target: 'signedOut',
          actions: [
            assign({ ...cleared, sessionTimeout: true }),
            'clearPersisted',
            { type: 'navigateToLogin', params: ({ event }) => ({ withRedirect: true, message: event.message }) },
          ],
        },
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
