import type { ReactNode } from 'react';
import type { FlatRoute } from '../../services/routing/route-access';
import { useProjectConfig } from '../../services/project-config';
import { useThemeSync } from '../theme/use-theme';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { TabsBar } from '../tabs/TabsBar';
import { Footer } from './Footer';
import { BackTop } from './BackTop';
import { PageProgress } from './PageProgress';
import { LazySettingsDrawer } from '../settings/LazySettingsDrawer';
import { SettingsButton } from '../settings/SettingsButton';
import { SearchModal } from '../search/SearchModal';
import { useMenuLayout } from './use-menu-layout';

/**
 * The shared layout of every signed-in page (spec §2): side menu, header, tabs, breadcrumbs,
 * content and footer, shaped live by the project config (spec §3):
 * - `fullContent` hides menu, header, breadcrumbs and footer (the tab bar stays: its fold button
 *   brings them back);
 * - `headerSetting.fixed` keeps header and tabs on top while the page scrolls;
 * - `contentMode` 'fixed' centres the content at 1200 px (spec §9 XL), 'full' fills the width;
 * - `showBreadCrumb`, `showFooter` (in Footer), `settingButtonPosition` (floating button).
 * It also keeps the document's colours in step with the config (theme colour, header/menu
 * colours, gray mode, colour weak) and PrimeReact's texts in the current language.
 */
export function Layout({ current, children }: { current: FlatRoute | undefined; children: ReactNode }) {
  useThemeSync();
  const menu = useMenuLayout();
  const fullContent = useProjectConfig((c) => c.fullContent);
  const showBreadCrumb = useProjectConfig((c) => c.showBreadCrumb);
  const contentMode = useProjectConfig((c) => c.contentMode);
  const headerFixed = useProjectConfig((c) => c.headerSetting.fixed);
  const headerShown = useProjectConfig((c) => c.headerSetting.show);
  const classes = ['layout', menu.collapsed && 'layout--collapsed', fullContent && 'layout--full-content', menu.narrow && 'layout--narrow'].filter(Boolean).join(' ');
  return (
    <div className={classes} style={{ ['--menu-width' as string]: `${menu.panelWidth}px` }} data-testid="layout">
      <PageProgress />
      {!fullContent && <SideMenu collapsed={menu.collapsed} />}
      <div className="layout-main">
        <div className={`layout-top${headerFixed ? ' layout-top--fixed' : ''}`} data-testid="layout-top">
          {!fullContent && headerShown && <Header />}
          <TabsBar />
        </div>
        {!fullContent && showBreadCrumb && <Breadcrumbs current={current} />}
        <main className={`layout-content${contentMode === 'fixed' ? ' layout-content--fixed' : ''}`} id="main-content" data-content-mode={contentMode}>
          {children}
        </main>
        {!fullContent && <Footer />}
      </div>
      <BackTop />
      <SettingsButton floating />
      <LazySettingsDrawer />
      <SearchModal />
    </div>
  );
}
