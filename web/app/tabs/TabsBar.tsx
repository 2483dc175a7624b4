import { Suspense, memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type WheelEvent } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useTranslation } from 'react-i18next';
import type { ContextMenu } from 'primereact/contextmenu';
import { Menu } from 'primereact/menu';
import { Button } from 'primereact/button';
import type { MenuItem } from 'primereact/menuitem';
import { tabKey, type Tab } from '../../machines/tabs.machine';
import { updateProjectConfig, useProjectConfig } from '../../services/project-config';
import { runTabAction, showTab, useTabList } from './tabs-store';
import { showsCloseButton, tabMenuItems, type TabAction } from './tab-menu';
import { tabTitle } from './tab-routes';
import { whenIdle } from '../../lib/idle';
import './tabs-bar.css';

/*
 * The context menu is loaded on the first right-click (warmed when the pointer enters the bar), so
 * its ~20 KB stay out of the entry chunk every page, login included, downloads up front.
 */
const loadContextMenu = () => import('primereact/contextmenu').then((m) => ({ default: m.ContextMenu }));
const LazyContextMenu = lazyWithRetry(loadContextMenu);
/**
 * The menu's transition also enters when it mounts already shown (see `contextMenuRef`); its
 * timeouts are the menu's own (PrimeReact 10 ContextMenu: 250 ms in, 0 out), which the type asks for.
 */
const APPEAR = { transition: { appear: true, timeout: { enter: 250, exit: 0 } } };

const ICONS: Record<TabAction, string> = {
  refresh: 'pi pi-refresh',
  close: 'pi pi-times',
  closeLeft: 'pi pi-angle-double-left',
  closeRight: 'pi pi-angle-double-right',
  closeOther: 'pi pi-arrows-h',
  closeAll: 'pi pi-times-circle',
};

/**
 * The multi-tab bar under the header (spec §2 "Multi-tab navigation", behaviour notes "Multi-tab"):
 * a scrollable strip of the open pages (affix tabs have no close button; no close button when only
 * one tab is visible; middle-click closes), a context menu on each tab and a dropdown for the active
 * tab with refresh / close / close left / close right / close other / close all, and the quick
 * refresh and full-content buttons (`multiTabsSetting.showRedo`, `showFold`). Hidden when
 * multi-tab is off (`multiTabsSetting.show`).
 */
export function TabsBar() {
  const { t } = useTranslation();
  const setting = useProjectConfig((c) => c.multiTabsSetting);
  const fullContent = useProjectConfig((c) => c.fullContent);
  const { tabs, activeKey } = useTabList();
  // The menus' items are built when a menu opens, not on every render: a tab switch re-rendered
  // both popups with a fresh model (tab switch ≤ 50 ms).
  const [contextModel, setContextModel] = useState<MenuItem[]>([]);
  const [dropdownModel, setDropdownModel] = useState<MenuItem[]>([]);
  const contextMenu = useRef<ContextMenu | null>(null);
  const [contextMenuWanted, setContextMenuWanted] = useState(false);
  const pendingContextMenu = useRef<MouseEvent | null>(null);
  // Opens the menu for a right-click that arrived while its chunk was still loading.
  const contextMenuRef = useCallback((cm: ContextMenu | null) => {
    contextMenu.current = cm;
    const pending = pendingContextMenu.current;
    if (cm && pending) {
      pendingContextMenu.current = null;
      // Shown before the menu's portal has mounted, its transition mounts already "in" and, with
      // `appear` off, never calls the menu's onEnter, which positions it: the menu fell below the
      // window. `appear` (below) runs
      // onEnter on that mount too, so the menu is placed however late its portal comes.
      contextMenu.current?.show(pending);
    }
  }, []);
  const dropdown = useRef<Menu>(null);
  const strip = useRef<HTMLDivElement>(null);

  // Mount the context menu once the page is idle, so a right-click finds it ready (it stays out of
  // the first download all the same). React.lazy loads its chunk; Suspense draws nothing meanwhile.
  useEffect(() => whenIdle(() => setContextMenuWanted(true), 2000, 500), []);

  // Keep the active tab in view as tabs open and close.
  // In the next frame: measuring while the page is being built forces a layout of all of it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = strip.current?.querySelector<HTMLElement>('[aria-selected="true"]');
      el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [activeKey, tabs.length]);

  // Looked up when the tabs or the language change, not on every switch (i18next's lookups were
  // ~1 ms of a switch with twenty tabs open).
  const titles = useMemo(() => tabs.map((tab) => tabTitle((key, values) => (values ? t(key, values) : t(key)), tab)), [tabs, t]);
  const closeLabel = t('tabs.close');
  const act = (action: TabAction, key?: string | null) => runTabAction(action, key ?? undefined);
  const model = (key: string | null): MenuItem[] => {
    const items = tabMenuItems(tabs, key, activeKey).map(
      (i): MenuItem => ({ label: t(`tabs.${i.action}`), icon: ICONS[i.action], disabled: i.disabled, className: `tabs-menu-${i.action}`, command: () => act(i.action, key) }),
    );
    return [...items.slice(0, 2), { separator: true }, ...items.slice(2)];
  };

  // What the tabs' handlers read, current as of the last render: the handlers themselves stay the
  // same across renders, so a tab switch re-renders only the two tabs whose state changed.
  const latest = useRef({ tabs, activeKey, model });
  latest.current = { tabs, activeKey, model };
  const [on] = useState(
    (): TabHandlers => ({
      show: (tab) => showTab(tab),
      close: (key) => runTabAction('close', key),
      contextMenu: (e, key) => {
        setContextModel(latest.current.model(key));
        if (contextMenu.current) {
          contextMenu.current.show(e);
        } else {
          e.preventDefault();
          pendingContextMenu.current = e;
          setContextMenuWanted(true);
        }
      },
      keyDown: (e, tab, i) => {
        const list = latest.current.tabs;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          showTab(tab);
        } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          const next = strip.current?.querySelectorAll<HTMLElement>('[role="tab"]')[(i + (e.key === 'ArrowRight' ? 1 : -1) + list.length) % list.length];
          next?.focus();
        } else if (e.key === 'Delete' && showsCloseButton(list, tab)) {
          runTabAction('close', tabKey(tab));
        }
      },
    }),
  );

  // The dropdown's items for the tab active when it opens (the callback stays the same across renders).
  const onDropdown = useCallback((e: MouseEvent<HTMLButtonElement>) => {
    setDropdownModel(latest.current.model(latest.current.activeKey));
    dropdown.current?.toggle(e);
  }, []);

  if (!setting.show) return null;

  // A vertical wheel scrolls the strip sideways, as users expect of a tab strip.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (strip.current && Math.abs(e.deltaY) > Math.abs(e.deltaX)) strip.current.scrollLeft += e.deltaY;
  };

  return (
    <div className="tabs-bar" data-testid="tabs-bar">
      <div
        className="tabs-strip"
        role="tablist"
        aria-label={t('tabs.bar')}
        ref={strip}
        onWheel={onWheel}
        onPointerEnter={() => void loadContextMenu().catch(() => {})}
      >
        {tabs.map((tab, i) => {
          const key = tabKey(tab);
          const active = key === activeKey;
          const closable = showsCloseButton(tabs, tab);
          const text = titles[i];
          return (
            <TabItem
              key={key}
              tab={tab}
              tabKey={key}
              index={i}
              active={active}
              focusable={active || (activeKey === null && i === 0)}
              closable={closable}
              title={text}
              closeTitle={closable ? `${closeLabel} ${text}` : ''}
              on={on}
            />
          );
        })}
      </div>
      <TabTools showRedo={setting.showRedo} showQuick={setting.showQuick} showFold={setting.showFold} fullContent={fullContent} hasActive={!!activeKey} onDropdown={onDropdown} />
      {contextMenuWanted && (
        <Suspense fallback={null}>
          <LazyContextMenu model={contextModel} ref={contextMenuRef} pt={APPEAR} className="tabs-menu" data-testid="tabs-context-menu" />
        </Suspense>
      )}
      <Menu model={dropdownModel} popup ref={dropdown} className="tabs-menu" popupAlignment="right" data-testid="tabs-dropdown-menu" />
    </div>
  );
}

/** What a tab does with the user's clicks and keys: one object for the bar's lifetime. */
interface TabHandlers {
  show: (tab: Tab) => void;
  close: (key: string) => void;
  contextMenu: (e: MouseEvent, key: string) => void;
  keyDown: (e: KeyboardEvent<HTMLDivElement>, tab: Tab, index: number) => void;
}

interface TabItemProps {
  tab: Tab;
  tabKey: string;
  index: number;
  active: boolean;
  /** In the tab order (roving tabindex): the active tab, or the first when none is active. */
  focusable: boolean;
  closable: boolean;
  title: string;
  closeTitle: string;
  on: TabHandlers;
}

/**
 * One tab of the strip. Memoised on what it shows: a switch re-renders the tab left and the tab
 * entered, not all of them (tab switch ≤ 50 ms).
 */
const TabItem = memo(function TabItem({ tab, tabKey: key, index: i, active, focusable, closable, title, closeTitle, on }: TabItemProps) {
  return (
    <div
      role="tab"
      aria-selected={active}
      tabIndex={focusable ? 0 : -1}
      className={`tabs-tab${active ? ' is-active' : ''}${tab.meta.affix ? ' is-affix' : ''}`}
      data-testid="tab"
      data-key={key}
      // Named by its title alone: without this the close button's label joins the name.
      aria-labelledby={`tab-title-${i}`}
      aria-keyshortcuts={closable ? 'Delete' : undefined}
      title={title}
      onClick={(e) => {
        if (active) return;
        const el = e.currentTarget;
        // The tab shown so far, focused since its own click, leaves the tab order in the switch's
        // commit, and Chromium restyles the document at once when the focused element's tabindex
        // changes (2–6 ms in the commit, half of it done again in the frame): it gives up focus
        // first, and the tab clicked takes it once the switch is drawn.
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && focused !== el && focused.getAttribute('role') === 'tab' && focused.parentElement === el.parentElement) focused.blur();
        on.show(tab);
        // Focused once the switch is drawn (see onMouseDown).
        requestAnimationFrame(() => el.isConnected && el.focus({ preventScroll: true }));
      }}
      onKeyDown={(e) => on.keyDown(e, tab, i)}
      onMouseDown={(e) => {
        // Middle button: no autoscroll, so middle-click can close the tab. Left button on a tab not
        // shown: no focus yet. The switch makes it the tab in the tab order (tabindex 0), and
        // Chromium restyles the document at once when the focused element's tabindex changes, a
        // style pass of its own inside the switch's commit; the click focuses it after.
        if (e.button === 1 || (e.button === 0 && !active)) e.preventDefault();
      }}
      onAuxClick={(e) => e.button === 1 && on.close(key)}
      onContextMenu={(e) => on.contextMenu(e, key)}
    >
      {tab.meta.affix && <i className="pi pi-thumbtack tabs-pin" aria-hidden />}
      <span className="tabs-title" id={`tab-title-${i}`}>
        {title}
      </span>
      {closable && (
        // Not a button inside the tab (a nested control, which screen readers stumble on):
        // keyboard and assistive-technology users close a tab with Delete or the context menu.
        <span
          className="tabs-close"
          aria-hidden
          title={closeTitle}
          onClick={(e) => {
            e.stopPropagation();
            on.close(key);
          }}
        >
          <i className="pi pi-times" />
        </span>
      )}
    </div>
  );
});

interface TabToolsProps {
  showRedo: boolean;
  showQuick: boolean;
  showFold: boolean;
  fullContent: boolean;
  hasActive: boolean;
  onDropdown: (e: MouseEvent<HTMLButtonElement>) => void;
}

/** The bar's quick refresh, dropdown and fold buttons: memoised, so a tab switch leaves them (and their tooltips) alone. */
const TabTools = memo(function TabTools({ showRedo, showQuick, showFold, fullContent, hasActive, onDropdown }: TabToolsProps) {
  const { t } = useTranslation();
  return (
      <div className="tabs-tools">
        {showRedo && (
          <Button
            icon="pi pi-refresh"
            text
            severity="secondary"
            className="tabs-tool"
            aria-label={t('tabs.refresh')}
            tooltip={t('tabs.refresh')}
            tooltipOptions={{ position: 'bottom' }}
            disabled={!hasActive}
            onClick={() => runTabAction('refresh')}
            data-testid="tabs-refresh"
          />
        )}
        {showQuick && (
          <Button
            icon="pi pi-angle-down"
            text
            severity="secondary"
            className="tabs-tool"
            aria-label={t('tabs.more')}
            aria-haspopup="menu"
            onClick={onDropdown}
            data-testid="tabs-dropdown"
          />
        )}
        {showFold && (
          <Button
            icon={fullContent ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
            text
            severity="secondary"
            className="tabs-tool"
            aria-label={t(fullContent ? 'tabs.unfold' : 'tabs.fold')}
            tooltip={t(fullContent ? 'tabs.unfold' : 'tabs.fold')}
            tooltipOptions={{ position: 'bottom' }}
            onClick={() => updateProjectConfig({ fullContent: !fullContent })}
            data-testid="tabs-fold"
          />
        )}
      </div>
  );
});
