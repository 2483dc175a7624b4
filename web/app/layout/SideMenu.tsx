import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'primereact/tooltip';
import { useSession } from '../session';
import { groupRedirect, joinPath } from '../routing/route-access';
import type { RouteDecl } from '../../../server/contract/route-table';

interface MenuGroup {
  key: string;
  title: string;
  icon?: string;
  /** Direct link when the group hides its children (Home, Dashboard). */
  href?: string;
  items: { path: string; title: string; literal?: boolean }[];
}

function toMenu(routes: RouteDecl[]): MenuGroup[] {
  return routes
    .map((g) => {
      const visible = (g.children ?? []).filter((c) => !c.meta.hideMenu);
      return {
        key: g.path,
        title: g.meta.title,
        icon: g.meta.icon,
        href: g.meta.hideChildrenInMenu || visible.length === 0 ? (groupRedirect(routes, g.path) ?? g.path) : undefined,
        items: g.meta.hideChildrenInMenu ? [] : visible.map((c) => ({ path: joinPath(g.path, c.path), title: c.meta.title, literal: c.meta.literalTitle })),
      };
    })
    .filter((g) => g.href || g.items.length);
}

/**
 * The side menu from the user's routes (route-mapping mode, spec §6): groups open as an
 * accordion (one at a time), the current route's group opens itself, icons only when collapsed.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { routes, homePath } = useSession();
  const menu = useMemo(() => toMenu(routes), [routes]);
  const activeGroup = menu.find((g) => g.items.some((i) => i.path === location) || (g.href && location.startsWith(g.key + '/')))?.key ?? null;
  const [open, setOpen] = useState<string | null>(activeGroup);
  useEffect(() => setOpen(activeGroup), [activeGroup]);

  return (
    <aside className="side-menu" aria-label={t('layout.menu.search')}>
      <Link href={homePath} className="side-menu-logo" aria-label={t('routes.basic.home')} data-testid="logo">
        <img src={LOGO} alt="" width={32} height={32} />
        {!collapsed && <span>{t('common.appShortTitle')}</span>}
      </Link>
      <Tooltip target=".side-menu [data-menu-tip]" position="right" disabled={!collapsed} />
      <nav className="side-menu-scroll">
        <ul role="tree">
          {menu.map((g) => {
            const isOpen = open === g.key && !collapsed;
            const active = activeGroup === g.key;
            const label = t(g.title);
            if (g.href) {
              return (
                <li key={g.key} role="treeitem" aria-selected={active}>
                  <Link href={g.href} className={`menu-item menu-item--top${active ? ' is-active' : ''}`} data-menu-tip={label} data-pr-tooltip={label}>
                    <i className={g.icon} aria-hidden />
                    {!collapsed && <span>{label}</span>}
                  </Link>
                </li>
              );
            }
            return (
              <li key={g.key} role="treeitem" aria-expanded={isOpen}>
                <button
                  type="button"
                  className={`menu-item menu-item--top${active ? ' is-active-group' : ''}`}
                  onClick={() => setOpen(isOpen ? null : g.key)}
                  data-menu-tip={label}
                  data-pr-tooltip={label}
                >
                  <i className={g.icon} aria-hidden />
                  {!collapsed && <span>{label}</span>}
                  {!collapsed && <i className={`pi pi-angle-down menu-caret${isOpen ? ' is-open' : ''}`} aria-hidden />}
                </button>
                {isOpen && (
                  <ul role="group">
                    {g.items.map((i) => (
                      <li key={i.path} role="treeitem" aria-selected={i.path === location}>
                        <Link href={i.path} className={`menu-item menu-item--sub${i.path === location ? ' is-active' : ''}`}>
                          <span>{i.literal ? i.title : t(i.title)}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}

/** The console's logo (inline SVG as a data URI, allowed by the CSP's img-src data:). */
export const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0960bd"/><path d="M18 26h28a8 8 0 0 1 8 8v4a8 8 0 0 1-8 8c-4 0-6-4-9-4H27c-3 0-5 4-9 4a8 8 0 0 1-8-8v-4a8 8 0 0 1 8-8z" fill="#fff"/><rect x="19" y="31" width="3" height="9" rx="1" fill="#0960bd"/><rect x="16" y="34" width="9" height="3" rx="1" fill="#0960bd"/><circle cx="42" cy="33" r="2.2" fill="#0960bd"/><circle cx="47" cy="38" r="2.2" fill="#0960bd"/></svg>',
  );
