import { lazy, type ComponentPropsWithRef, type ComponentType, type ReactNode } from 'react';
import { isChunkFetchError } from './chunk-import';

/**
 * Lazily loaded code that survives a failed script file. A chunk answered with an error (a 503
 * from an overloaded server, a deploy in progress, a dropped connection) is fetched once more after
 * a short pause; a second failure becomes a {@link ChunkLoadError}, which the shell's error
 * boundaries show as a "could not load" screen with a retry button (web/app/chunk-error.tsx).
 *
 * The retry calls the same loader again; in the built bundle its `import()` asks the chunk under a
 * fresh URL after a failed fetch (web/services/chunk-import.ts), so browsers that keep a failed
 * module fetch fetch the file again, and the module keeps one instance.
 */

/** The pause before a failed chunk is fetched again (ms): long enough for a busy server to breathe. */
export const CHUNK_RETRY_DELAY_MS = 400;

/** A chunk that failed to load twice; `retry()` starts a fresh load of it (the boundary then renders again). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    cause: unknown,
    readonly retry: () => void,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** Runs `load`, and once more after {@link CHUNK_RETRY_DELAY_MS} when its script file failed to fetch. */
export function loadRetryingOnce<T>(load: () => Promise<T>, delayMs = CHUNK_RETRY_DELAY_MS): Promise<T> {
  return load().catch((e: unknown) => {
    if (!isChunkFetchError(e)) throw e;
    return new Promise<void>((r) => setTimeout(r, delayMs)).then(load);
  });
}

/** A lazily loaded component whose load is retried once and can be started again after it failed. */
export type RetryableLazy<T extends ComponentType<any> = ComponentType> = ((props: ComponentPropsWithRef<T>) => ReactNode) & RetryableLoad;
interface RetryableLoad {
  /** Starts the load unless it is loaded or on its way; a failed load starts afresh. Answers the load. */
  preload: () => Promise<unknown>;
  /** The load on its way, or null once it has settled (or before it started). */
  pending: () => Promise<unknown> | null;
}

/**
 * `React.lazy` for a chunk that may fail to load: the load is retried once
 * ({@link loadRetryingOnce}); a second fetch failure throws a {@link ChunkLoadError} into the
 * nearest error boundary, whose `retry()` makes the next render load the chunk afresh (React.lazy
 * alone keeps a failed load for good). Once loaded it renders the module's component directly:
 * React.lazy would still suspend for a microtask on its first render, and a suspended first render
 * shows the Suspense fallback.
 */
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, delayMs = CHUNK_RETRY_DELAY_MS): RetryableLazy<T> {
  type P = ComponentPropsWithRef<T>;
  type Module = { default: ComponentType<P> };
  let Loaded: ComponentType<P> | null = null;
  let current: Promise<Module> | null = null;
  let state: 'idle' | 'pending' | 'loaded' | 'failed' = 'idle';
  // Renders the load already made (failed or not) when there is one: only a retry or a preload starts another.
  const fresh = (): ComponentType<P> => lazy(() => current ?? start());
  let Lazy = fresh();
  const start = (): Promise<Module> => {
    // A lazy component keeps its failed load: a load started afresh needs a new one.
    const refresh = state === 'failed';
    state = 'pending';
    const p = loadRetryingOnce(load as () => Promise<Module>, delayMs).then(
      (m) => {
        if (current === p) [Loaded, state] = [m.default, 'loaded'];
        return m;
      },
      (e: unknown) => {
        if (current === p) state = 'failed';
        throw isChunkFetchError(e) ? new ChunkLoadError(e, retry) : e;
      },
    );
    current = p;
    if (refresh) Lazy = fresh();
    return p;
  };
  function begin(): Promise<Module> {
    return state === 'failed' || !current ? start() : current;
  }
  function retry() {
    if (state === 'failed') start();
  }
  const component = function LazyChunk(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  } as RetryableLazy<T>;
  component.preload = begin;
  component.pending = () => (state === 'pending' ? current : null);
  return component;
}
