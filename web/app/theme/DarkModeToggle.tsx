import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { setTheme, storedTheme } from './theme';

/** Header switch between light and dark (spec §4 "the toggle flips it"). */
export function DarkModeToggle() {
  const { t } = useTranslation();
  const [theme, setThemeState] = useState(storedTheme);
  return (
    <Button
      icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
      text
      rounded
      severity="secondary"
      aria-label={t('layout.header.theme')}
      data-testid="theme-toggle"
      onClick={() => {
        const next = theme === 'dark' ? 'light' : 'dark';
        setTheme(next);
        setThemeState(next);
      }}
    />
  );
}
