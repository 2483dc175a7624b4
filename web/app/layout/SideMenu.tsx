import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'primereact/tooltip';
import { Sidebar } from 'primereact/sidebar';
import { LOGO } from '../../services/logo';
import { useSession } from '../../services/session';
import { useProjectConfig } from '../../services/project-config';
import { Authority } from '../../services/permission';
import { flattenRoutes, matchFlatRoute } from '../../services/routing/route-access';
import { activeChainFor, menuWithParams, openForLocation, toggleOpen } from '../routing/menu-state';
import { isUrl } from '../../services/routing/build-routes';
import { titleText } from '../routing/breadcrumbs';
import { QueueBadge } from './work-queues';
import type { MenuItem } from '../../services/routing/types';
import { useMenuLayout } from './use-menu-layout';
import './side-menu.css';

/** Spec §6: the shell's own button that needs a code — a shortcut to menu management. */
export const MANAGE_MENUS_CODE = 'SystemMenu:view&&SystemMenu:update';
const MANAGE_MENUS_PATH = '/system/menu';

/** An item's own visible children (none when the item hides its children in the menu). */
function subItems(item: MenuItem): MenuItem[] {
  return item.meta.hideChildrenInMenu ? [] : (item.children ?? []).filter((c) => !c.hideMenu);
}

/**
 * The side menu (spec §1 shell, §4, §6, §9): the permission mode's menu with icons, groups that
 * open as an accordion (config `menuSetting.accordion`; off = several open), the current entry
 * highlighted and its groups opened. Collapsed (`menuSetting.collapsed`) it shows icons only, with
 * a tooltip and a flyout of the group's entries. Below 992 px it is an overlay drawer, forced to
 * the sidebar/inline layout (useMenuLayout). Width `menuSetting.menuWidth` (210). Colours come
 * from the theme module's `--menu-*` variables and `<html data-menu-theme>` (spec §4: computed
 * from `menuSetting.bgColor`, light only for white outside dark mode; #212121 in dark mode).
 */
export function SideMenu(_props: { collapsed?: boolean }) {
  const layout = useMenuLayout();
  const [location] = useLocation();

  // A navigation, or the window growing wide again, closes the drawer.
  const { setDrawerOpen, overlay } = layout;
  useEffect(() => setDrawerOpen(false), [location, overlay, setDrawerOpen]);

  if (layout.overlay) {
    return (
      <Sidebar
        visible={layout.drawerOpen}
        onHide={() => setDrawerOpen(false)}
        position="left"
        className="shell-menu-drawer"
        style={{ width: layout.panelWidth }}
        showCloseIcon={false}
        content={() => <MenuPanel collapsed={false} width={layout.panelWidth} drawer />}
      />
    );
  }
  return <MenuPanel collapsed={layout.collapsed} width={layout.panelWidth} />;
}

function MenuPanel({ collapsed, width, drawer = false }: { collapsed: boolean; width: number; drawer?: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { menus, routes, homePath } = useSession();
  const showLogo = useProjectConfig((c) => c.showLogo);
  const accordion = useProjectConfig((c) => c.menuSetting.accordion);

  // Spec §2: `:param` segments of menu paths are filled from the current route's parameters.
  // The items (and so every node's `onToggle`) stay the same while the parameters read the same:
  // a navigation between plain paths re-renders only the nodes it highlights (tab switch).
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const params = useStableRecord(matchFlatRoute(flat, location)?.params);
  const items = useMemo(() => menuWithParams(menus, params), [menus, params]);
  const active = useMemo(() => activeChainFor(items, location), [items, location]);

  const [open, setOpen] = useState<string[]>(() => openForLocation([], items, location, accordion));
  // The groups to open for a new location are worked out in the render that shows it (React's
  // "state from props" pattern: it re-runs this component before committing), not in an effect
  // that rendered and committed the whole menu a second time on each navigation.
  const [openedFor, setOpenedFor] = useState({ items, location, accordion });
  if (openedFor.items !== items || openedFor.location !== location || openedFor.accordion !== accordion) {
    setOpenedFor({ items, location, accordion });
    setOpen((o) => sameList(o, openForLocation(o, items, location, accordion)));
  }
  const onToggle = useCallback((key: string) => setOpen((o) => toggleOpen(o, key, accordion, items)), [accordion, items]);

  return (
    <aside
      className={`${drawer ? 'shell-menu--drawer' : 'side-menu'} shell-menu${collapsed ? ' shell-menu--collapsed' : ''}`}
      style={drawer ? undefined : { width, flexBasis: width }}
      aria-label={t('shell.menu.label')}
      data-testid="side-menu"
      data-collapsed={collapsed}
    >
      {showLogo && (
        <Link href={homePath} className="shell-menu-logo" aria-label={collapsed ? t('routes.basic.home') : `${t('common.appShortTitle')} · ${t('routes.basic.home')}`} data-testid="logo">
          <img src={LOGO} alt="" width={32} height={32} />
          {!collapsed && <span>{t('common.appShortTitle')}</span>}
        </Link>
      )}
      {collapsed && <Tooltip target=".shell-menu [data-menu-tip]" position="right" showDelay={150} />}
      <nav className="shell-menu-scroll">
        <ul role="tree" className="shell-menu-list">
          {items.map((item) => (
            <MenuNode
              key={item.path || item.name}
              item={item}
              depth={0}
              collapsed={collapsed}
              open={open}
              active={active}
              location={location}
              onToggle={onToggle}
            />
          ))}
        </ul>
      </nav>
      <Authority code={MANAGE_MENUS_CODE}>
        <div className="shell-menu-footer">
          <Link
            href={MANAGE_MENUS_PATH}
            className="shell-menu-item shell-menu-footer-link"
            data-testid="menu-manage"
            data-menu-tip={collapsed ? t('shell.menu.manage') : undefined}
            data-pr-tooltip={t('shell.menu.manage')}
          >
            <i className="pi pi-sitemap" aria-hidden />
            {!collapsed && <span>{t('shell.menu.manage')}</span>}
          </Link>
        </div>
      </Authority>
    </aside>
  );
}

const NO_PARAMS: Readonly<Record<string, string>> = {};

/** `record`, or the one last answered while it holds the same entries (none: one shared empty record). */
function useStableRecord(record: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  const last = useRef(NO_PARAMS);
  const next = record ?? NO_PARAMS;
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(last.current).length || keys.some((k) => last.current[k] !== next[k])) last.current = next;
  return last.current;
}

/** `prev` when `next` lists the same keys in the same order. */
function sameList(prev: string[], next: string[]): string[] {
  return prev.length === next.length && prev.every((k, i) => k === next[i]) ? prev : next;
}

interface NodeProps {
  item: MenuItem;
  depth: number;
  collapsed: boolean;
  open: readonly string[];
  active: readonly string[];
  location: string;
  onToggle: (key: string) => void;
}

const subtreePaths = new WeakMap<MenuItem, string[]>();
/** The paths of an item and of every visible entry under it (what its rendering reads of `open` and `active`). */
function pathsUnder(item: MenuItem): string[] {
  let paths = subtreePaths.get(item);
  if (!paths) subtreePaths.set(item, (paths = [item.path, ...subItems(item).flatMap(pathsUnder)]));
  return paths;
}

/*
 * A navigation hands every node a new `active` chain and location: only the nodes whose own subtree
 * changed (an entry highlighted or no longer, a group opened or closed) render again (the
 * tab switch's budget is 50 ms; the whole menu re-rendering on each would spend it). A collapsed top group also reads the location.
 */
const sameNode = (a: NodeProps, b: NodeProps): boolean =>
  a.item === b.item &&
  a.depth === b.depth &&
  a.collapsed === b.collapsed &&
  a.onToggle === b.onToggle &&
  (a.location === b.location || !(a.collapsed && a.depth === 0)) &&
  (a.open === b.open || pathsUnder(a.item).every((p) => a.open.includes(p) === b.open.includes(p))) &&
  (a.active === b.active || pathsUnder(a.item).every((p) => a.active.includes(p) === b.active.includes(p)));

const MenuNode = memo(function MenuNode({ item, depth, collapsed, open, active, location, onToggle }: NodeProps) {
  const { t } = useTranslation();
  const label = titleText(t, item.name, item.meta.literalTitle);
  const kids = subItems(item);
  const isActive = active.includes(item.path);
  const indent = { ['--shell-menu-depth' as string]: depth } as CSSProperties;
  const tip = collapsed && depth === 0 ? { 'data-menu-tip': label, 'data-pr-tooltip': label } : {};

  if (!kids.length) {
    const href = item.path;
    const body = (
      <>
        {item.icon && (depth === 0 || !collapsed) ? <i className={item.icon} aria-hidden /> : depth === 0 ? <i className="pi pi-circle" aria-hidden /> : null}
        {(!collapsed || depth > 0) && <span className="shell-menu-label">{label}</span>}
        {(!collapsed || depth > 0) && <QueueBadge paths={[item.path]} />}
      </>
    );
    const cls = `shell-menu-item${depth === 0 ? ' shell-menu-item--top' : ''}${isActive ? ' is-active' : ''}`;
    return (
      <li role="treeitem" aria-selected={isActive}>
        {isUrl(href) ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className={cls} style={indent} {...tip} aria-label={collapsed ? label : undefined}>
            {body}
            {!collapsed && <i className="pi pi-external-link shell-menu-ext" aria-hidden />}
          </a>
        ) : (
          <Link href={href} className={cls} style={indent} {...tip} aria-label={collapsed ? label : undefined} data-menu-path={item.path}>
            {body}
          </Link>
        )}
      </li>
    );
  }

  if (collapsed && depth === 0) return <CollapsedGroup item={item} kids={kids} label={label} isActive={isActive} location={location} active={active} />;

  const isOpen = open.includes(item.path);
  return (
    <li role="treeitem" aria-expanded={isOpen}>
      <button
        type="button"
        className={`shell-menu-item${depth === 0 ? ' shell-menu-item--top' : ''}${isActive ? ' is-active-group' : ''}`}
        style={indent}
        onClick={() => onToggle(item.path)}
        data-menu-group={item.path}
      >
        {item.icon ? <i className={item.icon} aria-hidden /> : null}
        <span className="shell-menu-label">{label}</span>
        {/* A closed group counts the queues of its entries; open, each entry shows its own. */}
        {!isOpen && <QueueBadge paths={pathsUnder(item)} />}
        <i className={`pi pi-angle-down shell-menu-caret${isOpen ? ' is-open' : ''}`} aria-hidden />
      </button>
      {isOpen && (
        <ul role="group" className="shell-menu-sub">
          {kids.map((k) => (
            <MenuNode key={k.path || k.name} item={k} depth={depth + 1} collapsed={false} open={open} active={active} location={location} onToggle={onToggle} />
          ))}
        </ul>
      )}
    </li>
  );
}, sameNode);

/**
 * A group of the collapsed menu: its icon; hovering or activating it shows a flyout beside the menu
 * with the group's title and entries (nested groups listed under their titles).
 */
function CollapsedGroup({ item, kids, label, isActive, location, active }: { item: MenuItem; kids: MenuItem[]; label: string; isActive: boolean; location: string; active: readonly string[] }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const flyout = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // How the open flyout was opened: a click on an icon the pointer has just opened by hovering
  // must keep it open (it closed it, whenever the hover had been drawn before the click).
  const openedBy = useRef<'hover' | 'press'>('hover');

  const show = () => {
    window.clearTimeout(closeTimer.current);
    const r = button.current?.getBoundingClientRect();
    if (r) setPos({ top: Math.min(r.top, window.innerHeight - 80), left: r.right + 4 });
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setPos(null), 150);
  };
  useEffect(() => setPos(null), [location]);
  // Opened from the keyboard: move focus into the flyout (it is rendered at the end of the body).
  useEffect(() => {
    if (pos && focusFirst) {
      flyout.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
      setFocusFirst(false);
    }
  }, [pos, focusFirst]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!pos) return;
    const onDown = (e: MouseEvent) => {
      const el = e.target as Node;
      if (!button.current?.contains(el) && !flyout.current?.contains(el)) setPos(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [pos]);

  const onKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape') {
      setPos(null);
      button.current?.focus();
    }
  };

  const flat = (list: MenuItem[], depth: number): { item: MenuItem; depth: number; group: boolean }[] =>
    list.flatMap((k) => {
      const sub = subItems(k);
      return sub.length ? [{ item: k, depth, group: true }, ...flat(sub, depth + 1)] : [{ item: k, depth, group: false }];
    });

  return (
    <li
      role="treeitem"
      aria-expanded={!!pos}
      onMouseEnter={() => {
        if (!pos) openedBy.current = 'hover';
        show();
      }}
      onMouseLeave={hideSoon}
    >
      <button
        ref={button}
        type="button"
        className={`shell-menu-item shell-menu-item--top${isActive ? ' is-active-group' : ''}`}
        onClick={(e) => {
          if (pos && openedBy.current === 'press') return setPos(null);
          openedBy.current = 'press';
          show();
          // detail 0: activated with Enter or Space rather than a pointer.
          if (e.detail === 0) setFocusFirst(true);
        }}
        onKeyDown={onKey}
        aria-label={label}
        aria-haspopup="menu"
        data-menu-group={item.path}
      >
        <i className={item.icon ?? 'pi pi-folder'} aria-hidden />
      </button>
      {pos &&
        createPortal(
          <div
            ref={flyout}
            className="shell-menu-flyout"
            style={{ top: pos.top, left: pos.left }}
            role="menu"
            aria-label={label}
            onMouseEnter={show}
            onMouseLeave={hideSoon}
            onKeyDown={onKey}
            data-testid="menu-flyout"
          >
            <div className="shell-menu-flyout-title">{label}</div>
            {flat(kids, 0).map(({ item: k, depth, group }) =>
              group ? (
                <div key={`g-${k.path}`} className="shell-menu-flyout-group" style={{ paddingLeft: 12 + depth * 12 }}>
                  {titleText(t, k.name, k.meta.literalTitle)}
                </div>
              ) : isUrl(k.path) ? (
                <a key={k.path} role="menuitem" href={k.path} target="_blank" rel="noopener noreferrer" className="shell-menu-flyout-item" style={{ paddingLeft: 16 + depth * 12 }}>
                  {titleText(t, k.name, k.meta.literalTitle)}
                </a>
              ) : (
                <Link
                  key={k.path}
                  role="menuitem"
                  href={k.path}
                  className={`shell-menu-flyout-item${active.includes(k.path) ? ' is-active' : ''}`}
                  style={{ paddingLeft: 16 + depth * 12 }}
                  onClick={() => setPos(null)}
                >
                  {titleText(t, k.name, k.meta.literalTitle)}
                </Link>
              ),
            )}
          </div>,
          document.body,
        )}
    </li>
  );
}

export { LOGO };
