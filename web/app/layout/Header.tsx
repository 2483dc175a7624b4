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
import { updateProjectConfig, useProjectConfig } from '../config/project-config';

/**
 * The header: menu collapse on the left; on the right the shell's actions, each owned by its
 * feature (language, dark mode, user menu with logout).
 */
export function Header() {
  const { t } = useTranslation();
  const collapsed = useProjectConfig((c) => c.menuSetting.collapsed);
  const onToggleMenu = () => updateProjectConfig({ menuSetting: { collapsed: !collapsed } });
  return (
    <header className="layout-header">
      <Button
        icon={collapsed ? 'pi pi-align-left' : 'pi pi-align-justify'}
        text
        rounded
        severity="secondary"
        aria-label={t(collapsed ? 'layout.header.expand' : 'layout.header.collapse')}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      />
      <div className="layout-header-spacer" />
      <SearchButton />
      <ErrorLogButton />
      <FullScreenButton />
      <LocaleButton />
      <DarkModeToggle />
      <UserMenu />
      <SettingsButton />
      <ConfirmDialog />
    </header>
  );
}
