import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { LOCALES } from '../../i18n';
import { useProjectConfig } from '../../services/project-config';
import { LOCALE_NAMES, switchLocale } from '../../services/locale';

/** Header language picker (spec §4: packs load lazily); hidden when `headerSetting.showLocalePicker` is off. */
export function LocaleButton() {
  const { t, i18n } = useTranslation();
  const show = useProjectConfig((c) => c.headerSetting.showLocalePicker);
  const menu = useRef<Menu>(null);
  if (!show) return null;
  return (
    <>
      <Menu
        ref={menu}
        popup
        model={LOCALES.map((l) => ({
          label: LOCALE_NAMES[l],
          icon: i18n.language === l ? 'pi pi-check' : 'pi pi-fw',
          className: `locale-item locale-item--${l}`,
          command: () => void switchLocale(l),
        }))}
        data-testid="locale-menu"
      />
      <Button
        icon="pi pi-language"
        text
        rounded
        severity="secondary"
        aria-label={t('layout.header.language')}
        aria-haspopup="menu"
        onClick={(e) => menu.current?.toggle(e)}
        data-testid="locale-picker"
      />
    </>
  );
}
