/**
 * What the kit needs from the shell, which it may not import (architecture "Boundaries": crud/ never
 * imports app/): button permission checks (spec §6) and success toasts. The shell (or a page) calls
 * {@link configureCrud} once; until then every guarded button is hidden (permission checks fail
 * closed) and toasts are dropped.
 */
export interface CrudEnv {
  /** Whether the user holds a button code (`FeedbackType:del`); a React hook, called during render. */
  usePermission: () => (code: string) => boolean;
  notify: (message: string, severity?: 'success' | 'info' | 'warn' | 'error') => void;
}

const env: CrudEnv = { usePermission: () => () => false, notify: () => {} };

export function configureCrud(e: Partial<CrudEnv>): void {
  Object.assign(env, e);
}

export function crudEnv(): CrudEnv {
  return env;
}
