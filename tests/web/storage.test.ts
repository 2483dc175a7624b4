import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { CACHE_CIPHER, createAesCipher } from '../../web/lib/cipher';
import { createCache, DEFAULT_CACHE_TIME, local, memoryStorage, removeStaleKeys, StorageKey, type StorageLike } from '../../web/lib/storage';

/** The persisted cache (spec §9 cache lifetime and encryption; behaviour notes "Storage"). */

const PREFIX = 'GAME_CONSOLE__0.1.0__';
const T0 = Date.UTC(2024, 0, 1, 0, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A cache over fresh memory storage whose clock the test moves by setting `clock.now`. */
function setup(opts: { cipher?: ReturnType<typeof createAesCipher>; timeout?: number | null; backend?: StorageLike } = {}) {
  const backend = opts.backend ?? memoryStorage();
  const clock = { now: T0 };
  const cache = createCache({ backend, prefix: PREFIX, cipher: opts.cipher ?? null, now: () => clock.now, ...('timeout' in opts ? { timeout: opts.timeout } : {}) });
  return { cache, backend, clock };
}

function keys(backend: StorageLike): string[] {
  return Array.from({ length: backend.length }, (_, i) => backend.key(i)!).sort();
}

function nodeEncrypt(plain: string): string {
  const c = createCipheriv('aes-128-cbc', Buffer.from(CACHE_CIPHER.key, 'utf8'), Buffer.from(CACHE_CIPHER.iv, 'utf8'));
  return c.update(plain, 'utf8', 'base64') + c.final('base64');
}

describe('createCache: values and lifetime (§9)', () => {
  test('set then get round-trips JSON values under the prefixed, upper-cased key', () => {
    const { cache, backend } = setup();
    const user = { userId: 7, username: 'ops', roles: [{ roleName: 'Admin', value: 'super' }] };
    cache.set(StorageKey.userInfo, user);
    cache.set('count', 0);
    cache.set('flag', false);
    expect(cache.get(StorageKey.userInfo)).toEqual(user);
    expect(cache.get('count')).toBe(0);
    expect(cache.get('flag')).toBe(false);
    expect(keys(backend)).toEqual([`${PREFIX}COUNT`, `${PREFIX}FLAG`, `${PREFIX}USER__INFO__`]);
    expect(JSON.parse(backend.getItem(`${PREFIX}COUNT`)!)).toEqual({ value: 0, time: T0, expire: T0 + 7 * DAY_MS });
  });

  test('an absent key reads as the fallback (null by default)', () => {
    const { cache } = setup();
    expect(cache.get('nothing')).toBeNull();
    expect(cache.get('nothing', 'zh_CN')).toBe('zh_CN');
  });

  test('the default lifetime is 7 days: readable just before, absent and deleted at and after expiry', () => {
    expect(DEFAULT_CACHE_TIME).toBe(604_800);
    const { cache, backend, clock } = setup();
    cache.set(StorageKey.token, 'Bearer abc');
    clock.now = T0 + 604_800_000 - 1;
    expect(cache.get(StorageKey.token)).toBe('Bearer abc');

    clock.now = T0 + 604_800_000;
    expect(cache.get(StorageKey.token, 'none')).toBe('none');
    expect(backend.getItem(`${PREFIX}TOKEN__`)).toBeNull();

    cache.set('other', 1);
    clock.now += 604_800_000 + 5_000;
    expect(cache.get('other')).toBeNull();
    expect(backend.length).toBe(0);
  });

  test('a custom ttl (seconds) replaces the default', () => {
    const { cache, clock } = setup();
    cache.set('captcha', 'abcd', 60);
    clock.now = T0 + 59_999;
    expect(cache.get('captcha')).toBe('abcd');
    clock.now = T0 + 60_000;
    expect(cache.get('captcha')).toBeNull();
  });

  test('a null ttl never expires', () => {
    const { cache, clock } = setup();
    cache.set(StorageKey.locale, 'en', null);
    clock.now = T0 + 100 * 365 * DAY_MS;
    expect(cache.get(StorageKey.locale)).toBe('en');
  });

  test("the cache's own timeout sets the default lifetime (null = forever)", () => {
    const short = setup({ timeout: 10 });
    short.cache.set('k', 'v');
    short.clock.now = T0 + 10_000;
    expect(short.cache.get('k')).toBeNull();

    const forever = setup({ timeout: null });
    forever.cache.set('k', 'v');
    forever.clock.now = T0 + 1_000 * DAY_MS;
    expect(forever.cache.get('k')).toBe('v');
  });

  test('remove deletes one key', () => {
    const { cache } = setup();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.remove('a');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBe(2);
  });
});

describe('createCache: unreadable values read as absent (behaviour notes "Storage")', () => {
  test.each([
    ['not JSON', '{"value": 1, '],
    ['a bare number', '5'],
    ['JSON null', 'null'],
    ['an object that is not an entry', '{"foo":1}'],
    ['an entry with a nonsense expiry', `{"value":1,"time":${T0},"expire":"soon"}`],
  ])('%s reads as the fallback', (_label, raw) => {
    const { cache, backend } = setup();
    backend.setItem(`${PREFIX}K`, raw);
    expect(cache.get('k', 'fallback')).toBe('fallback');
  });

  test('a value that fails to decrypt reads as the fallback', () => {
    const { cache, backend } = setup({ cipher: createAesCipher() });
    backend.setItem(`${PREFIX}PLAIN`, JSON.stringify({ value: 1, time: T0, expire: null }));
    backend.setItem(`${PREFIX}GARBAGE`, 'not base64 at all!');
    backend.setItem(`${PREFIX}WRONGKEY`, createAesCipher('0123456789abcdef', '0123456789abcdef').encrypt('{"value":1,"time":0,"expire":null}'));
    expect(cache.get('plain', 'x')).toBe('x');
    expect(cache.get('garbage', 'x')).toBe('x');
    expect(cache.get('wrongkey', 'x')).toBe('x');
  });

  test('quota errors on write are swallowed; the value is simply not kept', () => {
    const full = memoryStorage();
    const backend: StorageLike = {
      get length() {
        return full.length;
      },
      key: (i) => full.key(i),
      getItem: (k) => full.getItem(k),
      removeItem: (k) => full.removeItem(k),
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    const { cache } = setup({ backend });
    expect(() => cache.set(StorageKey.multipleTabs, [{ path: '/home' }])).not.toThrow();
    expect(cache.get(StorageKey.multipleTabs)).toBeNull();
  });
});

describe('encryption (§9: AES-128-CBC, fixed 16-character key and iv)', () => {
  test('the key and iv are 16 characters', () => {
    expect(CACHE_CIPHER.key).toHaveLength(16);
    expect(CACHE_CIPHER.iv).toHaveLength(16);
  });

  test.each([
    ['ASCII JSON', '{"value":"Bearer abc","time":1704067200000,"expire":null}'],
    ['exactly one block', '0123456789abcdef'],
    ['empty', ''],
    ['multi-byte UTF-8', '{"value":"游戏商城 管理台 ✓"}'],
  ])('%s encrypts to the same ciphertext as Node crypto (PKCS#7), and back', (_label, plain) => {
    const cipher = createAesCipher();
    const encrypted = cipher.encrypt(plain);
    expect(encrypted).toBe(nodeEncrypt(plain));
    expect(cipher.decrypt(encrypted)).toBe(plain);
    const d = createDecipheriv('aes-128-cbc', Buffer.from(CACHE_CIPHER.key), Buffer.from(CACHE_CIPHER.iv));
    expect(d.update(encrypted, 'base64', 'utf8') + d.final('utf8')).toBe(plain);
  });

  test('with the cipher, what is stored is not the plain JSON and decrypts back to the entry', () => {
    const cipher = createAesCipher();
    const { cache, backend } = setup({ cipher });
    cache.set(StorageKey.token, 'Bearer secret-token');
    const stored = backend.getItem(`${PREFIX}TOKEN__`)!;
    expect(stored).not.toContain('secret-token');
    expect(stored).not.toContain('{');
    expect(JSON.parse(cipher.decrypt(stored))).toEqual({ value: 'Bearer secret-token', time: T0, expire: T0 + 7 * DAY_MS });
    expect(cache.get(StorageKey.token)).toBe('Bearer secret-token');
  });

  test('a key or iv that is not 16 characters throws, naming the parameter', () => {
    expect(() => createAesCipher('short')).toThrow(/\bkey\b/);
    expect(() => createAesCipher('x'.repeat(17))).toThrow(/\bkey\b/);
    expect(() => createAesCipher(CACHE_CIPHER.key, '')).toThrow(/\biv\b/);
    expect(() => createAesCipher(CACHE_CIPHER.key, 'y'.repeat(15))).toThrow(/\biv\b/);
    expect(() => createAesCipher(CACHE_CIPHER.key, 'y'.repeat(15))).not.toThrow(/\bkey\b/);
  });
});

describe('prefixes and stale keys (behaviour notes "Storage")', () => {
  function seeded() {
    const backend = memoryStorage();
    backend.setItem(`${PREFIX}TOKEN__`, 'current');
    backend.setItem(`${PREFIX}LOCALE__`, 'current');
    backend.setItem('GAME_CONSOLE__0.0.9__TOKEN__', 'old version');
    backend.setItem('GAME_CONSOLE__1.0.0-beta__LOCALE__', 'other version');
    backend.setItem('OTHER_APP__0.1.0__TOKEN__', 'other app');
    backend.setItem('theme', 'unrelated');
    return backend;
  }

  test("clear removes only this prefix's keys", () => {
    const backend = seeded();
    createCache({ backend, prefix: PREFIX }).clear();
    expect(keys(backend)).toEqual(['GAME_CONSOLE__0.0.9__TOKEN__', 'GAME_CONSOLE__1.0.0-beta__LOCALE__', 'OTHER_APP__0.1.0__TOKEN__', 'theme']);
  });

  test("removeStaleKeys removes other versions' keys of this app and leaves other apps' keys", () => {
    const backend = seeded();
    expect(removeStaleKeys(backend, 'GAME_CONSOLE__', PREFIX)).toBe(2);
    expect(keys(backend)).toEqual(['GAME_CONSOLE__0.1.0__LOCALE__', 'GAME_CONSOLE__0.1.0__TOKEN__', 'OTHER_APP__0.1.0__TOKEN__', 'theme']);
    expect(removeStaleKeys(backend, 'GAME_CONSOLE__', PREFIX)).toBe(0);
  });
});

describe('the app-wide caches', () => {
  test('outside a browser they work over memory storage, unencrypted', () => {
    local.set('unit-test-probe', { ok: true });
    expect(local.get('unit-test-probe')).toEqual({ ok: true });
    local.remove('unit-test-probe');
    expect(local.get('unit-test-probe')).toBeNull();
  });
});
