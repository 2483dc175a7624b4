import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { changeLocale, LOCALES, type Locale } from '../../i18n';
import { local, StorageKey } from '../../lib/storage';

/** Header language picker (spec §4: packs load lazily). */
export function LocaleButton() {
  const { t, i18n } = useTranslation();
  const menu = useRef<Menu>(null);
  const pick = async (l: Locale) => {
    await changeLocale(l);
    local.set(StorageKey.locale, l, null);
  };
  return (
    <>
      <Menu
        ref={menu}
        popup
        model={LOCALES.map((l) => ({ label: l === 'zh_CN' ? '简体中文' : 'English', icon: i18n.language === l ? 'pi pi-check' : undefined, command: () => void pick(l) }))}
      />
      <Button icon="pi pi-language" text rounded severity="secondary" aria-label={t('layout.header.language')} onClick={(e) => menu.current?.toggle(e)} data-testid="locale-picker" />
    </>
  );
}
