import { Suspense, lazy, type ReactNode } from 'react';
import { ErrorBoundary } from '../services/error-boundary';

const ExceptionPage = lazy(() => import('../pages/exception/exception.page'));

/**
 * The per-route boundary: one broken page never blanks the shell. It shows the 500 exception page
 * with "retry" (render the page again). Keyed by route by its parent, so navigating away clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(_e, reset) => (
        <Suspense fallback={null}>
          <ExceptionPage status={500} onRetry={reset} renderError />
        </Suspense>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
