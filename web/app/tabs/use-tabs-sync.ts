import { useLayoutEffect, useMemo } from 'react';
import { useSession } from '../../services/session';
import type { FlatRoute } from '../../services/routing/route-access';
import { tabKey, type Tab } from '../../machines/tabs.machine';
import { tabsActor } from './tabs-store';
import { affixTabsOf, metaByName, nonRouteTab, tabOfRoute } from './tab-routes';

/**
 * Keeps the tab list in step with the router (spec §2, §4): pins the affix tabs whenever the
 * user's routes or home path change, and opens (or updates) the tab of every location shown.
 * `route` is the route shown at `location`, or undefined for a location that is no route.
 */
export function useTabsSync(route: FlatRoute | undefined, location: string, search: string): void {
  const { routes, homePath } = useSession();
  const metas = useMemo(() => metaByName(routes), [routes]);
  useLayoutEffect(() => {
    const { affixTabs, homePath: home } = affixTabsOf(routes, homePath);
    tabsActor().send({ type: 'tab.init', affixTabs, homePath: home });
  }, [routes, homePath]);
  useLayoutEffect(() => {
    const tab = route ? tabOfRoute(route, location, search, metas.get(route.name)) : nonRouteTab(location, search);
    // A tab switch opened its tab in the click already (`showTab`): the machine would find it open
    // and active and change nothing, after a pass over its transitions in the switch's commit.
    if (isActiveAsIs(tab)) return;
    tabsActor().send({ type: 'tab.open', tab });
  }, [route, location, search, metas]);
}

/** Whether `tab` is the active tab already, with everything `tab.open` would update (full path, title). */
function isActiveAsIs(tab: Tab): boolean {
  const { tabs, activeKey } = tabsActor().getSnapshot().context;
  if (!tab.name || activeKey !== tabKey(tab)) return false;
  const cur = tabs.find((t) => tabKey(t) === activeKey);
  return (
    !!cur &&
    cur.fullPath === tab.fullPath &&
    cur.name === tab.name &&
    cur.meta.title === tab.meta.title &&
    cur.meta.literalTitle === tab.meta.literalTitle &&
    JSON.stringify(cur.params) === JSON.stringify(tab.params) &&
    JSON.stringify(cur.query) === JSON.stringify(tab.query)
  );
}
