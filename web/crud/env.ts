/**
 * What the kit needs from the shell, which it may not import (architecture "Boundaries": crud/ never
 * imports app/): button permission checks (spec §6), success toasts and which screens the user may open. The shell (or a page) calls
 * {@link configureCrud} once; until then every guarded button is hidden (permission checks fail
 * closed) and toasts are dropped.
 */
export interface CrudEnv {
  /** Whether the user holds a button code (`FeedbackType:del`); a React hook, called during render. */
  usePermission: () => (code: string) => boolean;
  /**
   * Shows a toast; `opts.action` puts a button on it (the kit's Undo) and `opts.life` keeps it that
   * many ms.
   */
  notify: (message: string, severity?: 'success' | 'info' | 'warn' | 'error', opts?: { action?: { label: string; run: () => void }; life?: number }) => void;
  /** Opens the signed-in user's export jobs (the shell's "Export jobs" screen); unset: no link is offered. */
  openExportJobs?: () => void;
  /**
   * Whether the user may open a screen (a route path of their built routes); a React hook, called
   * during render. A reference is drawn as a link only to a screen the user may open.
   */
  useCanOpen: () => (path: string) => boolean;
  /**
   * The watermark's name line for screens showing personal data or codes (the signed-in user), or
   * null when the watermark is off; a React hook, called during render.
   */
  useWatermark: () => string | null;
  /**
   * Writes a URL (path and query) to the browser's history as a new entry once `when` settles and
   * the next frame is painted, the shell not seeing it before (a list's page, sort or filter: the
   * list shows its new view and rows itself, so the shell's re-render and the tabs' save stay off
   * the step). `dropped` is called when the browser moved by itself (back) before the
   * write. Any other navigation writes it first. Unset: the list navigates at once.
   */
  writeUrlLater?: (to: string, opts?: { dropped?: () => void; when?: Promise<unknown> }) => void;
}

const env: CrudEnv = { usePermission: () => () => false, notify: () => {}, useCanOpen: () => () => false, useWatermark: () => null };

export function configureCrud(e: Partial<CrudEnv>): void {
  Object.assign(env, e);
}

export function crudEnv(): CrudEnv {
  return env;
}
