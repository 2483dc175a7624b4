/**
 * The one place the shell drops cached server state without loading the query library: the
 * library (web/api/query.ts, TanStack Query) loads with the signed-in shell, never on the login
 * route, and registers its cache here when it loads. Before that nothing is cached, so there is
 * nothing to drop.
 */
let clearCache: (() => void) | null = null;

/** Called once by web/api/query.ts when it loads: `clear` drops every cached query and mutation. */
export function registerQueryCache(clear: () => void): void {
  clearCache = clear;
}

/** Drops every cached answer (spec §4: reaching the login page resets all state); nothing when the library never loaded. */
export function clearQueryCache(): void {
  clearCache?.();
}
