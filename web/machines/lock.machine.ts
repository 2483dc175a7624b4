import { assign, fromPromise, setup } from 'xstate';

/**
 * What is persisted under `StorageKey.lockInfo` while the screen is locked (behaviour notes
 * "Lock screen": the lock survives reload and second windows). Absent = unlocked.
 */
export interface LockInfo {
  isLock: true;
  /** `manual`: locked from the user menu with a lock password; `auto`: locked after `lockTime` idle minutes. */
  mode: 'manual' | 'auto';
  /** Hex SHA-256 of `salt:password`; never the password itself. Null after an auto-lock (no lock password). */
  pwdHash: string | null;
  /** Random hex salt of `pwdHash`; null after an auto-lock. */
  salt: string | null;
  /** When the screen locked, ms since epoch. */
  lockedAt: number;
}

/** Why the last lock or unlock attempt failed; the lock screen shows a text for each. */
export type LockError =
  /** The lock password did not match. */
  | 'wrongPassword'
  /** A lock-password unlock was tried after an auto-lock: only the account password works then. */
  | 'accountOnly'
  /** The login endpoint refused the account password (its message is in `errorMessage`). */
  | 'accountFailed'
  /** Hashing the new lock password failed (no crypto available); the screen stays unlocked. */
  | 'lockFailed';

export interface LockContext {
  /** Minutes of no key or pointer activity before auto-lock; 0 = never (spec §9 "Lock time 0"). Fractions allowed. */
  lockTime: number;
  /** Auto-lock only runs while someone is signed in. */
  signedIn: boolean;
  /** The current lock, or null when unlocked. */
  info: LockInfo | null;
  error: LockError | null;
  /** The server's message when `error` is `accountFailed`. */
  errorMessage: string | null;
}

/** Account-password unlock: the same credentials as the login form (spec §7 /v1/admin/login needs a captcha). */
export interface AccountCredentials {
  username: string;
  password: string;
  captchaToken: string;
  captchaCode: string;
}

export type LockEvent =
  /** Manual lock with a lock password (the user menu's dialog). */
  | { type: 'lock.lock'; password: string }
  /** Unlock with the lock password (refused after an auto-lock). */
  | { type: 'lock.unlock'; password: string }
  /** Unlock with the account password, verified by the login endpoint. */
  | ({ type: 'lock.unlockWithAccount' } & AccountCredentials)
  /** A key or pointer event: restarts the idle countdown. */
  | { type: 'lock.activity' }
  /** The lock time setting or the session changed. */
  | { type: 'lock.configure'; lockTime?: number; signedIn?: boolean }
  /** Another window changed the persisted lock (the `storage` event): follow it. */
  | { type: 'lock.sync'; info: LockInfo | null }
  /** The session ended ("Back to login", logout, reaching /login): drop any lock. */
  | { type: 'lock.reset' };

export interface LockInput {
  /** The persisted lock read at start (validated with `parseLockInfo`). */
  info?: LockInfo | null;
  lockTime?: number;
  signedIn?: boolean;
}

/** Spec §9 lock time is in minutes. */
export const MINUTE_MS = 60_000;

/** A persisted value as a lock, or null when it is anything else (absent, tampered, older shape). */
export function parseLockInfo(v: unknown): LockInfo | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.isLock !== true || (o.mode !== 'manual' && o.mode !== 'auto')) return null;
  const str = (x: unknown) => typeof x === 'string' && x.length > 0;
  // A manual lock without its hash could never be opened with a lock password: treat it as auto.
  const hasHash = str(o.pwdHash) && str(o.salt);
  return {
    isLock: true,
    mode: o.mode === 'manual' && hasHash ? 'manual' : 'auto',
    pwdHash: hasHash ? (o.pwdHash as string) : null,
    salt: hasHash ? (o.salt as string) : null,
    lockedAt: typeof o.lockedAt === 'number' ? o.lockedAt : 0,
  };
}

/** The idle countdown in ms for a lock time in minutes (0, negative or not a number = never). */
export function idleTimeoutMs(lockTime: number): number {
  return Number.isFinite(lockTime) && lockTime > 0 ? Math.round(lockTime * MINUTE_MS) : 0;
}

const unlockedCtx = { info: null, error: null, errorMessage: null } as const;

/**
 * The lock screen (spec §1 shell, §4, §9 lock time; behaviour notes "Lock screen").
 *
 * - `unlocked.watching`: signed in with `lockTime` > 0; after `lockTime` minutes without
 *   `lock.activity` the screen locks itself (`auto`). `unlocked.off`: no countdown.
 * - `lock.lock {password}` → `locking` (the `hashPassword` actor salts and hashes it) → `locked`
 *   (`manual`). Every lock is written at once through the `persist` action.
 * - `locked`: `lock.unlock {password}` is checked against the stored hash by `checkPassword`
 *   (refused with `accountOnly` after an auto-lock); `lock.unlockWithAccount` is verified by the
 *   `verifyAccount` actor (the login endpoint). Success clears the persisted lock.
 * - `lock.sync` follows another window's change without writing it back (no storage ping-pong);
 *   `lock.reset` drops the lock when the session ends.
 *
 * I/O (hashing, the login call, storage) is in named actors and the `persist` action, provided by
 * the app with `.provide()`; tests provide fakes and drive the countdown with a SimulatedClock.
 */
export const lockMachine = setup({
  types: {
    context: {} as LockContext,
    events: {} as LockEvent,
    input: {} as LockInput,
  },
  actors: {
    /** Salts and hashes a new lock password. */
    hashPassword: fromPromise<{ pwdHash: string; salt: string }, { password: string }>(async () => {
      throw new Error('hashPassword actor not provided');
    }),
    /** True when `password` matches the lock's hash. */
    checkPassword: fromPromise<boolean, { password: string; info: LockInfo }>(async () => {
      throw new Error('checkPassword actor not provided');
    }),
    /** Resolves when the login endpoint accepts the credentials; rejects with its message otherwise. */
    verifyAccount: fromPromise<void, AccountCredentials>(async () => {
      throw new Error('verifyAccount actor not provided');
    }),
  },
  actions: {
    /** Writes the lock to local storage (null removes it). */
    persist: (_, _p: { info: LockInfo | null }) => {},
  },
  guards: {
    autoLockOn: ({ context }) => context.signedIn && idleTimeoutMs(context.lockTime) > 0,
    autoLocked: ({ context }) => context.info?.mode !== 'manual',
  },
  delays: {
    idleTimeout: ({ context }) => idleTimeoutMs(context.lockTime),
  },
}).createMachine({
  id: 'lock',
  context: ({ input }) => ({
    lockTime: input?.lockTime ?? 0,
    signedIn: input?.signedIn ?? false,
    info: parseLockInfo(input?.info),
    error: null,
    errorMessage: null,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: ({ context }) => context.info !== null, target: 'locked' }, { target: 'unlocked' }],
    },
    unlocked: {
      initial: 'check',
      states: {
        check: { always: [{ guard: 'autoLockOn', target: 'watching' }, { target: 'off' }] },
        watching: {
          on: { 'lock.activity': { target: 'watching', reenter: true } },
          after: {
            idleTimeout: {
              target: '#lock.locked',
              actions: [
                assign({ info: (): LockInfo => ({ isLock: true, mode: 'auto', pwdHash: null, salt: null, lockedAt: Date.now() }), error: null }),
                { type: 'persist', params: ({ context }) => ({ info: context.info }) },
              ],
            },
          },
        },
        off: {},
      },
      on: {
        'lock.configure': {
          // Back through `check`: a new lock time restarts the countdown, 0 or sign-out stops it.
          target: '.check',
          actions: assign(({ context, event }) => ({ lockTime: event.lockTime ?? context.lockTime, signedIn: event.signedIn ?? context.signedIn })),
        },
        'lock.lock': { target: 'locking', actions: assign({ error: null, errorMessage: null }) },
        'lock.sync': { guard: ({ event }) => parseLockInfo(event.info) !== null, target: 'locked', actions: assign(({ event }) => ({ info: parseLockInfo(event.info), error: null })) },
        'lock.reset': { actions: assign({ error: null, errorMessage: null }) },
      },
    },
    locking: {
      invoke: {
        src: 'hashPassword',
        input: ({ event }) => ({ password: (event as Extract<LockEvent, { type: 'lock.lock' }>).password }),
        onDone: {
          target: 'locked',
          actions: [
            assign({ info: ({ event }): LockInfo => ({ isLock: true, mode: 'manual', pwdHash: event.output.pwdHash, salt: event.output.salt, lockedAt: Date.now() }) }),
            { type: 'persist', params: ({ context }) => ({ info: context.info }) },
          ],
        },
        onError: { target: 'unlocked', actions: assign({ error: 'lockFailed' }) },
      },
    },
    locked: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'lock.unlock': [
              { guard: 'autoLocked', actions: assign({ error: 'accountOnly', errorMessage: null }) },
              { target: 'checking', actions: assign({ error: null, errorMessage: null }) },
            ],
            'lock.unlockWithAccount': { target: 'verifyingAccount', actions: assign({ error: null, errorMessage: null }) },
          },
        },
        checking: {
          invoke: {
            src: 'checkPassword',
            input: ({ context, event }) => ({ password: (event as Extract<LockEvent, { type: 'lock.unlock' }>).password, info: context.info! }),
            onDone: [
              { guard: ({ event }) => event.output === true, target: '#lock.unlocked', actions: [assign(unlockedCtx), { type: 'persist', params: { info: null } }] },
              { target: 'idle', actions: assign({ error: 'wrongPassword' }) },
            ],
            onError: { target: 'idle', actions: assign({ error: 'wrongPassword' }) },
          },
        },
        verifyingAccount: {
          invoke: {
            src: 'verifyAccount',
            input: ({ event }) => {
              const { username, password, captchaToken, captchaCode } = event as Extract<LockEvent, { type: 'lock.unlockWithAccount' }>;
              return { username, password, captchaToken, captchaCode };
            },
            onDone: { target: '#lock.unlocked', actions: [assign(unlockedCtx), { type: 'persist', params: { info: null } }] },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ error: 'accountFailed' as const, errorMessage: (event.error as Error)?.message || null })),
            },
          },
        },
      },
      on: {
        'lock.sync': [
          // Another window unlocked (or its session ended): follow it.
          { guard: ({ event }) => parseLockInfo(event.info) === null, target: 'unlocked', actions: assign(unlockedCtx) },
          // Another window locked again (e.g. its own idle lock): the newest lock's rules apply.
          { actions: assign(({ event }) => ({ info: parseLockInfo(event.info) })) },
        ],
        'lock.reset': { target: 'unlocked', actions: [assign(unlockedCtx), { type: 'persist', params: { info: null } }] },
        'lock.configure': {
          actions: assign(({ context, event }) => ({ lockTime: event.lockTime ?? context.lockTime, signedIn: event.signedIn ?? context.signedIn })),
        },
      },
    },
  },
});
