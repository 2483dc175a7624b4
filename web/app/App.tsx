import { Suspense, lazy, useEffect, useMemo, type ComponentType } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useSession } from './session';
import { decideGuard, EXCEPTION_PATH, LOGIN_PATH } from './guard';
import { flattenRoutes, groupRedirect, type FlatRoute } from './route-access';
import { pageTitle } from './page-title';
import { PAGE_MODULES } from '../pages/registry';
import { Layout } from './layout/Layout';
import { Notifier } from './notify';
import { RouteErrorBoundary } from './error-boundary';

const LoginPage = lazy(() => import('../pages/login/login.page'));
const ExceptionPage = lazy(() => import('../pages/exception/exception.page'));

const lazyPages = new Map<string, ComponentType>();
/** One lazy component per page module, created once so React keeps it between renders. */
function pageComponent(name: string | undefined): ComponentType | null {
  if (!name || !PAGE_MODULES[name]) return null;
  let c = lazyPages.get(name);
  if (!c) {
    c = lazy(PAGE_MODULES[name]);
    lazyPages.set(name, c);
  }
  return c;
}

export function FullPageLoader() {
  return (
    <div className="full-loader" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: 48, height: 48 }} strokeWidth="4" />
    </div>
  );
}

/**
 * The router (spec §2): guards every navigation, renders the login page or the layout with the
 * lazily loaded page of the current route, the exception page (404) for unknown paths, and keeps
 * the document title as "{page title} - {app title}" in the current language.
 */
export function App() {
  const [location] = useLocation();
  const search = useSearch();
  const { t, i18n } = useTranslation();
  const s = useSession();
  const transient = s.status === 'boot' || s.status === 'restoring' || s.status === 'building';
  const signedIn = s.ready || s.status === 'signingOut';

  const flat = useMemo(() => flattenRoutes(s.routes), [s.routes]);
  const byPath = useMemo(() => new Map(flat.map((r) => [r.path, r])), [flat]);
  const current: FlatRoute | undefined = byPath.get(location);

  // Spec §4: reaching the login page resets all state.
  useEffect(() => {
    if (location === LOGIN_PATH && s.status === 'signedOut') s.send({ type: 'session.reset' });
  }, [location, s.status, s.send]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (location === LOGIN_PATH) document.title = pageTitle(t, 'routes.basic.login');
    else if (current) document.title = pageTitle(t, current.title, current.literalTitle);
    else document.title = pageTitle(t, 'routes.basic.exception');
  }, [location, current, t, i18n.language]);

  if (transient) return <FullPageLoader />;

  const decision = decideGuard({ path: location, search, hasToken: signedIn, homePath: s.homePath });
  if (decision.action === 'redirect') return <Redirect to={decision.to} replace />;

  if (location === LOGIN_PATH) {
    return (
      <>
        <Notifier />
        <Suspense fallback={<FullPageLoader />}>
          <LoginPage />
        </Suspense>
      </>
    );
  }

  const group = groupRedirect(s.routes, location);
  if (group) return <Redirect to={group} replace />;

  const Page = current ? pageComponent(current.component) : null;
  const code = location === EXCEPTION_PATH ? Number(new URLSearchParams(search).get('status')) || 404 : 404;
  return (
    <>
      <Notifier />
      <Layout current={current}>
        <RouteErrorBoundary key={location}>
          <Suspense fallback={<FullPageLoader />}>{Page ? <Page /> : <ExceptionPage key={code} status={code} />}</Suspense>
        </RouteErrorBoundary>
      </Layout>
    </>
  );
}
