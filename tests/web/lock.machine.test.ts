import { createHash } from 'node:crypto';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { idleTimeoutMs, lockMachine, MINUTE_MS, parseLockInfo, type AccountCredentials, type LockInfo } from '../../web/machines/lock.machine';
import { hashLockPassword, randomSalt, sha256Js } from '../../web/app/lock/lock-hash';

const creds: AccountCredentials = { username: 'admin', password: 'admin123', captchaToken: 't', captchaCode: 'E2E1' };

/** The lock machine with the real hashing, a fake login and a recorded storage; time from a SimulatedClock. */
function harness(opts: { info?: LockInfo | null; lockTime?: number; signedIn?: boolean; accountFails?: string } = {}) {
  const clock = new SimulatedClock();
  const stored: (LockInfo | null)[] = [];
  const calls = { verifyAccount: vi.fn(), checkPassword: vi.fn() };
  const machine = lockMachine.provide({
    actors: {
      hashPassword: fromPromise(async ({ input }) => {
        const salt = randomSalt();
        return { salt, pwdHash: await hashLockPassword(input.password, salt) };
      }),
      checkPassword: fromPromise(async ({ input }) => {
        calls.checkPassword(input.password);
        return (await hashLockPassword(input.password, input.info.salt!)) === input.info.pwdHash;
      }),
      verifyAccount: fromPromise(async ({ input }) => {
        calls.verifyAccount(input);
        if (opts.accountFails) throw new Error(opts.accountFails);
      }),
    },
    actions: { persist: (_, { info }) => void stored.push(info) },
  });
  const actor = createActor(machine, { clock, input: { info: opts.info ?? null, lockTime: opts.lockTime ?? 0, signedIn: opts.signedIn ?? true } }).start();
  return { actor, clock, stored, calls };
}

const locked = (a: ReturnType<typeof harness>['actor']) => a.getSnapshot().matches('locked');

describe('lock machine: manual lock and unlock (behaviour notes "Lock screen")', () => {
  test('starts unlocked without a persisted lock, and locked with one (reload and second windows stay locked)', () => {
    expect(locked(harness().actor)).toBe(false);
    const info: LockInfo = { isLock: true, mode: 'manual', pwdHash: 'ab', salt: 'cd', lockedAt: 1 };
    const h = harness({ info });
    expect(locked(h.actor)).toBe(true);
    expect(h.actor.getSnapshot().context.info).toEqual(info);
  });

  test('locking hashes the lock password with a salt and persists the lock at once, never the password', async () => {
    const { actor, stored } = harness();
    actor.send({ type: 'lock.lock', password: 'секрет-123' });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(stored).toHaveLength(1);
    const info = stored[0]!;
    expect(info).toMatchObject({ isLock: true, mode: 'manual' });
    expect(info.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(info.pwdHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(info)).not.toContain('секрет-123');
    expect(info.pwdHash).toBe(createHash('sha256').update(`${info.salt}:секрет-123`).digest('hex'));
  });

  test('a wrong lock password is refused and the screen stays locked; the right one unlocks and clears the stored lock', async () => {
    const { actor, stored } = harness();
    actor.send({ type: 'lock.lock', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
    actor.send({ type: 'lock.unlock', password: 'nope' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.error === 'wrongPassword');
    expect(locked(actor)).toBe(true);
    actor.send({ type: 'lock.unlock', password: 'pw' });
    await waitFor(actor, (s) => s.matches('unlocked'));
    expect(actor.getSnapshot().context).toMatchObject({ info: null, error: null });
    expect(stored.at(-1)).toBeNull();
  });

  test('a manual lock also opens with the account password (verified by the login endpoint)', async () => {
    const { actor, calls, stored } = harness();
    actor.send({ type: 'lock.lock', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
    actor.send({ type: 'lock.unlockWithAccount', ...creds });
    await waitFor(actor, (s) => s.matches('unlocked'));
    expect(calls.verifyAccount).toHaveBeenCalledWith(creds);
    expect(stored.at(-1)).toBeNull();
  });

  test('a refused account password stays locked with the server message', async () => {
    const { actor } = harness({ accountFails: 'username: wrong account or password', info: { isLock: true, mode: 'auto', pwdHash: null, salt: null, lockedAt: 1 } });
    actor.send({ type: 'lock.unlockWithAccount', ...creds, password: 'bad' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.error === 'accountFailed');
    expect(actor.getSnapshot().context.errorMessage).toBe('username: wrong account or password');
    expect(locked(actor)).toBe(true);
  });

  test('a failing hash (no crypto) leaves the screen unlocked with lockFailed', async () => {
    const machine = lockMachine.provide({
      actors: {
        hashPassword: fromPromise<{ pwdHash: string; salt: string }, { password: string }>(async () => {
          throw new Error('no crypto');
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'lock.lock', password: 'pw' });
    await waitFor(actor, (s) => s.matches('unlocked') && s.context.error === 'lockFailed');
  });
});

describe('lock machine: auto-lock after lockTime idle minutes (spec §9 lock time)', () => {
  test('locks itself after lockTime minutes without activity; activity restarts the countdown', () => {
    const { actor, clock, stored } = harness({ lockTime: 2 });
    expect(actor.getSnapshot().matches({ unlocked: 'watching' })).toBe(true);
    clock.increment(2 * MINUTE_MS - 1000);
    actor.send({ type: 'lock.activity' });
    clock.increment(2 * MINUTE_MS - 1000);
    expect(locked(actor)).toBe(false);
    clock.increment(1000);
    expect(locked(actor)).toBe(true);
    expect(actor.getSnapshot().context.info).toMatchObject({ mode: 'auto', pwdHash: null, salt: null });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isLock: true, mode: 'auto' });
  });

  test('lock time 0 (the default) never locks, nor does anything while signed out', () => {
    const zero = harness({ lockTime: 0 });
    zero.clock.increment(24 * 60 * MINUTE_MS);
    expect(locked(zero.actor)).toBe(false);
    expect(zero.actor.getSnapshot().matches({ unlocked: 'off' })).toBe(true);

    const out = harness({ lockTime: 1, signedIn: false });
    out.clock.increment(10 * MINUTE_MS);
    expect(locked(out.actor)).toBe(false);
  });

  test('changing the lock time restarts the countdown with the new value; setting 0 or signing out stops it', () => {
    const { actor, clock } = harness({ lockTime: 10 });
    clock.increment(5 * MINUTE_MS);
    actor.send({ type: 'lock.configure', lockTime: 1 });
    clock.increment(MINUTE_MS - 1);
    expect(locked(actor)).toBe(false);
    clock.increment(1);
    expect(locked(actor)).toBe(true);

    const b = harness({ lockTime: 1 });
    b.actor.send({ type: 'lock.configure', lockTime: 0 });
    b.clock.increment(5 * MINUTE_MS);
    expect(locked(b.actor)).toBe(false);
    b.actor.send({ type: 'lock.configure', lockTime: 1 });
    b.actor.send({ type: 'lock.configure', signedIn: false });
    b.clock.increment(5 * MINUTE_MS);
    expect(locked(b.actor)).toBe(false);
    b.actor.send({ type: 'lock.configure', signedIn: true });
    b.clock.increment(MINUTE_MS);
    expect(locked(b.actor)).toBe(true);
  });

  test('after an auto-lock only the account password works: the lock password path is refused without checking', async () => {
    const { actor, clock, calls } = harness({ lockTime: 1 });
    clock.increment(MINUTE_MS);
    actor.send({ type: 'lock.unlock', password: 'anything' });
    expect(actor.getSnapshot().context.error).toBe('accountOnly');
    expect(calls.checkPassword).not.toHaveBeenCalled();
    expect(locked(actor)).toBe(true);
    actor.send({ type: 'lock.unlockWithAccount', ...creds });
    await waitFor(actor, (s) => s.matches('unlocked'));
    // Unlocked and signed in: the countdown runs again.
    expect(actor.getSnapshot().matches({ unlocked: 'watching' })).toBe(true);
    clock.increment(MINUTE_MS);
    expect(locked(actor)).toBe(true);
  });

  test('fractional minutes are allowed (idleTimeoutMs), negative or NaN mean never', () => {
    expect(idleTimeoutMs(0.5)).toBe(30_000);
    expect(idleTimeoutMs(0)).toBe(0);
    expect(idleTimeoutMs(-3)).toBe(0);
    expect(idleTimeoutMs(Number.NaN)).toBe(0);
  });
});

describe('lock machine: other windows and the session', () => {
  test("another window's lock is followed without writing it back; its unlock too", () => {
    const { actor, stored } = harness();
    const info: LockInfo = { isLock: true, mode: 'manual', pwdHash: 'a'.repeat(64), salt: 'b'.repeat(32), lockedAt: 5 };
    actor.send({ type: 'lock.sync', info });
    expect(locked(actor)).toBe(true);
    actor.send({ type: 'lock.sync', info: { ...info, mode: 'auto', pwdHash: null, salt: null } });
    expect(actor.getSnapshot().context.info?.mode).toBe('auto');
    actor.send({ type: 'lock.sync', info: null });
    expect(locked(actor)).toBe(false);
    expect(stored).toEqual([]);
  });

  test('a sync with junk is not a lock', () => {
    const { actor } = harness();
    actor.send({ type: 'lock.sync', info: { isLock: 'yes' } as unknown as LockInfo });
    expect(locked(actor)).toBe(false);
  });

  test('the session ending (Back to login) drops the lock and the stored lock', () => {
    const { actor, stored } = harness({ info: { isLock: true, mode: 'auto', pwdHash: null, salt: null, lockedAt: 1 } });
    actor.send({ type: 'lock.reset' });
    expect(locked(actor)).toBe(false);
    expect(stored).toEqual([null]);
  });
});

describe('parseLockInfo', () => {
  test('accepts a lock and rejects anything else; a manual lock without its hash counts as auto', () => {
    expect(parseLockInfo(null)).toBeNull();
    expect(parseLockInfo('locked')).toBeNull();
    expect(parseLockInfo({ isLock: false, mode: 'manual' })).toBeNull();
    expect(parseLockInfo({ isLock: true, mode: 'other' })).toBeNull();
    expect(parseLockInfo({ isLock: true, mode: 'manual', pwdHash: 'h', salt: 's', lockedAt: 3 })).toEqual({ isLock: true, mode: 'manual', pwdHash: 'h', salt: 's', lockedAt: 3 });
    expect(parseLockInfo({ isLock: true, mode: 'manual', pwdHash: '', salt: 's' })).toEqual({ isLock: true, mode: 'auto', pwdHash: null, salt: null, lockedAt: 0 });
  });
});

describe('lock password hashing', () => {
  test('the JavaScript SHA-256 fallback (plain-http LAN addresses have no crypto.subtle) matches Web Crypto', async () => {
    const enc = new TextEncoder();
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(hex(sha256Js(enc.encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256Js(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (const len of [55, 56, 63, 64, 65, 1000]) {
      const s = 'x'.repeat(len);
      expect(hex(sha256Js(enc.encode(s)))).toBe(createHash('sha256').update(s).digest('hex'));
    }
    const salt = randomSalt();
    expect(await hashLockPassword('密码 pw', salt, undefined)).toBe(await hashLockPassword('密码 pw', salt));
    expect(randomSalt()).not.toBe(salt);
  });
});
