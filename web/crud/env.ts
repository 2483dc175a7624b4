/**
 * What the kit needs from the shell, which it may not import (architecture "Boundaries": crud/ never
 * imports app/): button permission checks (spec §6), success toasts and which screens the user may open. The shell (or a page) calls
 * {@link configureCrud} once; until then every guarded button is hidden (permission checks fail
 * closed) and toasts are dropped.
 */
export interface CrudEnv {
  /** Whether the user holds a button code (`FeedbackType:del`); a React hook, called during render. */
  usePermission: () => (code: string) => boolean;
  notify: (message: string, severity?: 'success' | 'info' | 'warn' | 'error') => void;
  /**
   * Whether the user may open a screen (a route path of their built routes); a React hook, called
   * during render. A reference is drawn as a link only to a screen the user may open (issue 21).
   */
  useCanOpen: () => (path: string) => boolean;
}

const env: CrudEnv = { usePermission: () => () => false, notify: () => {}, useCanOpen: () => () => false };

export function configureCrud(e: Partial<CrudEnv>): void {
  Object.assign(env, e);
}

export function crudEnv(): CrudEnv {
  return env;
}
