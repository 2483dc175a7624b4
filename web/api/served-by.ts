/**
 * Which side answered the data of each screen (issue 14, hybrid and replay modes): the server
 * sends `x-served-by: platform | mock | replay` with every API answer; the HTTP client hands each
 * answer's headers to {@link noteServedBy} (web/main.tsx wires it), which remembers, per page path,
 * the non-platform sides seen since the page was loaded. The header's marker
 * (web/app/platform/ServedByMarker.tsx) reads it for the current path.
 *
 * Kept tiny and free of imports: it is in the entry chunk, beside the HTTP client.
 */

export type ServedBy = 'platform' | 'mock' | 'replay';

/** Paths remembered at most (the oldest is forgotten first). */
const MAX_PATHS = 100;

let byPath = new Map<string, ReadonlySet<ServedBy>>();
const listeners = new Set<() => void>();

/**
 * Notes the side of one answer against the page that is showing (`location.pathname`). Platform
 * answers are not noted: the marker shows only what did not come from the platform.
 */
export function noteServedBy(_url: string, headers: Pick<Headers, 'get'>, path: string = typeof location === 'undefined' ? '' : location.pathname): void {
  const side = headers.get('x-served-by');
  if (side !== 'mock' && side !== 'replay') return;
  const seen = byPath.get(path);
  if (seen?.has(side)) return;
  const next = new Map(byPath);
  next.delete(path);
  next.set(path, new Set([...(seen ?? []), side]));
  if (next.size > MAX_PATHS) next.delete(next.keys().next().value as string);
  byPath = next;
  listeners.forEach((l) => l());
}

/** The non-platform sides that answered on a page path (empty when all came from the platform). */
export function servedByOf(path: string): ReadonlySet<ServedBy> {
  return byPath.get(path) ?? EMPTY;
}
const EMPTY: ReadonlySet<ServedBy> = new Set();

/** Subscribes to changes (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeServedBy(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The current map's identity (changes on every note), for `useSyncExternalStore`. */
export function servedBySnapshot(): ReadonlyMap<string, ReadonlySet<ServedBy>> {
  return byPath;
}

/** Forgets everything (tests). */
export function resetServedBy(): void {
  byPath = new Map();
  listeners.forEach((l) => l());
}

/** What `GET /healthz` says about the server: its mode, and whether the mock marker is wanted. */
export interface ServerMode {
  mode: string;
  mockMarker: boolean;
}

let modeOnce: Promise<ServerMode> | null = null;

/**
 * The server's mode, read once per page load from `GET /healthz` (`{mode, mockMarker}`); a failed
 * read counts as plain mock/proxy (no marker). `mockMarker` defaults to true when the server does
 * not say.
 */
export function serverMode(fetchImpl: typeof fetch = fetch): Promise<ServerMode> {
  modeOnce ??= fetchImpl('/healthz', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ mode?: unknown; mockMarker?: unknown }>) : {}))
    .then((b: { mode?: unknown; mockMarker?: unknown }) => ({ mode: typeof b.mode === 'string' ? b.mode : 'unknown', mockMarker: b.mockMarker !== false }))
    .catch(() => ({ mode: 'unknown', mockMarker: false }));
  return modeOnce;
}

/** Forgets the mode read (tests). */
export function resetServerMode(): void {
  modeOnce = null;
}

/** Whether a mode shows the marker: only where some answers may come from elsewhere than the platform. */
export function markerWanted(m: ServerMode): boolean {
  return m.mockMarker && (m.mode === 'hybrid' || m.mode === 'replay');
}
