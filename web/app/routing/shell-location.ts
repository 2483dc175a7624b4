import { useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';

/*
 * The shell's view of the location (issue 22: tab switch ≤ 50 ms). A tab switch shows its page
 * first and writes the URL once the frame is painted and the main thread idle: Chromium's
 * `history.pushState` is not a cheap call on the console (its same-document navigation forces
 * style and layout several times over, 2–10 ms per switch with twenty screens kept alive against
 * ~0.2 ms on a bare page), and it sat in the click's task before React's commit. Until the URL is written, every reader of the location in
 * the shell (wouter's hooks under the shell's router, the tabs, breadcrumbs, side menu, palette,
 * title) reads the location being shown, so the shell never sees two locations at once.
 *
 * Every other navigation (links, redirects, the tabs machine's replace, a page's `navigate`, the
 * browser's back and forward) goes to the browser at once, as before. A deferred URL is written
 * before any later `pushState`/`replaceState` (history keeps the same entries in the same order),
 * and dropped when the browser moves by itself (back/forward) before it was written.
 */

interface Pending {
  /** The URL to write, as given. */
  to: string;
  path: string;
  search: string;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
/** Work to do once the pending URL is written (the document title). */
let afterWrite: (() => void) | null = null;

const hasWindow = typeof window !== 'undefined' && typeof history !== 'undefined';
/** `history.pushState` / `replaceState` as wouter left them (they announce the change to its hooks). */
const push: History['pushState'] | null = hasWindow ? history.pushState : null;
const replace: History['replaceState'] | null = hasWindow ? history.replaceState : null;

function writePending(): void {
  const p = pending;
  if (!p) return;
  pending = null;
  push!.call(history, null, '', p.to);
  const after = afterWrite;
  afterWrite = null;
  after?.();
}

/*
 * Ours, under anything installed later (a page's leave guard wraps history while its form is
 * dirty): a deferred URL is written before the call it precedes. `history.pushState` being ours is
 * also how `showLocation` knows no leave guard is installed.
 */
const ownPush: History['pushState'] | null = hasWindow
  ? function (this: History, ...args: Parameters<History['pushState']>) {
      writePending();
      return push!.apply(this, args);
    }
  : null;
if (hasWindow) {
  history.pushState = ownPush!;
  history.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
    writePending();
    return replace!.apply(this, args);
  };
  // wouter's patch announces pushState/replaceState; the browser popstate and hashchange.
  for (const type of ['pushState', 'replaceState']) addEventListener(type, changed);
  for (const type of ['popstate', 'hashchange'])
    addEventListener(type, () => {
      // The browser moved on its own (back, forward): its location is the one to show.
      if (pending) {
        pending = null;
        const after = afterWrite;
        afterWrite = null;
        after?.();
      }
      changed();
    });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
/** The path shown: the pending one, else the browser's. */
export const shellPath = (): string => pending?.path ?? location.pathname;
/** The query shown, with its `?` (as `location.search`). */
export const shellSearch = (): string => pending?.search ?? location.search;

/** wouter location hook for the shell's router: [path shown, navigate]. */
export const useShellLocation = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, shellPath), navigate];
/** wouter search hook for the shell's router: the query shown (with its `?`). */
export const useShellSearch = (): string => useSyncExternalStore(subscribe, shellSearch);

/**
 * Shows `to` (a path with its query) now and writes it to the browser's history after the next
 * frame is painted (a new entry, as `navigate(to)`). When something wraps `history.pushState` (a
 * page's leave guard), navigates at once instead, so the guard asks before anything changes and a
 * refusal leaves the location as it was. Answers whether the location shown is now `to`.
 */
export function showLocation(to: string): boolean {
  if (!hasWindow || history.pushState !== ownPush) {
    navigate(to);
  } else {
    writePending();
    const url = new URL(to, location.href);
    const p: Pending = { to, path: url.pathname, search: url.search };
    pending = p;
    const write = () => {
      if (pending === p) writePending();
    };
    // After the frame that shows the page, when the main thread is idle (nothing the user sees
    // waits on it); a page in the background draws no frames, hence the timer.
    requestAnimationFrame(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(write, { timeout: 200 }) : setTimeout(write, 0)));
    setTimeout(write, 500);
    changed();
  }
  return shellPath() + shellSearch() === to;
}

/**
 * Runs `fn` once the location shown is in the browser's history: at once, or right after a
 * pending URL is written (the document title follows the URL, as it did when both changed in the
 * click's own task). A later call replaces an earlier one still waiting.
 */
export function whenLocationWritten(fn: () => void): void {
  if (pending) afterWrite = fn;
  else fn();
}
