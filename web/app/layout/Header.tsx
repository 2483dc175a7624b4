import { Suspense } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DarkModeToggle } from '../theme/DarkModeToggle';
import { LocaleButton } from '../locale/LocaleButton';
import { UserMenu } from './UserMenu';
import { FullScreenButton } from './FullScreenButton';
import { SearchButton } from '../search/SearchButton';
import { ErrorLogButton } from '../error-log/ErrorLogButton';
import { SettingsButton } from '../settings/SettingsButton';
import { useMenuLayout } from './use-menu-layout';
import { MockPanelButton } from '../mock-panel/MockPanelButton';
import { ServedByMarker } from '../platform/ServedByMarker';
import { DriftWatch } from '../platform/DriftWatch';
// The bell (and the sanitizer it renders messages with) loads after the shell, not in the entry chunk.
const MessageBell = lazyWithRetry(() => import('./MessageBell'));

/**
 * The header: menu collapse on the left (on a narrow screen it opens the menu drawer); on the
 * right the shell's actions, each owned by its feature and each hiding itself when its setting is
 * off. Its background and text colours follow `headerSetting.bgColor` and the header theme
 * computed from it (spec §4), through the variables web/app/theme/theme.ts sets.
 */
export function Header() {
  const { t } = useTranslation();
  const menu = useMenuLayout();
  const folded = menu.narrow ? !menu.drawerOpen : menu.collapsed;
  return (
    <header className="layout-header" data-testid="layout-header">
      <Button
        icon={folded ? 'pi pi-align-left' : 'pi pi-align-justify'}
        text
        rounded
        severity="secondary"
        aria-label={t(folded ? 'layout.header.expand' : 'layout.header.collapse')}
        aria-expanded={!folded}
        onClick={menu.toggle}
        data-testid="menu-toggle"
      />
      <div className="layout-header-spacer" />
      <ServedByMarker />
      <DriftWatch />
      <MockPanelButton />
      <SearchButton />
      <ErrorLogButton />
      <FullScreenButton />
      <LocaleButton />
      <Suspense fallback={null}>
        <MessageBell />
      </Suspense>
      <DarkModeToggle />
      <UserMenu />
      <SettingsButton />
      <ConfirmDialog />
    </header>
  );
}
