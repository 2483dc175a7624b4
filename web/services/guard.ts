/** Paths of the basic routes (spec §2 "Basic routes"). */
export const LOGIN_PATH = '/login';
export const EXCEPTION_PATH = '/exception';
export const ERROR_LOG_PATH = '/error-log/list';
export const REDIRECT_PREFIX = '/redirect/';

/** Pages reachable without a token (spec §2 "Pages flagged as ignoring auth"). */
export const IGNORE_AUTH_PATHS: ReadonlySet<string> = new Set([LOGIN_PATH]);

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string };

export interface GuardInput {
  /** Pathname, e.g. `/order/index`. */
  path: string;
  /** Query string without `?`, e.g. `status=1`. */
  search: string;
  hasToken: boolean;
  /** The user's home path (their `homePath`, else the default). */
  homePath: string;
}

/**
 * A redirect target from the `redirect` query, if it is safe: an internal absolute path
 * (`/x`, not `//host` or `/\host`), never the login page itself. Otherwise null.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let v: string;
  try {
    v = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return null;
  if (v === LOGIN_PATH || v.startsWith(`${LOGIN_PATH}?`)) return null;
  return v;
}

/**
 * The route guard (spec §2 "Guards and navigation", behaviour notes "Session and guard"):
 * - signed out: ignore-auth pages are allowed; anything else → `/login?redirect=<wanted full path>`
 *   (no redirect query for `/`);
 * - signed in at `/login` → the redirect target, else the home path;
 * - `/` → the home path;
 * - everything else is allowed (unknown paths render the exception page).
 */
export function decideGuard({ path, search, hasToken, homePath }: GuardInput): GuardDecision {
  const query = new URLSearchParams(search);
  if (!hasToken) {
    if (IGNORE_AUTH_PATHS.has(path)) return { action: 'allow' };
    if (path === '/' || path === '') return { action: 'redirect', to: LOGIN_PATH };
    const wanted = path + (search ? `?${search}` : '');
    return { action: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}` };
  }
  if (path === LOGIN_PATH) return { action: 'redirect', to: safeRedirect(query.get('redirect')) ?? homePath };
  if (path === '/' || path === '') return { action: 'redirect', to: homePath };
  return { action: 'allow' };
}
