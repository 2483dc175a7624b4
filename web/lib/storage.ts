import { createAesCipher, type Cipher } from './cipher';

/** Spec §9: default cache lifetime, 7 days in seconds. */
export const DEFAULT_CACHE_TIME = 60 * 60 * 24 * 7;

/** The subset of the Web Storage API the cache uses (so tests can pass a Map-backed fake). */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What is written for each key: the value, when it was written, and when it expires (ms since epoch, or null = never). */
interface Entry<T> {
  value: T;
  time: number;
  expire: number | null;
}

export interface CacheOptions {
  backend: StorageLike;
  /** Prepended to every key, e.g. `GAME_CONSOLE__0.1.0__`. */
  prefix: string;
  /** An AES cipher in production builds, none in development (spec §9). */
  cipher?: Cipher | null;
  /** Default lifetime in seconds; null = never expires. */
  timeout?: number | null;
  now?: () => number;
}

/** A typed, expiring, optionally encrypted view over local or session storage (spec §9, behaviour notes "Storage"). */
export interface Cache {
  /** The stored value, or `fallback` when absent, expired (then deleted) or unreadable. */
  get<T>(key: string, fallback?: T | null): T | null;
  /** Stores a JSON-serialisable value for `ttlSeconds` (default: the cache's lifetime; null = forever). */
  set<T>(key: string, value: T, ttlSeconds?: number | null): void;
  remove(key: string): void;
  /** Removes every key of this cache (its prefix); other apps' keys are left alone. */
  clear(): void;
}

/**
 * Creates a cache over a storage backend. Values are stored as `{value, time, expire}`; an expired
 * value is deleted and reads as absent; a value that fails to decrypt or parse reads as absent.
 * Storage quota errors are swallowed (the console keeps working without persistence).
 */
export function createCache({ backend, prefix, cipher = null, timeout = DEFAULT_CACHE_TIME, now = Date.now }: CacheOptions): Cache {
  const full = (k: string) => `${prefix}${k}`.toUpperCase();
  return {
    get<T>(key: string, fallback: T | null = null): T | null {
      const raw = backend.getItem(full(key));
      if (raw == null) return fallback;
      try {
        const entry = JSON.parse(cipher ? cipher.decrypt(raw) : raw) as Entry<T> | null;
        // Valid JSON that is not an entry (written by hand or by an older shape) is unreadable too;
        // without this check a bare `5` would read as `undefined` instead of the fallback.
        if (typeof entry !== 'object' || entry === null || !('value' in entry)) return fallback;
        if (entry.expire !== null && typeof entry.expire !== 'number') return fallback;
        if (entry.expire !== null && entry.expire <= now()) {
          backend.removeItem(full(key));
          return fallback;
        }
        return entry.value;
      } catch {
        return fallback;
      }
    },
    set<T>(key: string, value: T, ttlSeconds: number | null | undefined = timeout) {
      const t = now();
      const entry: Entry<T> = { value, time: t, expire: ttlSeconds == null ? null : t + ttlSeconds * 1000 };
      const text = JSON.stringify(entry);
      try {
        backend.setItem(full(key), cipher ? cipher.encrypt(text) : text);
      } catch {
        // Quota exceeded or storage disabled: persistence is best effort.
      }
    },
    remove(key: string) {
      backend.removeItem(full(key));
    },
    clear() {
      const p = prefix.toUpperCase();
      for (const k of keysOf(backend)) if (k.startsWith(p)) backend.removeItem(k);
    },
  };
}

function keysOf(backend: StorageLike): string[] {
  const keys: string[] = [];
  for (let i = 0; i < backend.length; i++) {
    const k = backend.key(i);
    if (k !== null) keys.push(k);
  }
  return keys;
}

/**
 * Removes keys written by other versions of this app (same app prefix, other version), so an
 * upgrade never reads a stale shape. Spec §9: done 16 ms after start, off the critical path.
 */
export function removeStaleKeys(backend: StorageLike, appPrefix: string, currentPrefix: string): number {
  const app = appPrefix.toUpperCase();
  const cur = currentPrefix.toUpperCase();
  let n = 0;
  for (const k of keysOf(backend)) {
    if (k.startsWith(app) && !k.startsWith(cur)) {
      backend.removeItem(k);
      n++;
    }
  }
  return n;
}

/** Keys of persisted state (spec §3 user, permission, tabs, project config; §4 dark mode). */
export const StorageKey = {
  token: 'TOKEN__',
  userInfo: 'USER__INFO__',
  roles: 'ROLES__KEY__',
  sessionTimeout: 'SESSION__TIMEOUT__',
  locale: 'LOCALE__',
  darkMode: 'APP__DARK__MODE__',
  projectConfig: 'PROJ__CFG__KEY__',
  lockInfo: 'LOCK__INFO__KEY__',
  multipleTabs: 'MULTIPLE_TABS__KEY__',
  loginRemember: 'LOGIN__REMEMBER__',
} as const;

const APP_PREFIX = 'GAME_CONSOLE__';
const VERSION = '0.1.0';
const isProd = process.env.NODE_ENV === 'production';

function browserBackend(kind: 'local' | 'session'): StorageLike {
  try {
    const s = kind === 'local' ? window.localStorage : window.sessionStorage;
    if (s) return s;
  } catch {
    // Storage can throw when disabled (privacy settings): fall back to memory.
  }
  return memoryStorage();
}

/** A Map-backed StorageLike (tests, and browsers with storage disabled). */
export function memoryStorage(): StorageLike {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
  };
}

const hasWindow = typeof window !== 'undefined';
const cipher = isProd ? createAesCipher() : null;
const prefix = `${APP_PREFIX}${VERSION}__`;

/** The console's local-storage cache (7 days, encrypted in production). */
export const local: Cache = createCache({ backend: hasWindow ? browserBackend('local') : memoryStorage(), prefix, cipher });
/** The console's session-storage cache (7 days, encrypted in production). */
export const session: Cache = createCache({ backend: hasWindow ? browserBackend('session') : memoryStorage(), prefix, cipher });

if (hasWindow) {
  setTimeout(() => {
    removeStaleKeys(browserBackend('local'), APP_PREFIX, prefix);
    removeStaleKeys(browserBackend('session'), APP_PREFIX, prefix);
  }, 16);
}
