import { assign, enqueueActions, setup } from 'xstate';

/**
 * The multi-tab list (spec §2 "Multi-tab navigation", §3 "Tab", §4 "Tab list", §5, behaviour notes
 * "Multi-tab"): the rules as pure functions, and the machine that applies them.
 *
 * Navigation, persistence and the "tabs are disabled" notice are named actions the app provides
 * with `.provide()`; tests provide fakes.
 */

/** Spec §5: the exact text of the failure when multi-tab is switched off. */
export const TABS_DISABLED_MESSAGE = 'The multi-tab page is currently not open, please open it in the settings！';

/** Thrown (or reported) when a tab action is attempted with multi-tab switched off (spec §5). */
export class TabsDisabledError extends Error {
  constructor() {
    super(TABS_DISABLED_MESSAGE);
    this.name = 'TabsDisabledError';
  }
}

/**
 * Paths that never become tabs (spec §2 "Error page and login are never added as tabs"). Kept here
 * rather than imported because machines never import the app layer; a unit test checks they match
 * the guard's constants.
 */
export const NEVER_TAB_PATHS: readonly string[] = ['/login', '/exception'];
/** `/redirect/{path}` only bounces to its target; it is never a tab. */
export const REDIRECT_PATH_PREFIX = '/redirect/';

/** Spec §3 "Tab" meta. `title` is an i18n key unless `literalTitle` is set. */
export interface TabMeta {
  title: string;
  literalTitle?: boolean;
  icon?: string;
  /** Pinned: never closed by any action (spec §2). */
  affix?: boolean;
  /** Opt out of keep-alive: the page unmounts when its tab is not shown. */
  ignoreKeepAlive?: boolean;
  /** Above 0: at most this many tabs of the same `realPath` stay open (spec §4). */
  dynamicLevel?: number;
  /** The route's own path (its pattern), shared by every tab opened from it. */
  realPath?: string;
  /** The record's own title, set by its page once the record is read; shown instead of `title`. */
  recordTitle?: RecordTitle;
}

/**
 * A record tab's title (`订单 O2026…`): an i18n key with its values; the values named in
 * `translate` are i18n keys themselves (an entity's name), translated in the current language.
 */
export interface RecordTitle {
  key: string;
  values: Record<string, string>;
  translate?: string[];
}

/** Spec §3 "Tab". `fullPath` is `path` plus `?query` when there is one. */
export interface Tab {
  path: string;
  fullPath: string;
  /** Route name; a nameless location (unknown path) is never a tab. */
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: TabMeta;
}

/** The tab list and which tab shows the current location (null when the location is not a tab). */
export interface TabList {
  tabs: Tab[];
  activeKey: string | null;
}

/** A tab list after an action, and where to navigate, if anywhere (a full path). */
export interface TabOutcome extends TabList {
  navigateTo?: string;
}

/** Behaviour notes: a tab's key is its full path when it has a query, otherwise its path. */
export function tabKey(tab: Pick<Tab, 'path' | 'fullPath' | 'query'>): string {
  return tab.query && Object.keys(tab.query).length > 0 ? tab.fullPath : tab.path;
}

/**
 * The page instance a tab shows: a route that keeps several tabs (`dynamicLevel` above 1, a record
 * screen) has one instance per tab, each reading its own record from its own query; any other route
 * has one instance per path, following its query (a list's filters).
 */
export function tabPageKey(tab: Pick<Tab, 'path' | 'fullPath' | 'query' | 'meta'>): string {
  return (tab.meta.dynamicLevel ?? 1) > 1 ? tabKey(tab) : tab.path;
}

/** Whether a location may be a tab: it has a route name and is not login, the error page or a redirect. */
export function isTabbable(tab: Pick<Tab, 'path' | 'name'>): boolean {
  return !!tab.name && !NEVER_TAB_PATHS.includes(tab.path) && !tab.path.startsWith(REDIRECT_PATH_PREFIX);
}

function indexOfKey(tabs: readonly Tab[], key: string | null | undefined): number {
  return key == null ? -1 : tabs.findIndex((t) => tabKey(t) === key);
}

function sameTab(a: Tab, b: Tab): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Opens a location as a tab and makes it active (spec §4 "Tab list", behaviour notes):
 * - not tabbable (login, error page, redirect, unknown path) → list unchanged, no active tab;
 * - its key is open → that tab is updated in place (params, query, full path, title);
 * - else, when `meta.dynamicLevel` > 0 and that many tabs share its `meta.realPath`, the earliest
 *   of them (never an affix one) is removed first; then the tab is appended.
 * The returned `tabs` is the same array when nothing changed, so callers can skip persisting.
 */
export function addTab(list: TabList, tab: Tab): TabList {
  if (!isTabbable(tab)) return { tabs: list.tabs, activeKey: null };
  const key = tabKey(tab);
  const i = indexOfKey(list.tabs, key);
  if (i >= 0) {
    const cur = list.tabs[i];
    const next: Tab = {
      ...cur,
      params: tab.params,
      query: tab.query,
      fullPath: tab.fullPath,
      meta: { ...cur.meta, title: tab.meta.title, literalTitle: tab.meta.literalTitle },
    };
    if (!next.meta.literalTitle) delete next.meta.literalTitle;
    if (sameTab(cur, next)) return { tabs: list.tabs, activeKey: key };
    const tabs = list.tabs.slice();
    tabs[i] = next;
    return { tabs, activeKey: key };
  }
  let tabs = list.tabs;
  const level = tab.meta.dynamicLevel ?? 0;
  // A record screen opened bare (no record in its query) is the stand-in of the record it then
  // names in its URL: the record's tab takes the bare tab's place.
  const bare = key !== tab.path ? indexOfKey(tabs, tab.path) : -1;
  if (bare >= 0 && level > 1 && !tabs[bare].meta.affix) return { tabs: tabs.map((t, j) => (j === bare ? tab : t)), activeKey: key };
  if (level > 0) {
    const realPath = tab.meta.realPath ?? tab.path;
    const same = (t: Tab) => (t.meta.realPath ?? t.path) === realPath;
    if (tabs.filter(same).length >= level) {
      const earliest = tabs.findIndex((t) => same(t) && !t.meta.affix);
      // One tab per route (level 1, e.g. a list whose filters live in the query): the tab takes
      // the new query where it stands instead of jumping to the end of the strip.
      if (earliest >= 0 && level === 1) return { tabs: tabs.map((t, j) => (j === earliest ? tab : t)), activeKey: key };
      if (earliest >= 0) tabs = tabs.filter((_, j) => j !== earliest);
    }
  }
  return { tabs: [...tabs, tab], activeKey: key };
}

/**
 * Puts the affix tabs (spec §2: the home path, and routes pinned as affix) first, in the given
 * order, merging with open tabs of the same key; tabs that were affix but no longer are drop out
 * (another user's pins), other open tabs keep their order after them.
 */
export function withAffixTabs(list: TabList, affixTabs: readonly Tab[]): TabList {
  const pinned = affixTabs.filter(isTabbable).map((a) => {
    const open = list.tabs[indexOfKey(list.tabs, tabKey(a))];
    return { ...(open ?? a), meta: { ...(open?.meta ?? {}), ...a.meta, affix: true } };
  });
  const keys = new Set(pinned.map(tabKey));
  const rest = list.tabs.filter((t) => !keys.has(tabKey(t)) && !t.meta.affix);
  const tabs = [...pinned, ...rest];
  const unchanged = tabs.length === list.tabs.length && tabs.every((t, i) => sameTab(t, list.tabs[i]));
  return { tabs: unchanged ? list.tabs : tabs, activeKey: list.activeKey };
}

/**
 * Closes one tab (spec §2): affix tabs never close. Closing a tab that is not the active one only
 * removes it. Closing the active tab moves to the previous tab, or the next if it was the first,
 * or `homePath` if it was the only one.
 */
export function closeTab(list: TabList, key: string, homePath: string): TabOutcome {
  const i = indexOfKey(list.tabs, key);
  if (i < 0 || list.tabs[i].meta.affix) return list;
  const tabs = list.tabs.filter((_, j) => j !== i);
  if (key !== list.activeKey) return { tabs, activeKey: list.activeKey };
  const target = i === 0 ? list.tabs[1] : list.tabs[i - 1];
  if (!target) return { tabs, activeKey: null, navigateTo: homePath };
  return { tabs, activeKey: tabKey(target), navigateTo: target.fullPath };
}

/** Makes `key` the active tab, navigating to it when it was not. */
function activate(list: TabList, tabs: Tab[], key: string): TabOutcome {
  if (key === list.activeKey) return { tabs, activeKey: key };
  const t = tabs[indexOfKey(tabs, key)];
  return { tabs, activeKey: key, navigateTo: t.fullPath };
}

/** Keeps the tabs `keep(index, i)` says to keep, plus every affix tab; `key` becomes active. */
function closeAround(list: TabList, key: string, keep: (j: number, i: number) => boolean): TabOutcome {
  const i = indexOfKey(list.tabs, key);
  if (i < 0) return list;
  const tabs = list.tabs.filter((t, j) => keep(j, i) || t.meta.affix);
  return activate(list, tabs.length === list.tabs.length ? list.tabs : tabs, key);
}

/** Closes the non-affix tabs left of `key`, and makes `key` active (behaviour notes). */
export function closeLeftTabs(list: TabList, key: string): TabOutcome {
  return closeAround(list, key, (j, i) => j >= i);
}

/** Closes the non-affix tabs right of `key`, and makes `key` active (behaviour notes). */
export function closeRightTabs(list: TabList, key: string): TabOutcome {
  return closeAround(list, key, (j, i) => j <= i);
}

/** Closes every non-affix tab except `key`, and makes `key` active (behaviour notes). */
export function closeOtherTabs(list: TabList, key: string): TabOutcome {
  return closeAround(list, key, (j, i) => j === i);
}

/**
 * Closes every non-affix tab (spec §2) and goes to the last remaining tab, or `homePath` when none
 * remains; no navigation when that is where the user already is.
 */
export function closeAllTabs(list: TabList, homePath: string): TabOutcome {
  const tabs = list.tabs.filter((t) => t.meta.affix);
  const last = tabs[tabs.length - 1];
  const activeKey = last ? tabKey(last) : null;
  const to = last ? last.fullPath : homePath;
  const current = list.tabs[indexOfKey(list.tabs, list.activeKey)];
  const same = tabs.length === list.tabs.length ? list.tabs : tabs;
  if (current && current.fullPath === to) return { tabs: same, activeKey };
  return { tabs: same, activeKey, navigateTo: to };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringRecord(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function isRecordTitle(v: unknown): v is RecordTitle {
  return (
    isRecord(v) &&
    typeof v.key === 'string' &&
    isRecord(v.values) &&
    Object.values(v.values).every((x) => typeof x === 'string') &&
    (v.translate === undefined || (Array.isArray(v.translate) && v.translate.every((x) => typeof x === 'string')))
  );
}

/** Sets the record title of the tab `key` (unchanged list when it is not open or already has it). */
export function setRecordTitle(list: TabList, key: string, title: RecordTitle): TabList {
  const i = indexOfKey(list.tabs, key);
  if (i < 0 || JSON.stringify(list.tabs[i].meta.recordTitle) === JSON.stringify(title)) return list;
  const tabs = list.tabs.slice();
  tabs[i] = { ...tabs[i], meta: { ...tabs[i].meta, recordTitle: title } };
  return { tabs, activeKey: list.activeKey };
}

/**
 * Reads a persisted tab list (local storage, spec §4): keeps only well-formed, tabbable tabs with
 * distinct keys; anything else (another version's shape, hand edits) is dropped, never thrown.
 */
export function sanitizeTabs(raw: unknown): Tab[] {
  if (!Array.isArray(raw)) return [];
  const out: Tab[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    if (!isRecord(r) || typeof r.path !== 'string' || typeof r.name !== 'string' || !isRecord(r.meta)) continue;
    const m = r.meta;
    if (typeof m.title !== 'string') continue;
    const tab: Tab = {
      path: r.path,
      fullPath: typeof r.fullPath === 'string' ? r.fullPath : r.path,
      name: r.name,
      params: stringRecord(r.params),
      query: stringRecord(r.query),
      meta: {
        title: m.title,
        ...(m.literalTitle === true ? { literalTitle: true } : {}),
        ...(typeof m.icon === 'string' ? { icon: m.icon } : {}),
        ...(m.affix === true ? { affix: true } : {}),
        ...(m.ignoreKeepAlive === true ? { ignoreKeepAlive: true } : {}),
        ...(typeof m.dynamicLevel === 'number' ? { dynamicLevel: m.dynamicLevel } : {}),
        ...(typeof m.realPath === 'string' ? { realPath: m.realPath } : {}),
        ...(isRecordTitle(m.recordTitle) ? { recordTitle: m.recordTitle } : {}),
      },
    };
    const key = tabKey(tab);
    if (!isTabbable(tab) || seen.has(key)) continue;
    seen.add(key);
    out.push(tab);
  }
  return out;
}

/** What the tabs machine knows. */
export interface TabsContext extends TabList {
  /** `multiTabsSetting.show` (spec §3): off → every tab action fails (spec §5). */
  show: boolean;
  /** `multiTabsSetting.cache` (spec §3): on → the list is persisted whenever it changes. */
  cache: boolean;
  /** Where closing the only tab, or closing all with no affix tab, goes. */
  homePath: string;
  /** Times each page ({@link tabPageKey}) was refreshed; the page outlet keys the page on it, so a refresh remounts. */
  refreshCount: Record<string, number>;
}

/** A tab action event acts on `key`, or on the active tab when `key` is omitted. */
export type TabsEvent =
  | { type: 'tab.open'; tab: Tab }
  | { type: 'tab.init'; affixTabs: Tab[]; homePath: string }
  | { type: 'tab.title'; key: string; title: RecordTitle }
  | { type: 'tab.refresh'; key?: string }
  | { type: 'tab.close'; key?: string }
  | { type: 'tab.closeLeft'; key?: string }
  | { type: 'tab.closeRight'; key?: string }
  | { type: 'tab.closeOther'; key?: string }
  | { type: 'tab.closeAll' }
  | { type: 'tab.configure'; show: boolean; cache: boolean }
  | { type: 'tab.reset' };

export interface TabsInput {
  /** A persisted list (read from storage, unchecked); used only when `cache` is on. */
  tabs?: unknown;
  show: boolean;
  cache: boolean;
  homePath: string;
}

/** Events that are tab actions in the sense of spec §5 (fail when multi-tab is off). */
export const TAB_ACTION_EVENTS = ['tab.refresh', 'tab.close', 'tab.closeLeft', 'tab.closeRight', 'tab.closeOther', 'tab.closeAll'] as const;

const DEFAULT_HOME = '/home/work';

const tabsSetup = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as TabsInput,
  },
  actions: {
    /** Goes to a full path (replacing the history entry, like a redirect). */
    navigate: (_, _p: { to: string }) => {},
    /** Writes the tab list to local storage; null removes it. */
    persist: (_, _p: { tabs: Tab[] | null }) => {},
    /** Tells the user a tab action failed because multi-tab is off (spec §5). */
    reportDisabled: (_, _p: { error: TabsDisabledError }) => {},
  },
  guards: {
    showTabs: ({ context }) => context.show,
  },
});

/** Applies a rule's outcome: new list, persist when it changed (and caching is on), navigate. */
const apply = (rule: (ctx: TabsContext, event: TabsEvent) => TabOutcome) =>
  tabsSetup.enqueueActions(({ context, event, enqueue }) => {
    const out = rule(context, event);
    enqueue.assign({ tabs: out.tabs, activeKey: out.activeKey });
    if (out.tabs !== context.tabs && context.cache) enqueue({ type: 'persist', params: { tabs: out.tabs } });
    if (out.navigateTo) enqueue({ type: 'navigate', params: { to: out.navigateTo } });
  });

const keyOf = (ctx: TabsContext, e: TabsEvent) => ('key' in e && e.key) || ctx.activeKey || '';

/**
 * The tabs machine (spec §2, §4, §5). States `enabled`/`disabled` follow `multiTabsSetting.show`;
 * in `disabled` every tab action is refused through `reportDisabled` and changes nothing.
 * Opening tabs (`tab.open`, from route changes) is tracked in both, so switching tabs back on
 * shows the pages already open.
 */
export const tabsMachine = tabsSetup.createMachine({
  id: 'tabs',
  context: ({ input }) => ({
    tabs: input.cache ? sanitizeTabs(input.tabs) : [],
    activeKey: null,
    show: input.show,
    cache: input.cache,
    homePath: input.homePath || DEFAULT_HOME,
    refreshCount: {},
  }),
  initial: 'boot',
  on: {
    'tab.open': { actions: apply((c, e) => (e.type === 'tab.open' ? addTab(c, e.tab) : c)) },
    'tab.title': { actions: apply((c, e) => (e.type === 'tab.title' ? setRecordTitle(c, e.key, e.title) : c)) },
    'tab.init': {
      actions: [
        assign({ homePath: ({ event }) => event.homePath || DEFAULT_HOME }),
        apply((c, e) => (e.type === 'tab.init' ? withAffixTabs(c, e.affixTabs) : c)),
      ],
    },
    'tab.configure': {
      target: '.boot',
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ show: event.show, cache: event.cache });
        if (event.cache !== context.cache) enqueue({ type: 'persist', params: { tabs: event.cache ? context.tabs : null } });
      }),
    },
    'tab.reset': {
      actions: [assign({ tabs: [], activeKey: null, refreshCount: {} }), { type: 'persist', params: { tabs: null } }],
    },
  },
  states: {
    boot: {
      always: [{ guard: 'showTabs', target: 'enabled' }, { target: 'disabled' }],
    },
    enabled: {
      on: {
        'tab.refresh': {
          actions: assign(({ context, event }) => {
            const key = keyOf(context, event);
            // Behaviour notes: Refresh is only for the active tab.
            if (key !== context.activeKey) return {};
            const tab = context.tabs[indexOfKey(context.tabs, key)];
            if (!tab) return {};
            const page = tabPageKey(tab);
            return { refreshCount: { ...context.refreshCount, [page]: (context.refreshCount[page] ?? 0) + 1 } };
          }),
        },
        'tab.close': { actions: apply((c, e) => closeTab(c, keyOf(c, e), c.homePath)) },
        'tab.closeLeft': { actions: apply((c, e) => closeLeftTabs(c, keyOf(c, e))) },
        'tab.closeRight': { actions: apply((c, e) => closeRightTabs(c, keyOf(c, e))) },
        'tab.closeOther': { actions: apply((c, e) => closeOtherTabs(c, keyOf(c, e))) },
        'tab.closeAll': { actions: apply((c) => closeAllTabs(c, c.homePath)) },
      },
    },
    disabled: {
      on: Object.fromEntries(
        TAB_ACTION_EVENTS.map((type) => [type, { actions: { type: 'reportDisabled' as const, params: () => ({ error: new TabsDisabledError() }) } }]),
      ),
    },
  },
});
