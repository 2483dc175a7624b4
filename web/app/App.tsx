import { Suspense, lazy, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSession } from './session';
import { decideGuard, LOGIN_PATH } from './guard';
import { useResolvedRoute } from './routing/resolve';
import { pageTitle } from './page-title';
import { Layout } from './layout/Layout';
import { PageOutlet } from './layout/PageOutlet';
import { Notifier } from './notify';
import { FullPageLoader } from './loader';
import { LockGate } from './lock/LockGate';
import { TimeoutCover } from './lock/TimeoutCover';

const LoginPage = lazy(() => import('../pages/login/login.page'));

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
  const resolved = useResolvedRoute(location, search);
  const route = resolved.kind === 'redirect' ? undefined : resolved.route;

  // Spec §4: reaching the login page resets all state.
  useEffect(() => {
    if (location === LOGIN_PATH && s.status === 'signedOut') s.send({ type: 'session.reset' });
  }, [location, s.status, s.send]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (location === LOGIN_PATH) document.title = pageTitle(t, 'routes.basic.login');
    else if (route) document.title = pageTitle(t, route.title, route.literalTitle);
    else document.title = pageTitle(t, 'routes.basic.exception');
  }, [location, route, t, i18n.language]);

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
  if (resolved.kind === 'redirect') return <Redirect to={resolved.to} replace />;

  return (
    <>
      <Notifier />
      <LockGate>
        <Layout current={route}>
          <PageOutlet resolved={resolved} location={location} />
        </Layout>
        <TimeoutCover />
      </LockGate>
    </>
  );
}
