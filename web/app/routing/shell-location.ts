import { useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { configureCrud } from '../../crud/env';
import { whenIdle } from '../../lib/idle';

/*
 * The shell's view of the location (tab switch ≤ 50 ms). A tab switch shows its page
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
 *
 * A list's page, sort or filter (the kit's `writeUrlLater`) defers its URL the same way, but quietly:
 * the list shows its new view from its own state, and the shell keeps reading the browser's location
 * until the URL is written, so the shell's re-render and the tabs' save happen after the rows are
 * painted, not in the step (filter / page / sort → rows repainted).
 */

interface Pending {
  /** The URL to write, as given. */
  to: string;
  path: string;
  search: string;
  /** The shell does not show it until it is written (a list's view, shown by the list itself). */
  quiet?: boolean;
  /** Called when the browser moved by itself before the URL was written (the write is dropped). */
  dropped?: () => void;
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

/** Drops the pending URL unwritten (the browser moved by itself, or another navigation came first). */
function dropPending(): void {
  const p = pending;
  if (!p) return;
  pending = null;
  const after = afterWrite;
  afterWrite = null;
  after?.();
  p.dropped?.();
}

/*
 * Before another navigation: a tab switch's URL is written first (history keeps the entries in
 * order); a list's quiet view is dropped — the shell never showed it, so writing it now would give
 * the list's tab a full path it never had (or bring back a tab being closed); the list shows its
 * URL's view again.
 */
function settlePending(): void {
  if (pending?.quiet) dropPending();
  else writePending();
}

/*
 * Ours, under anything installed later (a page's leave guard wraps history while its form is
 * dirty): a deferred URL is written before the call it precedes. `history.pushState` being ours is
 * also how `showLocation` knows no leave guard is installed.
 */
const ownPush: History['pushState'] | null = hasWindow
  ? function (this: History, ...args: Parameters<History['pushState']>) {
      settlePending();
      return push!.apply(this, args);
    }
  : null;
if (hasWindow) {
  history.pushState = ownPush!;
  history.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
    settlePending();
    return replace!.apply(this, args);
  };
  // wouter's patch announces pushState/replaceState; the browser popstate and hashchange.
  for (const type of ['pushState', 'replaceState']) addEventListener(type, changed);
  for (const type of ['popstate', 'hashchange'])
    addEventListener(type, () => {
      // The browser moved on its own (back, forward): its location is the one to show.
      dropPending();
      changed();
    });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
/** The path shown: the pending one (unless quiet), else the browser's. */
export const shellPath = (): string => (pending && !pending.quiet ? pending.path : location.pathname);
/** The query shown, with its `?` (as `location.search`). */
export const shellSearch = (): string => (pending && !pending.quiet ? pending.search : location.search);

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
    settlePending();
    defer({ to, ...pathOf(to) });
    changed();
  }
  // Compared as the browser spells it: a tab's full path carries its query decoded (as wouter reads it).
  const want = pathOf(to);
  return shellPath() === want.path && shellSearch() === want.search;
}

const pathOf = (to: string) => {
  const url = new URL(to, location.href);
  return { path: url.pathname, search: url.search };
};

/** Makes `p` the pending URL, written after the next frame is painted (once `when` settles), in idle time. */
function defer(p: Pending, when?: Promise<unknown>): void {
  pending = p;
  const write = () => {
    if (pending === p) writePending();
  };
  // After the frame that shows the page, when the main thread is idle (nothing the user sees
  // waits on it); a page in the background draws no frames, hence the timer.
  const schedule = () => {
    if (pending !== p) return;
    requestAnimationFrame(() => whenIdle(write, 200));
    setTimeout(write, 500);
  };
  if (when) void when.then(schedule, schedule);
  else schedule();
}

/** Options of {@link writeUrlLater}. */
export interface WriteUrlLaterOptions {
  /** Called when the browser moved by itself (back, forward) before the write: the write is dropped. */
  dropped?: () => void;
  /** The write waits for it (the list's rows of the new view committed), then for the next frame and idle time. */
  when?: Promise<unknown>;
}

/**
 * Writes `to` (a path with its query) to the browser's history as a new entry once `opts.when`
 * settles and the next frame is painted, in idle time, without the shell showing it before (a
 * quiet pending URL): the caller shows what `to` means itself meanwhile (a list's new view, its
 * rows). A URL still pending is written first (one entry per call, in order). Any other navigation
 * before the write (a link, a tab, back or forward) drops it and calls `opts.dropped`: the location
 * the user went to wins, and the caller shows its URL's view again. The kit asks for it through its
 * env (`CrudEnv.writeUrlLater`).
 */
export function writeUrlLater(to: string, opts: WriteUrlLaterOptions = {}): void {
  if (!hasWindow) return navigate(to);
  writePending();
  defer({ to, ...pathOf(to), quiet: true, dropped: opts.dropped }, opts.when);
}
configureCrud({ writeUrlLater });

/**
 * Runs `fn` once the location shown is in the browser's history: at once, or right after a
 * pending URL is written (the document title follows the URL, as it did when both changed in the
 * click's own task). A later call replaces an earlier one still waiting.
 */
export function whenLocationWritten(fn: () => void): void {
  if (pending) afterWrite = fn;
  else fn();
}
