import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useProjectConfig } from '../../services/project-config';
import { settingButtonPlacement } from './settings-rules';
import { openSettings } from './settings-store';
import './settings.css';

/**
 * The button that opens the settings drawer (spec §3 `showSettingButton`, `settingButtonPosition`).
 * The header renders `<SettingsButton />`, the layout `<SettingsButton floating />`; each shows
 * only when the placement rule puts the button in its slot, so there is never more than one.
 */
export function SettingsButton({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation();
  const placement = useProjectConfig((c) => settingButtonPlacement(c));
  if (placement !== (floating ? 'fixed' : 'header')) return null;
  if (floating) {
    return (
      <button type="button" className="settings-fab" onClick={openSettings} aria-label={t('settings.button')} title={t('settings.button')} data-testid="settings-button">
        <i className="pi pi-cog" aria-hidden />
      </button>
    );
  }
  return <Button icon="pi pi-cog" text rounded severity="secondary" aria-label={t('settings.button')} onClick={openSettings} data-testid="settings-button" />;
}
