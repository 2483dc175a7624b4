import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useProjectConfig } from '../../services/project-config';
import { toggleTheme, useThemeMode } from './use-theme';

/**
 * Header switch between light and dark (spec §4 "the toggle flips it and refreshes header and menu
 * colours"); hidden when the project config turns `showDarkModeToggle` off.
 */
export function DarkModeToggle() {
  const { t } = useTranslation();
  const theme = useThemeMode();
  const show = useProjectConfig((c) => c.showDarkModeToggle);
  if (!show) return null;
  return (
    <Button
      icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
      text
      rounded
      severity="secondary"
      aria-label={t('layout.header.theme')}
      aria-pressed={theme === 'dark'}
      data-testid="theme-toggle"
      onClick={toggleTheme}
    />
  );
}
