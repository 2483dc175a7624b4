import { Suspense, type ReactNode } from 'react';
import { lazyWithRetry } from '../services/chunk';
import { ChunkBoundary } from './chunk-error';

const ExceptionPage = lazyWithRetry(() => import('../pages/exception/exception.page'));

/**
 * The per-route boundary: one broken page never blanks the shell. A page whose code failed to load
 * shows the chunk error screen (chunk-error.tsx); a page that failed to render shows the 500 exception page with
 * "retry" (render the page again), or the chunk error screen when the exception page's own chunk
 * does not load. Keyed by route by its parent, so navigating away clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary
      fallback={(_e, reset) => (
        <ChunkBoundary>
          <Suspense fallback={null}>
            <ExceptionPage status={500} onRetry={reset} renderError />
          </Suspense>
        </ChunkBoundary>
      )}
    >
      {children}
    </ChunkBoundary>
  );
}
