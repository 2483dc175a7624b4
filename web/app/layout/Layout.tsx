import type { ReactNode } from 'react';
import type { FlatRoute } from '../routing/route-access';
import { useProjectConfig } from '../config/project-config';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { TabsBar } from '../tabs/TabsBar';
import { Footer } from './Footer';
import { BackTop } from './BackTop';
import { PageProgress } from './PageProgress';
import { SettingsDrawer } from '../settings/SettingsDrawer';
import { SearchModal } from '../search/SearchModal';

/** Spec §9: menu width 210 (collapsed: icons only). */
export const MENU_COLLAPSED_WIDTH = 64;

/**
 * The shared layout of every signed-in page (spec §2): side menu, header, tabs, breadcrumbs,
 * content and footer, shaped by the project config (spec §3).
 */
export function Layout({ current, children }: { current: FlatRoute | undefined; children: ReactNode }) {
  const menu = useProjectConfig((c) => c.menuSetting);
  const fullContent = useProjectConfig((c) => c.fullContent);
  const showBreadCrumb = useProjectConfig((c) => c.showBreadCrumb);
  const contentMode = useProjectConfig((c) => c.contentMode);
  const collapsed = menu.collapsed;
  return (
    <div
      className={`layout${collapsed ? ' layout--collapsed' : ''}${fullContent ? ' layout--full-content' : ''}`}
      style={{ ['--menu-width' as string]: `${collapsed ? MENU_COLLAPSED_WIDTH : menu.menuWidth}px` }}
    >
      <PageProgress />
      {!fullContent && <SideMenu collapsed={collapsed} />}
      <div className="layout-main">
        {!fullContent && <Header />}
        {!fullContent && <TabsBar />}
        {!fullContent && showBreadCrumb && <Breadcrumbs current={current} />}
        <main className={`layout-content${contentMode === 'fixed' ? ' layout-content--fixed' : ''}`} id="main-content">
          {children}
        </main>
        {!fullContent && <Footer />}
      </div>
      <BackTop />
      <SettingsDrawer />
      <SearchModal />
    </div>
  );
}
