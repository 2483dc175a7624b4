import { createActor, fromPromise, type Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { lockMachine, parseLockInfo, type LockInfo } from '../../machines/lock.machine';
import { sessionApi } from '../../api/session';
import { local, StorageKey } from '../../lib/storage';
import { sessionActor } from '../../services/session';
import { getProjectConfig, subscribeProjectConfig } from '../../services/project-config';

export type LockActor = Actor<typeof lockMachine>;

/** Activity is reported at most once a second: restarting the countdown on every mouse move is waste. */
export const ACTIVITY_THROTTLE_MS = 1000;
/** What counts as activity (behaviour notes "Lock screen": key or pointer). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/** The persisted lock, or null. */
export function readLockInfo(): LockInfo | null {
  return parseLockInfo(local.get<unknown>(StorageKey.lockInfo));
}

/** Session states in which someone is signed in (the cover keeps the user's page: still signed in). */
function sessionSignedIn(): boolean {
  const s = sessionActor().getSnapshot();
  return s.matches('signedIn') || s.matches('timedOut') || s.matches('restoring') || s.matches('building');
}

/**
 * The lock actor with its real I/O: Web Crypto (or the JS fallback) for the lock password, the
 * login endpoint for the account password, local storage for the lock (no expiry: a lock must not
 * lapse on its own; it is dropped when the session ends).
 */
export function createLockActor(): LockActor {
  const machine = lockMachine.provide({
    actors: {
      // The hashing code loads only when someone locks or unlocks.
      hashPassword: fromPromise(async ({ input }) => {
        const { hashLockPassword, randomSalt } = await import('./lock-hash');
        const salt = randomSalt();
        return { salt, pwdHash: await hashLockPassword(input.password, salt) };
      }),
      checkPassword: fromPromise(async ({ input }) => {
        const { hashLockPassword } = await import('./lock-hash');
        return !!input.info.salt && (await hashLockPassword(input.password, input.info.salt)) === input.info.pwdHash;
      }),
      verifyAccount: fromPromise(async ({ input }) => {
        // The lock screen shows the refusal beside the field, so no modal here (errorMode none).
        const r = await sessionApi.verify(input);
        // The user signed in again: adopt the fresh token so a long lock does not end in a 401.
        sessionActor().send({ type: 'session.renewed', token: `${r.tokenHead}${r.token}` });
      }),
    },
    actions: {
      persist: (_, { info }) => {
        if (info) local.set(StorageKey.lockInfo, info, null);
        else local.remove(StorageKey.lockInfo);
      },
    },
  });
  return createActor(machine, { input: { info: readLockInfo(), lockTime: getProjectConfig().lockTime, signedIn: sessionSignedIn() } });
}

/**
 * Connects the lock to the page: activity restarts the countdown; the lock time follows the
 * project config; the session's end drops the lock; another window's lock or unlock is followed
 * through the `storage` event. Returns a function that undoes it all.
 */
export function wireLock(actor: LockActor, win: Window = window): () => void {
  const undo: (() => void)[] = [];
  let last = 0;
  const onActivity = () => {
    const t = Date.now();
    if (t - last < ACTIVITY_THROTTLE_MS) return;
    last = t;
    actor.send({ type: 'lock.activity' });
  };
  for (const type of ACTIVITY_EVENTS) {
    win.addEventListener(type, onActivity, { passive: true, capture: true });
    undo.push(() => win.removeEventListener(type, onActivity, { capture: true }));
  }

  // The storage event only fires in *other* windows, which is exactly what we want to follow.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && !e.key.endsWith(StorageKey.lockInfo)) return;
    // Signed out here: a lock belongs to a session, and the next sign-in starts unlocked.
    if (sessionActor().getSnapshot().matches('signedOut')) return;
    const info = readLockInfo();
    // The other window left through "Back to login": its token is gone. Stay locked and follow it
    // out (the lock drops once signed out), so the console never shows in between.
    if (!info && !local.get(StorageKey.token)) {
      sessionActor().send({ type: 'session.logout' });
      return;
    }
    actor.send({ type: 'lock.sync', info });
  };
  win.addEventListener('storage', onStorage);
  undo.push(() => win.removeEventListener('storage', onStorage));

  let lockTime = getProjectConfig().lockTime;
  undo.push(
    subscribeProjectConfig(() => {
      const next = getProjectConfig().lockTime;
      if (next !== lockTime) {
        lockTime = next;
        actor.send({ type: 'lock.configure', lockTime: next });
      }
    }),
  );

  let signedIn = sessionSignedIn();
  const onSession = () => {
    const now = sessionSignedIn();
    if (now !== signedIn) {
      signedIn = now;
      actor.send({ type: 'lock.configure', signedIn: now });
    }
    // No session, no lock: a lock left from an ended session must not greet the next sign-in.
    if (sessionActor().getSnapshot().matches('signedOut') && actor.getSnapshot().context.info) actor.send({ type: 'lock.reset' });
  };
  const sub = sessionActor().subscribe(onSession);
  undo.push(() => sub.unsubscribe());
  onSession();

  return () => undo.forEach((f) => f());
}

let actor: LockActor | null = null;

/** The one lock actor of the page, started and wired on first use (the App calls it at start). */
export function lockActor(): LockActor {
  if (!actor) {
    actor = createLockActor();
    actor.start();
    if (typeof window !== 'undefined') wireLock(actor);
  }
  return actor;
}

/** True while the console must not be shown (locked, including while an unlock is being checked). */
export function useLocked(): boolean {
  return useSelector(lockActor(), (s) => s.matches('locked'));
}

/** The lock's facts for the lock screen and the lock dialog. */
export function useLockState() {
  const a = lockActor();
  const mode = useSelector(a, (s) => s.context.info?.mode ?? null);
  const error = useSelector(a, (s) => s.context.error);
  const errorMessage = useSelector(a, (s) => s.context.errorMessage);
  const busy = useSelector(a, (s) => s.matches({ locked: 'checking' }) || s.matches({ locked: 'verifyingAccount' }) || s.matches('locking'));
  const lockedAt = useSelector(a, (s) => s.context.info?.lockedAt ?? null);
  return { mode, error, errorMessage, busy, lockedAt, send: a.send };
}
