import { memo, type ReactNode } from 'react';
import type { FlatRoute } from '../../services/routing/route-access';
import { useProjectConfig } from '../../services/project-config';
import { useThemeSync } from '../theme/use-theme';
import { Header as HeaderPlain } from './Header';
import { SideMenu as SideMenuPlain } from './SideMenu';
import { Breadcrumbs as BreadcrumbsPlain } from './Breadcrumbs';
import { TabsBar as TabsBarPlain } from '../tabs/TabsBar';
import { Footer as FooterPlain } from './Footer';
import { BackTop as BackTopPlain } from './BackTop';
import { PageProgress as PageProgressPlain } from './PageProgress';
import { LazySettingsDrawer as LazySettingsDrawerPlain } from '../settings/LazySettingsDrawer';
import { SettingsButton as SettingsButtonPlain } from '../settings/SettingsButton';
import { SearchModal as SearchModalPlain } from '../search/SearchModal';
import { Shortcuts as ShortcutsPlain } from '../shortcuts/Shortcuts';
import { useMenuLayout } from './use-menu-layout';
import { useWarmListScreens } from './warm-list-screens';

/*
 * The shell's parts re-render on what they read themselves (location, tabs, config, session), not
 * on every render of the layout: a navigation re-rendered the whole shell (tab switch).
 */
const Header = memo(HeaderPlain);
const SideMenu = memo(SideMenuPlain);
const Breadcrumbs = memo(BreadcrumbsPlain);
const TabsBar = memo(TabsBarPlain);
const Footer = memo(FooterPlain);
const BackTop = memo(BackTopPlain);
const PageProgress = memo(PageProgressPlain);
const LazySettingsDrawer = memo(LazySettingsDrawerPlain);
const SettingsButton = memo(SettingsButtonPlain);
const SearchModal = memo(SearchModalPlain);
const Shortcuts = memo(ShortcutsPlain);

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
  useWarmListScreens();
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
      <Shortcuts />
    </div>
  );
}
