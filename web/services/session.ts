import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { sessionMachine, homePathOf } from '../machines/session.machine';
import type { AppRoute, MenuItem } from './routing/types';

/** The session machine's running actor (spec §3 "Session state", §4 sign-in / sign-out). */
export type SessionActor = Actor<typeof sessionMachine>;

let actor: SessionActor | null = null;
let factory: (() => SessionActor) | null = null;

/**
 * Gives the page its session actor. The shell calls this at boot (web/main.tsx) with the factory
 * that wires the machine's real actors, route building included: this layer never imports the
 * shell or the pages' registry. The actor is created on the first {@link sessionActor} call.
 */
export function provideSessionActor(create: () => SessionActor): void {
  factory = create;
  actor = null;
}

/**
 * The one session actor of the page. Throws when the shell has not provided it yet
 * ({@link provideSessionActor}); {@link currentSessionActor} is the non-throwing form.
 */
export function sessionActor(): SessionActor {
  const a = currentSessionActor();
  if (!a) throw new Error('No session actor: the shell provides it at boot (provideSessionActor in web/main.tsx).');
  return a;
}

/** The session actor, or null when none was provided (a unit test without the shell). */
export function currentSessionActor(): SessionActor | null {
  if (!actor && factory) actor = factory();
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
    /** The built routes (the shell's `buildRoutes` always yields AppRoutes). */
    routes: ctx.routes as AppRoute[],
    /** The side menu of the permission mode, hidden entries removed (spec §6). */
    menus: ctx.menus as MenuItem[],
    /** Back-end mode's permission codes (spec §3 "Permission state"). */
    permCodeList: ctx.permCodeList,
    lastBuildMenuTime: ctx.lastBuildMenuTime,
    basicData: ctx.basicData,
    homePath: homePathOf(ctx.userInfo),
    error: ctx.error,
    /** Why the last session ended (a 401's message), for the login page; null when none. */
    notice: ctx.notice,
    send: a.send,
  };
}

/**
 * The signed-in user's roles as their user info names them (`roles[].id`, `roles[].name`; spec §3),
 * read once from the session actor (no re-render on change): what a saved view may be shared with.
 * Empty without a session (a unit test without the shell).
 */
export function currentUserRoles(): { id: string; name: string }[] {
  return currentSessionActor()?.getSnapshot().context.userInfo?.roles ?? [];
}
