import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useProjectConfig } from '../../services/project-config';
import { openSearch } from './search-store';

/** Header button that opens the menu search (spec §2); hidden when `headerSetting.showSearch` is off. */
export function SearchButton() {
  const { t } = useTranslation();
  const show = useProjectConfig((c) => c.headerSetting.showSearch);
  if (!show) return null;
  return (
    <Button
      icon="pi pi-search"
      text
      rounded
      severity="secondary"
      className="menu-search-trigger"
      aria-label={t('search.button')}
      aria-keyshortcuts="Control+K Meta+K"
      tooltip={`${t('search.button')} (${t('search.shortcut')})`}
      tooltipOptions={{ position: 'bottom', showDelay: 400 }}
      onClick={openSearch}
      data-testid="search-button"
    />
  );
}
