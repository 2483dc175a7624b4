import { createActor, type Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { TabsDisabledError, tabsMachine, type Tab, type TabsEvent } from '../../machines/tabs.machine';
import { local, StorageKey } from '../../lib/storage';
import { getProjectConfig, subscribeProjectConfig } from '../../services/project-config';
import { sessionActor } from '../../services/session';
import { subscribeRecordTitles } from '../../services/record-title';
import { subscribePageTabCloses } from '../../services/page-tab';
import { homePathOf } from '../../machines/session.machine';
import { notify } from '../../services/notify';
import { showLocation } from '../routing/shell-location';
import { i18n } from '../../i18n';
import type { TabAction } from './tab-menu';

export type TabsActor = Actor<typeof tabsMachine>;

/**
 * The app's tabs actor: the machine with real navigation (wouter, replacing the history entry),
 * persistence in local storage (`StorageKey.multipleTabs`, spec §4) and the §5 notice as an error
 * toast in the current language. It follows `multiTabsSetting` live and resets when the session
 * signs out (spec §4: reaching login resets the tabs store).
 */
function createTabsActor(): TabsActor {
  const machine = tabsMachine.provide({
    actions: {
      navigate: (_, { to }) => navigate(to, { replace: true }),
      persist: (_, { tabs }) => {
        if (tabs) local.set(StorageKey.multipleTabs, tabs);
        else local.remove(StorageKey.multipleTabs);
      },
      reportDisabled: () => notify({ mode: 'toast', message: i18n.t('tabs.disabled') }, 'error'),
    },
  });
  const { show, cache } = getProjectConfig().multiTabsSetting;
  const a = createActor(machine, {
    input: { show, cache, tabs: cache ? local.get<unknown>(StorageKey.multipleTabs) : null, homePath: homePathOf(sessionActor().getSnapshot().context.userInfo) },
  });
  a.start();
  subscribeProjectConfig(() => {
    const s = getProjectConfig().multiTabsSetting;
    const c = a.getSnapshot().context;
    if (s.show !== c.show || s.cache !== c.cache) a.send({ type: 'tab.configure', show: s.show, cache: s.cache });
  });
  subscribeRecordTitles((key, title) => a.send({ type: 'tab.title', key, title }));
  // A page that moved on closes its tab: at once when another tab is active, else as soon as the
  // location it moved to has opened its own tab (closing the active tab would move elsewhere).
  subscribePageTabCloses((key) => {
    const c = a.getSnapshot().context;
    if (!c.show) return;
    if (c.activeKey !== key) return void a.send({ type: 'tab.close', key });
    const sub = a.subscribe((s) => {
      if (s.context.activeKey === key) return;
      sub.unsubscribe();
      a.send({ type: 'tab.close', key });
    });
  });
  sessionActor().subscribe((s) => {
    if (s.matches('signedOut') && a.getSnapshot().context.tabs.length) a.send({ type: 'tab.reset' });
  });
  return a;
}

let actor: TabsActor | null = null;

/** The one tabs actor of the page, created on first use (after the session actor exists). */
export function tabsActor(): TabsActor {
  if (!actor) actor = createTabsActor();
  return actor;
}

/** The open tabs and the active key, re-rendering only when they change. */
export function useTabList(): { tabs: Tab[]; activeKey: string | null } {
  const a = tabsActor();
  const tabs = useSelector(a, (s) => s.context.tabs);
  const activeKey = useSelector(a, (s) => s.context.activeKey);
  return { tabs, activeKey };
}

/** The open tabs alone: for readers that do not show which one is active (the page outlet). */
export function useOpenTabs(): Tab[] {
  return useSelector(tabsActor(), (s) => s.context.tabs);
}

/**
 * Shows an open tab (a click on it, Enter on it): shows its full path (the URL is written after
 * the frame is painted, `showLocation`) and, when the navigation happened, makes it the active tab
 * in the same event, so the bar and the page change in one render instead of the bar one commit
 * later, when `useTabsSync` opens the tab of the new location (it then finds it open and active,
 * and changes nothing). A navigation refused (a page's leave guard) leaves the tabs as they were.
 */
export function showTab(tab: Tab): void {
  if (showLocation(tab.fullPath)) tabsActor().send({ type: 'tab.open', tab });
}

/** Refresh counts per route path (the page outlet keys pages on them, so a refresh remounts). */
export function useRefreshCount(): Record<string, number> {
  return useSelector(tabsActor(), (s) => s.context.refreshCount);
}

/**
 * Runs a tab action (spec §2) on the tab `key`, or on the active tab when omitted.
 *
 * @throws TabsDisabledError with the exact spec §5 message when multi-tab is switched off (the
 *   user also sees the translated message as an error toast).
 */
export function runTabAction(action: TabAction, key?: string): void {
  const a = tabsActor();
  const event = (action === 'closeAll' ? { type: 'tab.closeAll' } : { type: `tab.${action}`, key }) as TabsEvent;
  a.send(event);
  if (!a.getSnapshot().context.show) throw new TabsDisabledError();
}

/**
 * Tab actions for pages (spec §2 "Multi-tab navigation"), e.g. an edit page closing itself after
 * saving. Each throws `TabsDisabledError` when multi-tab is off (spec §5).
 */
export const tabs = {
  refreshPage: () => runTabAction('refresh'),
  closeCurrent: () => runTabAction('close'),
  close: (key: string) => runTabAction('close', key),
  closeLeft: (key?: string) => runTabAction('closeLeft', key),
  closeRight: (key?: string) => runTabAction('closeRight', key),
  closeOther: (key?: string) => runTabAction('closeOther', key),
  closeAll: () => runTabAction('closeAll'),
};
