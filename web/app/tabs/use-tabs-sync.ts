import { useLayoutEffect, useMemo } from 'react';
import { useSession } from '../../services/session';
import type { FlatRoute } from '../../services/routing/route-access';
import { addTab, type Tab } from '../../machines/tabs.machine';
import { tabsActor } from './tabs-store';
import { affixTabsOf, metaByName, nonRouteTab, tabOfRoute } from './tab-routes';

/**
 * Keeps the tab list in step with the router (spec §2, §4): pins the affix tabs whenever the
 * user's routes or home path change, and opens (or updates) the tab of every location shown.
 * `route` is the route shown at `location`, or undefined for a location that is no route.
 * Answers the tab of the location (nameless when it is no route).
 */
export function useTabsSync(route: FlatRoute | undefined, location: string, search: string): Tab {
  const { routes, homePath } = useSession();
  const metas = useMemo(() => metaByName(routes), [routes]);
  useLayoutEffect(() => {
    const { affixTabs, homePath: home } = affixTabsOf(routes, homePath);
    tabsActor().send({ type: 'tab.init', affixTabs, homePath: home });
  }, [routes, homePath]);
  const tab = useMemo(() => (route ? tabOfRoute(route, location, search, metas.get(route.name)) : nonRouteTab(location, search)), [route, location, search, metas]);
  useLayoutEffect(() => {
    // A tab switch opened its tab in the click already (`showTab`): the machine would find it open
    // and active and change nothing, after a pass over its transitions in the switch's commit.
    if (isActiveAsIs(tab)) return;
    tabsActor().send({ type: 'tab.open', tab });
  }, [tab]);
  return tab;
}

/**
 * Whether opening `tab` would change nothing: the machine's own rule (`addTab`) gives back the same
 * list and active key (the tab is open, active, with the same full path and title).
 */
function isActiveAsIs(tab: Tab): boolean {
  const ctx = tabsActor().getSnapshot().context;
  const out = addTab(ctx, tab);
  return out.tabs === ctx.tabs && out.activeKey === ctx.activeKey;
}
