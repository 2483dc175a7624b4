import { Suspense, lazy } from 'react';
import type { Resolved } from '../routing/resolve';
import { RouteErrorBoundary } from '../error-boundary';
import { FullPageLoader } from '../loader';

const ExceptionPage = lazy(() => import('../../pages/exception/exception.page'));

/** Renders the resolved page of the current location inside an error boundary per route. */
export function PageOutlet({ resolved, location }: { resolved: Exclude<Resolved, { kind: 'redirect' }>; location: string }) {
  return (
    <RouteErrorBoundary key={location}>
      <Suspense fallback={<FullPageLoader />}>
        {resolved.kind === 'page' ? <resolved.Page /> : <ExceptionPage key={resolved.status} status={resolved.status} />}
      </Suspense>
    </RouteErrorBoundary>
  );
}
