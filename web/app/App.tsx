import { Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { lazyWithRetry } from '../services/chunk';
import { Redirect, Router, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSession } from '../services/session';
import { usePrimeLocale } from '../services/locale';
import { decideGuard, ERROR_LOG_PATH, LOGIN_PATH } from '../services/guard';
import { useResolvedRoute, type Resolved } from './routing/resolve';
import { pageTitle } from './page-title';
import { useShellLocation, useShellSearch, whenLocationWritten } from './routing/shell-location';
import { Notifier } from './notify';
import { FullPageLoader } from './loader';
import { LockGate } from './lock/LockGate';
import { TimeoutCover } from './lock/TimeoutCover';
import { lockActor } from './lock/lock';
import { ERROR_LOG_ROUTE } from './error-log/route';
import { datesReady } from './locale/dates';
import { clearQueryCache } from '../api/query-cache';
import { ChunkBoundary } from './chunk-error';

const LoginPage = lazyWithRetry(() => import('../pages/login/login.page'));
// The signed-in shell (menus, tabs, search, settings) loads after sign-in: the login route draws none of it.
// It waits for dayjs's language too (locale/dates.ts): its pages format dates from their first render.
const SignedInShell = lazyWithRetry(() => Promise.all([import('./layout/SignedInShell'), datesReady()]).then(([m]) => m));
const ErrorLogPage: ComponentType = lazyWithRetry(() => import('../pages/error-log/list.page'));

/**
 * The router (spec §2): guards every navigation, renders the login page or the layout with the
 * lazily loaded page of the current route, the exception page (404) for unknown paths, and keeps
 * the document title as "{page title} - {app title}" in the current language. Everything under it
 * reads the location the shell shows (`routing/shell-location.ts`: a tab switch writes its URL
 * after the frame is painted).
 */
export function App() {
  return (
    <Router hook={useShellLocation} searchHook={useShellSearch}>
      {/* A part of the console whose code failed to load twice, not caught by a page's own boundary, shows its retry screen instead of a blank page. */}
      <ChunkBoundary scope="app">
        <Console />
      </ChunkBoundary>
    </Router>
  );
}

function Console() {
  usePrimeLocale();
  const [location] = useLocation();
  const search = useSearch();
  const { t, i18n } = useTranslation();
  const s = useSession();
  // The lock must be known from the start: it drops a lock left by an ended session, and a
  // persisted lock replaces the console from the first paint (LockGate).
  lockActor();
  const transient = s.status === 'boot' || s.status === 'restoring' || s.status === 'building';
  // Cover mode (spec §4): a timed-out session keeps its page under the login cover.
  const signedIn = s.ready || s.status === 'signingOut' || s.status === 'timedOut';
  const tableResolved = useResolvedRoute(location, search);
  // Spec §2 basic route, not part of the route table.
  const resolved = useMemo<Resolved>(() => (location === ERROR_LOG_PATH ? { kind: 'page', route: ERROR_LOG_ROUTE, Page: ErrorLogPage, params: {} } : tableResolved), [location, tableResolved]);
  const route = resolved.kind === 'redirect' ? undefined : resolved.route;

  // Spec §4: reaching the login page resets all state.
  useEffect(() => {
    if (location === LOGIN_PATH && s.status === 'signedOut') s.send({ type: 'session.reset' });
    // …cached server state included: the next account never sees the last one's answers (the query
    // library loads with the signed-in shell, never on the login route: api/query-cache.ts).
    if (location === LOGIN_PATH && s.status === 'signedOut') clearQueryCache();
  }, [location, s.status, s.send]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const title =
      location === LOGIN_PATH ? pageTitle(t, 'routes.basic.login') : route ? pageTitle(t, route.title, route.literalTitle) : pageTitle(t, 'routes.basic.exception');
    // With the URL: a tab switch writes both after its frame is painted.
    whenLocationWritten(() => (document.title = title));
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
        <Suspense fallback={<FullPageLoader />}>
          <SignedInShell current={route} resolved={resolved} location={location} />
        </Suspense>
        <TimeoutCover />
      </LockGate>
    </>
  );
}
