import { tabKey, type Tab } from '../../machines/tabs.machine';

/** A tab action (spec §2 "Multi-tab navigation"), named like its machine event `tab.<action>`. */
export type TabAction = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOther' | 'closeAll';

export interface TabMenuItem {
  action: TabAction;
  disabled: boolean;
}

/**
 * The context-menu entries for the tab `targetKey` (behaviour notes "Multi-tab"): Refresh only for
 * the active tab; Close not for affix tabs or the only tab; Close left not for the first tab; Close
 * right not for the last; Close other and Close all always. The bar's dropdown uses the same
 * entries for the active tab.
 */
export function tabMenuItems(tabs: readonly Tab[], targetKey: string | null, activeKey: string | null): TabMenuItem[] {
  const i = tabs.findIndex((t) => tabKey(t) === targetKey);
  const tab = tabs[i];
  return [
    { action: 'refresh', disabled: !tab || targetKey !== activeKey },
    { action: 'close', disabled: !tab || !!tab.meta.affix || tabs.length <= 1 },
    { action: 'closeLeft', disabled: i <= 0 },
    { action: 'closeRight', disabled: i < 0 || i === tabs.length - 1 },
    { action: 'closeOther', disabled: i < 0 },
    { action: 'closeAll', disabled: false },
  ];
}

/** Behaviour notes: the close button is hidden when only one tab is visible, and affix tabs have none. */
export function showsCloseButton(tabs: readonly Tab[], tab: Tab): boolean {
  return tabs.length > 1 && !tab.meta.affix;
}
