import type { ApiError } from '../../api/http';
import { getProjectConfig } from '../project-config';
import { ajaxEntry, createCaptureHandlers, errorLog, reactEntry, setErrorLogEnabled } from './error-log';

/**
 * Installs the global error capture of spec §8 (web/main.tsx calls it once at boot): uncaught
 * script errors and failed loads of img/script/link (one capture-phase `error` listener on
 * window), and unhandled promise rejections. Whether anything is logged is decided per error by
 * the project config's `useErrorHandle` (off by default), so turning it on or off acts at once.
 * Returns a function that removes the listeners.
 */
export function installErrorCapture(win: Window = window): () => void {
  setErrorLogEnabled(() => getProjectConfig().useErrorHandle);
  const h = createCaptureHandlers(errorLog, () => win.location.href);
  const onError = (e: Event) => h.onError(e as ErrorEvent);
  const onRejection = (e: PromiseRejectionEvent) => h.onRejection(e);
  win.addEventListener('error', onError, true);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError, true);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** The HTTP client's `logError` hook (spec §8 "Ajax errors are logged only if error handling is on"). */
export function logAjaxError(e: ApiError, detail: { params?: unknown; method: string; headers: Record<string, string> }): void {
  errorLog.add(ajaxEntry(e, detail));
}

/** Logs a render error caught by an error boundary (type `react`). */
export function logRenderError(error: unknown, componentStack: string | null | undefined): void {
  errorLog.add(reactEntry(error, componentStack, typeof window === 'undefined' ? '' : window.location.href));
}
