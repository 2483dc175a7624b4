import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/request-body';

/**
 * Error log types of spec §8. The spec's "vue" type is a React render error here and is named
 * `react` (the word `vue` never reaches the UI); the others are as written. `contract` is
 * a platform answer that differs from the contract, added by web/app/platform/drift-watch.ts.
 */
export type ErrorType = 'react' | 'script' | 'resource' | 'ajax' | 'promise' | 'contract';

/** An error log entry (spec §3 "Error log entry"). */
export interface ErrorLogEntry {
  /** Unique within the page, for table keys. */
  id: number;
  type: ErrorType;
  message: string;
  /** The page URL when it happened; for ajax errors, the request URL. */
  url: string;
  name: string;
  file: string;
  /** At most `STACK_FRAMES` frames (spec §8). */
  stack: string;
  /** JSON text: request params/method/headers for ajax, element for resources, component stack for render errors. */
  detail: string;
  /** `YYYY-MM-DD HH:mm:ss` local time. */
  time: string;
}

/** Spec §8: stack traces are trimmed to 9 frames. */
export const STACK_FRAMES = 9;
/** Behaviour notes "Error log": resource entries only for these elements. */
export const RESOURCE_TAGS: ReadonlySet<string> = new Set(['img', 'script', 'link']);
/** Our bound on memory (the spec keeps the log in memory only): beyond it the oldest entries go. */
export const MAX_ENTRIES = 1000;

type NewEntry = Omit<ErrorLogEntry, 'id' | 'time'>;

/** True for a stack line that is a frame (V8 `    at f (file:1:2)`, Firefox/Safari `f@file:1:2`). */
function isFrame(line: string): boolean {
  return /^\s*at\s/.test(line) || /@\S+:\d+(:\d+)?\s*$/.test(line);
}

/**
 * Trims a stack to its message lines plus at most `frames` frames (spec §8: 9) and drops query
 * strings from script URLs (cache busters say nothing and make entries long). Empty for no stack.
 */
export function trimStack(stack: string | undefined | null, frames = STACK_FRAMES): string {
  if (!stack) return '';
  const out: string[] = [];
  let n = 0;
  for (const raw of String(stack).split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    if (isFrame(line)) {
      if (n >= frames) break;
      n++;
      out.push(line.trim().replace(/\?[^:)\s]*(?=:\d)/g, ''));
    } else if (n === 0) {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** Spec §8: a cross-origin "Script error." without a file says nothing and is not logged. */
export function isIgnoredScriptError(message: string | undefined, file: string | undefined): boolean {
  return (message ?? '').trim() === 'Script error.' && !file;
}

/** The count on the header badge: '' for none, '99+' above 99 (behaviour notes "Error log"). */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > 99 ? '99+' : String(count);
}

function json(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return String(v);
  }
}

/** The minimal shape of an `error` event (ErrorEvent for scripts, Event on an element for resources). */
export interface ErrorEventLike {
  message?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  error?: unknown;
  target?: unknown;
}

/** The element-ish target of a resource error. */
interface ElementLike {
  tagName?: string;
  localName?: string;
  src?: string;
  currentSrc?: string;
  href?: string;
  outerHTML?: string;
}

/** The tag of an element target in lower case, or null when the target is not an element. */
function tagOf(target: unknown): string | null {
  if (!target || typeof target !== 'object') return null;
  const t = target as ElementLike;
  const tag = t.localName || t.tagName;
  return typeof tag === 'string' ? tag.toLowerCase() : null;
}

/**
 * What an `error` event caught on window is: a failed load of an img/script/link (`resource`), an
 * uncaught script error (`script`), or nothing to log (`ignore`: a cross-origin "Script error."
 * without a file, or a load failure of another element).
 */
export function classifyErrorEvent(ev: ErrorEventLike): 'resource' | 'script' | 'ignore' {
  const tag = tagOf(ev.target);
  if (tag) return RESOURCE_TAGS.has(tag) ? 'resource' : 'ignore';
  if (isIgnoredScriptError(ev.message, ev.filename)) return 'ignore';
  return 'script';
}

/** A resource entry: message "{tag} is load error", stack "resource is not found" (spec §8). */
export function resourceEntry(target: ElementLike, pageUrl: string): NewEntry {
  const tag = tagOf(target) ?? 'resource';
  return {
    type: 'resource',
    name: 'Resource Error',
    message: `${tag} is load error`,
    url: pageUrl,
    file: target.currentSrc || target.src || target.href || '',
    stack: 'resource is not found',
    detail: json({ tagName: tag, html: target.outerHTML ?? '' }),
  };
}

/** An uncaught script error entry. */
export function scriptEntry(ev: ErrorEventLike, pageUrl: string): NewEntry {
  const err = ev.error instanceof Error ? ev.error : null;
  const where = ev.filename ? `${ev.filename}${ev.lineno ? `:${ev.lineno}${ev.colno ? `:${ev.colno}` : ''}` : ''}` : '';
  return {
    type: 'script',
    name: err?.name || 'Error',
    message: err?.message || ev.message || String(ev.error ?? 'Script error'),
    url: pageUrl,
    file: where,
    stack: trimStack(err?.stack) || where,
    detail: json({ lineno: ev.lineno ?? null, colno: ev.colno ?? null }),
  };
}

/** An unhandled promise rejection entry. */
export function promiseEntry(reason: unknown, pageUrl: string): NewEntry {
  const err = reason instanceof Error ? reason : null;
  return {
    type: 'promise',
    name: err?.name || 'Promise Error',
    message: err?.message || (typeof reason === 'string' ? reason : json(reason)) || 'Promise rejected',
    url: pageUrl,
    file: '',
    stack: trimStack(err?.stack),
    detail: err ? '' : json({ reason }),
  };
}

/** The first component of a React component stack (`\n    at Bomb (…)`), or ''. */
export function componentOf(componentStack: string | null | undefined): string {
  const m = /^\s*(?:(?:at|in)\s+)?([A-Za-z_$][\w$.]*)/m.exec((componentStack ?? '').replace(/^\s*\n/, ''));
  return m ? m[1] : '';
}

/** `url:line:col` of the first frame of a stack, or ''. */
export function firstFrameLocation(stack: string | undefined | null): string {
  for (const line of trimStack(stack).split('\n')) {
    const m = /\(?((?:https?|file|webpack|blob):[^()\s]+:\d+:\d+)\)?\s*$/.exec(line);
    if (m && isFrame(line)) return m[1];
  }
  return '';
}

/**
 * A render error entry (type `react`). "file" is where it was thrown (the first frame: component
 * names are minified in production builds); the component and its parents are in the detail.
 */
export function reactEntry(error: unknown, componentStack: string | null | undefined, pageUrl: string): NewEntry {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    type: 'react',
    name: err.name || 'Error',
    message: err.message,
    url: pageUrl,
    file: firstFrameLocation(err.stack) || componentOf(componentStack),
    stack: trimStack(err.stack),
    detail: json({ component: componentOf(componentStack), componentStack: trimStack(componentStack) }),
  };
}

/** An ajax error entry (spec §8 "Ajax errors are logged only if error handling is on"). */
export function ajaxEntry(e: { name?: string; message: string; url?: string; method?: string; code?: number | null }, detail: { params?: unknown; method: string; headers: Record<string, string> }): NewEntry {
  return {
    type: 'ajax',
    name: e.name || 'ApiError',
    message: e.message,
    url: e.url || '',
    file: '',
    stack: `${detail.method} ${e.url ?? ''}${e.code != null ? ` → ${e.code}` : ''}`,
    detail: json({ params: detail.params ?? null, method: detail.method, headers: detail.headers }),
  };
}

/** The in-memory error log (behaviour notes "Error log": newest first, memory only, badge count). */
export interface ErrorLog {
  /** Adds an entry when error handling is on; true when it was logged. */
  add(entry: NewEntry): boolean;
  /** Newest first. The array changes identity on every change (for React). */
  list(): readonly ErrorLogEntry[];
  /** Entries since the list was last opened (the badge). */
  count(): number;
  resetCount(): void;
  clear(): void;
  subscribe(l: () => void): () => void;
}

/**
 * Creates an error log.
 * @param enabled read on every add: the project config's `useErrorHandle` (off by default, spec §8)
 * @param now clock in ms (tests)
 */
export function createErrorLog(enabled: () => boolean, now: () => number = Date.now, max = MAX_ENTRIES): ErrorLog {
  let entries: readonly ErrorLogEntry[] = [];
  let count = 0;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    add(entry) {
      if (!enabled()) return false;
      const full: ErrorLogEntry = { ...entry, id: nextId++, time: formatDateTime(new Date(now())) };
      entries = [full, ...entries].slice(0, max);
      count++;
      emit();
      return true;
    },
    list: () => entries,
    count: () => count,
    resetCount() {
      if (count === 0) return;
      count = 0;
      emit();
    },
    clear() {
      entries = [];
      count = 0;
      emit();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/**
 * Handlers for window's `error` (capture phase, so failed loads of elements are seen too) and
 * `unhandledrejection` events. One listener sees each event once; the `seen` set also guards
 * against the same event arriving twice (e.g. a second listener), so it is logged once.
 */
export function createCaptureHandlers(log: ErrorLog, pageUrl: () => string) {
  const seen = new WeakSet<object>();
  const once = (ev: object) => {
    if (seen.has(ev)) return false;
    seen.add(ev);
    return true;
  };
  return {
    onError(ev: ErrorEventLike) {
      if (typeof ev === 'object' && ev !== null && !once(ev)) return;
      const kind = classifyErrorEvent(ev);
      if (kind === 'resource') log.add(resourceEntry(ev.target as ElementLike, pageUrl()));
      else if (kind === 'script') log.add(scriptEntry(ev, pageUrl()));
    },
    onRejection(ev: { reason?: unknown }) {
      if (typeof ev === 'object' && ev !== null && !once(ev)) return;
      log.add(promiseEntry(ev.reason, pageUrl()));
    },
  };
}

/** The console's error log; enabled by the project config (wired in capture.ts). */
let enabledFn: () => boolean = () => false;
export const errorLog: ErrorLog = createErrorLog(() => enabledFn());

/** Sets what decides whether errors are logged (boot: the project config's useErrorHandle). */
export function setErrorLogEnabled(fn: () => boolean): void {
  enabledFn = fn;
}

/** The entries, newest first, re-rendering on change. */
export function useErrorLogEntries(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(errorLog.subscribe, errorLog.list);
}

/** The badge count, re-rendering on change. */
export function useErrorLogCount(): number {
  return useSyncExternalStore(errorLog.subscribe, errorLog.count);
}
