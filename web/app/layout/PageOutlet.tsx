import { Suspense, createContext, memo, useContext, useEffect, useReducer, useRef, type ComponentType } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { Router, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { pageLoad, startListEntry, type Resolved } from '../routing/resolve';
import { RouteErrorBoundary } from '../error-boundary';
import { useProjectConfig } from '../../services/project-config';
import { beginPageLoad, endPageLoad } from './page-loading';
import { useTabsSync } from '../tabs/use-tabs-sync';
import { useOpenTabs, useRefreshCount } from '../tabs/tabs-store';
import { tabPageKey } from '../../machines/tabs.machine';
import './page-outlet.css';

const ExceptionPage = lazyWithRetry(() => import('../../pages/exception/exception.page'));

/** The location a page sees: its own while hidden (kept alive), the browser's while shown. */
interface PageLocation {
  path: string;
  search: string;
}
const PageLocationCtx = createContext<PageLocation>({ path: '/', search: '' });

/*
 * Location hooks for the wouter Router around each page. A hidden page keeps reading the path and
 * query it was last shown with, so a list page that mirrors its filters in the query never reacts
 * to another tab's URL; navigation still goes to the browser.
 */
const usePageLocation = (): [string, typeof navigate] => [useContext(PageLocationCtx).path, navigate];
const usePageSearch = (): string => useContext(PageLocationCtx).search;

/** Suspense fallback while a page chunk loads: drives the §4 page loading flag (on after 50 ms). */
function PageLoading() {
  useEffect(() => {
    beginPageLoad();
    return () => endPageLoad();
  }, []);
  return <div className="page-outlet-loading" aria-busy="true" />;
}

/** One page with its own router view of the location, error boundary (spec §8) and loading fallback. */
const KeptPage = memo(function KeptPage({ Page, location }: { Page: ComponentType; location: PageLocation }) {
  return (
    <PageLocationCtx.Provider value={location}>
      <Router hook={usePageLocation} searchHook={usePageSearch}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      </Router>
    </PageLocationCtx.Provider>
  );
});

/** The page of a known route whose screen is not built yet: the exception page (404). */
const exceptionPages = new Map<number, ComponentType>();
function exceptionPageFor(status: number): ComponentType {
  let c = exceptionPages.get(status);
  if (!c) {
    c = function RouteException() {
      return <ExceptionPage status={status} />;
    };
    exceptionPages.set(status, c);
  }
  return c;
}

/**
 * The longest a list screen entered afresh waits for its first rows before it mounts, from the
 * moment its list request left (ms); its chunk it always waits for. A list answering later mounts
 * with its loading mask, as before.
 */
const ROWS_HOLD_MS = 250;

/** A screen being entered afresh: what it waits for before it mounts. */
interface Entering {
  Page: ComponentType;
  search: string;
  /** Its chunk and its list's first answer (at most {@link ROWS_HOLD_MS} after the request left), settled either way. */
  wait: Promise<unknown> | null;
  settled: boolean;
}

/** Starts entering `Page` at URL query `search`: its chunk is already on its way (route resolution); its list's first request leaves now. */
function enterScreen(Page: ComponentType, search: string): Entering {
  const chunk = pageLoad(Page);
  const rows = startListEntry(Page, search);
  const e: Entering = { Page, search, wait: null, settled: !chunk && !rows };
  if (!e.settled) {
    const capped = rows?.then((sent) => sent && Promise.race([sent.answered, new Promise((r) => setTimeout(r, ROWS_HOLD_MS))]));
    const done = () => void (e.settled = true);
    e.wait = Promise.all([chunk, capped]).then(done, done);
  }
  return e;
}

interface Entry {
  /** The page instance's key: its route path, or its tab's key for a record screen. */
  key: string;
  Page: ComponentType;
  location: PageLocation;
}

/**
 * Renders the page of the current location (spec §2), with:
 * - keep-alive (`openKeepAlive`, with multi-tab shown): the page of every open tab stays mounted,
 *   hidden, while another tab is shown, so its state (a typed filter, a chosen toggle) survives a
 *   tab switch; a closed tab's page unmounts; `meta.ignoreKeepAlive` opts a tab out;
 * - refresh: the tabs machine's refresh count is part of the page's key, so a refresh remounts the
 *   page (its state is lost) without leaving the route (behaviour notes "Multi-tab");
 * - page transitions (`transitionSetting`, the six §9 names) as a CSS animation on the shown page;
 * - an error boundary per page, so one broken page never blanks the shell (spec §8);
 * - the page loading flag around lazy page chunks (spec §4).
 * Pages are kept per route path (tabs of one path with different queries share one instance),
 * except a record screen's, kept per tab ({@link tabPageKey}).
 */
export function PageOutlet({ resolved, location }: { resolved: Exclude<Resolved, { kind: 'redirect' }>; location: string }) {
  const search = useSearch();
  const shownTab = useTabsSync(resolved.route, location, search);
  // The tabs alone, not the active key: a switch already re-renders the outlet through the location.
  const tabs = useOpenTabs();
  const refreshCount = useRefreshCount();
  const keepAlive = useProjectConfig((c) => c.openKeepAlive);
  const showTabs = useProjectConfig((c) => c.multiTabsSetting.show);
  const transition = useProjectConfig((c) => c.transitionSetting);

  const entries = useRef(new Map<string, Entry>()).current;
  // A record screen's page is kept per tab (each its own record), any other per route path.
  const routeKey = resolved.route ? ((shownTab.meta.dynamicLevel ?? 1) > 1 ? tabPageKey(shownTab) : resolved.route.path) : null;
  // A screen entered afresh is not mounted until its chunk is in: the screen shown so far stays up
  // (its tab already switched, the progress bar running), then the new one mounts and renders at
  // once. Mounting it early would show the Suspense fallback, which React 19 keeps for at least
  // 300 ms however fast the chunk comes (menu entry → rows). A list screen's first request
  // leaves at the same moment (its registry line's list entry), not after its first render, and the
  // screen also waits for that answer, up to ROWS_HOLD_MS after it left: its first render then draws its rows, with
  // no empty table and loading mask drawn and painted before them. With nothing shown yet (boot, or
  // the shown tab was closed) it mounts at once, with its fallback, as before.
  const [, chunkArrived] = useReducer((n: number) => n + 1, 0);
  const shownRef = useRef<string | null>(null);
  const entering = resolved.kind === 'page' && routeKey !== null && entries.get(routeKey)?.Page !== resolved.Page ? resolved.Page : null;
  // Once per entry, not per render (the shell renders several times while a screen loads).
  const started = useRef<Entering | null>(null);
  if (!entering) started.current = null;
  else if (started.current?.Page !== entering || started.current.search !== search) started.current = enterScreen(entering, search);
  const held = resolved.kind === 'page' && routeKey !== shownRef.current && shownRef.current !== null && entries.has(shownRef.current) && started.current && !started.current.settled ? started.current.wait : null;
  useEffect(() => {
    if (!held) return;
    beginPageLoad();
    // A late arrival after the user moved on only re-renders (harmless).
    void held.then(chunkArrived, chunkArrived);
    return endPageLoad;
  }, [held]);
  const activeKey = held ? shownRef.current : routeKey;
  if (routeKey !== null && !held) {
    const prev = entries.get(routeKey);
    const Page = resolved.kind === 'page' ? resolved.Page : exceptionPageFor(resolved.status);
    const loc = prev && prev.location.path === location && prev.location.search === search ? prev.location : { path: location, search };
    if (!prev || prev.Page !== Page || prev.location !== loc) entries.set(routeKey, { key: routeKey, Page, location: loc });
  }
  // Idempotent, so a render React throws away leaves the cache as the next render would.
  const alive = new Set(keepAlive && showTabs ? tabs.filter((t) => !t.meta.ignoreKeepAlive).map(tabPageKey) : []);
  for (const k of entries.keys()) if (k !== activeKey && !alive.has(k)) entries.delete(k);
  useEffect(() => {
    shownRef.current = activeKey;
  });

  // No synthetic window `resize` when a page is shown again: a hidden page keeps its layout
  // (content-visibility, page-outlet.css), so its charts measure right while hidden (a real resize
  // measures through it; a parent resized while hidden shows as a ResizeObserver change when it is
  // shown), and the event made every chart of every kept-alive page measure itself on each switch.

  const enter = transition.enable ? ` page-enter page-enter--${transition.basicTransition}` : '';
  return (
    <>
      {[...entries.values()].map((e) => (
        <div
          key={`${e.key}#${refreshCount[e.key] ?? 0}`}
          className={`page-view${enter}`}
          hidden={e.key !== activeKey}
          data-page-path={e.key}
        >
          <KeptPage Page={e.Page} location={e.location} />
        </div>
      ))}
      {resolved.kind === 'exception' && !resolved.route && (
        <div key={`exception:${location}`} className={`page-view${enter}`} data-page-path="">
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <ExceptionPage status={resolved.status} />
            </Suspense>
          </RouteErrorBoundary>
        </div>
      )}
    </>
  );
}
