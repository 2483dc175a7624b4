import { askApprovalReason } from './services/approval-reason';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PrimeReactProvider } from 'primereact/api';
import type { RowPassThroughOptions } from 'primereact/row';
import './styles/app.css';
import { configureHttp } from './api/http';
import { DEFAULT_LOCALE, i18n, initI18n, isLocale } from './i18n';
import { applyPrimeLocale, primeLocaleOf } from './i18n/primereact';
import { local, StorageKey } from './lib/storage';
import { notify } from './services/notify';
import { usePermission, watermarkName } from './services/permission';
import { useProjectConfig } from './services/project-config';
// Only the kit's tiny env module: the kit itself loads with the first page that uses it.
import { configureCrud } from './crud/env';
import { provideSessionActor, sessionActor, useSession } from './services/session';
import { flattenRoutes } from './services/routing/route-access';
import { createSessionActor } from './app/session';
import { VIEW_FILES } from './pages/registry';
import { App } from './app/App';
import { applyTheme, storedTheme } from './app/theme/theme';
import { installErrorCapture, logAjaxError } from './services/error-log/capture';
import { setDateLocale } from './app/locale/dates';
import { installStyleDedupe } from './lib/style-dedupe';
import { openExportJobs } from './app/exports/export-jobs-store';

// Before any PrimeReact component mounts (its shared <style> tags rewritten on every mount).
installStyleDedupe();

// The shell provides the session actor to the layers below it (web/services never imports pages).
provideSessionActor(() => createSessionActor(VIEW_FILES));

/**
 * Boots the console: language pack, HTTP client hooks (token, 401 → session, notices), the
 * session actor, then React. The theme was applied before first paint by boot.ts.
 */
/**
 * Keeps a control out of the browser's saved form state. Chromium saves the state of
 * every form control in the document whose autocomplete is on into the current history entry at
 * each `history.pushState`/`replaceState`: with twenty list screens kept alive (~470 controls: row
 * check boxes and switches, the paginators' and search forms' dropdowns) one history write took
 * 8.5–11 ms, 1.2–1.4 ms with every control off. The console's state lives in its URL and stores, not
 * in the browser's form restore; the kit's forms carry `autoComplete="off"` for their own fields.
 */
const FORM_STATE_OFF = { autoComplete: 'off' } as const;

/**
 * PrimeReact pass-through options for every component: the Dropdown's hidden native <select> only
 * carries the value for form submission; hidden from assistive technology, the field is announced
 * once, through its labelled input ("dropdown labels are read three times").
 */
const PT = {
  // The chevron is a mouse target beside the labelled, focusable field: one control, announced once.
  dropdown: { select: { 'aria-hidden': true, ...FORM_STATE_OFF }, trigger: { 'aria-hidden': true }, input: FORM_STATE_OFF },
  // The native input inside carries the role, state and name; a wrapper repeating the role nests one
  // control in another (axe nested-interactive) and, for table row checkboxes, lacks aria-checked.
  checkbox: { root: { role: undefined, 'aria-label': undefined, 'aria-checked': undefined }, input: FORM_STATE_OFF },
  inputswitch: { root: { role: undefined, 'aria-checked': undefined }, input: FORM_STATE_OFF },
  multiselect: { input: FORM_STATE_OFF },
  // TreeTable names both its wrapper and its table `table` (axe aria-required-children): the table's role is enough.
  // Its rows carry a tree's level, position and expansion, which belong to a treegrid, not a table
  // (axe aria-conditional-attr); a row is not a checkbox (aria-checked, axe aria-allowed-attr): the
  // row's own checkbox, when there is one, says whether it is checked.
  // (PrimeReact types `row` as a Row component's options, but merges it into the <tr> as attributes.)
  treetable: { root: { role: undefined }, table: { role: 'treegrid' }, row: { 'aria-checked': undefined } as unknown as RowPassThroughOptions },
  // The chevron beside a tree picker opens the same panel as the labelled field: announced once, through the field.
  treeselect: { trigger: { role: undefined, 'aria-hidden': true } },
  tree: {
    // Drop points are gaps between nodes for the mouse, not tree items (axe aria-treeitem-name).
    droppoint: { role: 'none', 'aria-hidden': true },
    // The chevron is out of the tab order; the tree item itself expands and collapses with the arrow
    // keys and says whether it is open (aria-expanded), so the nameless button is hidden (axe button-name).
    toggler: { 'aria-hidden': true },
    // Same for a checkbox tree: the tree item carries aria-checked; the box inside is for the mouse (axe label).
    nodeCheckbox: { 'aria-hidden': true },
  },
};

const openable = new WeakMap<object, Set<string>>();
/** The paths of the user's built routes, computed once per build (every reference cell asks). */
function openablePaths(routes: Parameters<typeof flattenRoutes>[0]): Set<string> {
  let set = openable.get(routes);
  if (!set) openable.set(routes, (set = new Set(flattenRoutes(routes).map((r) => r.path))));
  return set;
}

async function boot() {
  // First, so errors of the boot itself are caught (logged only when useErrorHandle is on, spec §8).
  installErrorCapture();
  applyTheme(storedTheme());
  const stored = local.get<string>(StorageKey.locale);
  const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  // The login page draws only the shell's texts; the screens' load at sign-in.
  await initI18n(locale, { screens: !window.location.pathname.startsWith('/login') });
  const onLanguage = (l: string) => {
    applyPrimeLocale(isLocale(l) ? l : DEFAULT_LOCALE);
    void setDateLocale(l);
  };
  onLanguage(locale);
  i18n.on('languageChanged', onLanguage);

  // The CRUD kit may not import the shell (architecture "Boundaries"): hand it permission checks and toasts.
  configureCrud({
    usePermission: () => usePermission().has,
    notify: (message, severity = 'success', opts) => notify({ mode: 'toast', message }, severity, undefined, opts),
    openExportJobs,
    // A reference links only to a screen among the user's built routes (their permission mode's).
    useCanOpen: () => {
      const { routes } = useSession();
      const paths = openablePaths(routes);
      return (path) => paths.has(path.split('?')[0]);
    },
    // The watermark names the signed-in operator; only an administrator's switch can turn it off.
    useWatermark: () => {
      const { userInfo } = useSession();
      const on = useProjectConfig((c) => c.showWatermark);
      return watermarkName(userInfo, on);
    },
  });

  const actor = sessionActor();
  configureHttp({
    getToken: () => actor.getSnapshot().context.token,
    onUnauthorized: (message) => actor.send({ type: 'session.expired', message }),
    notify: ({ tone, ...n }) => notify(n, tone),
    askApprovalReason,
    t: (key) => i18n.t(key),
    language: () => i18n.language,
    logError: logAjaxError,
  });
  actor.start();

  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      {/* No ripple: each ripple measures its host with getComputedStyle when it mounts, a forced
          layout per button (a list's row actions and paginator made a 0.8 s task). */}
      <PrimeReactProvider value={{ ripple: false, locale: primeLocaleOf(locale), pt: PT }}>
        <App />
      </PrimeReactProvider>
    </StrictMode>,
  );
}

void boot();
