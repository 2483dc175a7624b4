/**
 * Which side answered the data of each screen: the server
 * sends `x-served-by: platform | mock | replay` with every API answer; the HTTP client hands each
 * answer's headers to {@link noteServedBy} (the header's marker, web/app/platform/ServedByMarker.tsx,
 * installs it with `onAnswers` when the signed-in shell loads), which remembers, per page path, the
 * non-platform sides seen since the page was loaded. The marker reads it for the current path.
 * What the server's mode is, and so whether a marker is wanted at all: ./server-mode.ts.
 */

export type ServedBy = 'platform' | 'mock' | 'replay';

/** Paths remembered at most (all are forgotten beyond; a marker reappears with the next answer). */
const MAX_PATHS = 100;

/**
 * Answers of the shell that every screen shares (session, basic data, the header's message bell,
 * the Mock panel's probe): whichever side serves them says nothing about the screen's own data,
 * and counting them would mark every screen in hybrid mode.
 */
const SHELL_PATHS = /\/v1\/(?:admin\/(?:adminInfo|gameCategory|login|logout)|getPermCode|captcha\/|systemMessage\/mine|mock\/)/;

const byPath = new Map<string, Set<ServedBy>>();
let version = 0;
const listeners = new Set<() => void>();
const EMPTY: ReadonlySet<ServedBy> = new Set();

/**
 * Notes the side of one answer against the page that is showing (`location.pathname`). Platform
 * answers are not noted: the marker shows only what did not come from the platform; nor are the
 * shell's own answers ({@link SHELL_PATHS}).
 */
export function noteServedBy(url: string, headers: Pick<Headers, 'get'>, path: string = typeof location === 'undefined' ? '' : location.pathname): void {
  const side = headers.get('x-served-by');
  if ((side !== 'mock' && side !== 'replay') || SHELL_PATHS.test(url)) return;
  let seen = byPath.get(path);
  if (seen?.has(side)) return;
  if (!seen) {
    if (byPath.size >= MAX_PATHS) byPath.clear();
    byPath.set(path, (seen = new Set()));
  }
  seen.add(side);
  version++;
  listeners.forEach((l) => l());
}

/** The non-platform sides that answered on a page path (empty when all came from the platform). */
export function servedByOf(path: string): ReadonlySet<ServedBy> {
  return byPath.get(path) ?? EMPTY;
}

/** Subscribes to changes (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeServedBy(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** A number that changes on every new note, for `useSyncExternalStore`. */
export function servedByVersion(): number {
  return version;
}

/** Forgets everything (tests). */
export function resetServedBy(): void {
  byPath.clear();
  version++;
  listeners.forEach((l) => l());
}
