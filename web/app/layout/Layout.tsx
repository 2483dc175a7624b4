import { useState, type ReactNode } from 'react';
import type { FlatRoute } from '../route-access';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { Breadcrumbs } from './Breadcrumbs';

/** Spec §9: menu width 210 (collapsed: icons only). */
export const MENU_WIDTH = 210;
export const MENU_COLLAPSED_WIDTH = 64;

/** The shared layout of every signed-in page (spec §2): side menu, header, breadcrumbs, content. */
export function Layout({ current, children }: { current: FlatRoute | undefined; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <div className={`layout${collapsed ? ' layout--collapsed' : ''}`} style={{ ['--menu-width' as string]: `${collapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH}px` }}>
      <SideMenu collapsed={collapsed} />
      <div className="layout-main">
        <Header collapsed={collapsed} onToggleMenu={() => setCollapsed((c) => !c)} />
        <Breadcrumbs current={current} />
        <main className="layout-content" id="main-content">
          {children}
        </main>
      </div>
    </div>
  );
}
