import { queryClient } from './query';

/** What `GET /healthz` says about the server: its mode, and whether the mock marker is wanted. */
export interface ServerMode {
  mode: string;
  mockMarker: boolean;
}

let modeOnce: Promise<ServerMode> | null = null;

/**
 * The server's mode, read once per page load from `GET /healthz` (`{mode, mockMarker}`); a failed
 * read counts as plain mock/proxy (no marker). `mockMarker` defaults to true when the server does
 * not say. Plain `fetch`: `/healthz` is not an API path and answers no envelope.
 */
export function serverMode(fetchImpl: typeof fetch = (i, init) => fetch(i, init)): Promise<ServerMode> {
  modeOnce ??= fetchImpl('/healthz', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ mode?: unknown; mockMarker?: unknown }>) : {}))
    .then((b: { mode?: unknown; mockMarker?: unknown }) => ({ mode: typeof b.mode === 'string' ? b.mode : 'unknown', mockMarker: b.mockMarker !== false }))
    .catch(() => ({ mode: 'unknown', mockMarker: false }));
  return modeOnce;
}

/** The query of the server's mode (read once, kept for good: the mode does not change while the console runs). */
export const serverModeQuery = { queryKey: ['healthz', 'mode'] as const, queryFn: () => serverMode(), staleTime: Infinity, gcTime: Infinity, retry: false };

/** Forgets the mode read, cached query included (tests). */
export function resetServerMode(): void {
  modeOnce = null;
  queryClient.removeQueries({ queryKey: serverModeQuery.queryKey });
}

/** Whether a mode shows the marker: only where some answers may come from elsewhere than the platform. */
export function markerWanted(m: ServerMode): boolean {
  return m.mockMarker && (m.mode === 'hybrid' || m.mode === 'replay');
}
