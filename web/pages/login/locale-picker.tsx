import { useTranslation } from 'react-i18next';
import { SelectButton } from 'primereact/selectbutton';
import type { Locale } from '../../i18n';
import { switchLocale } from '../../services/locale';

/** Language switch of the login screen (spec §4 locale picker). */
export function LocalePicker() {
  const { t, i18n } = useTranslation();
  return (
    <SelectButton
      aria-label={t('common.language')}
      value={i18n.language}
      allowEmpty={false}
      options={[
        { label: '简体中文', value: 'zh_CN' },
        { label: 'English', value: 'en' },
      ]}
      onChange={async (e) => {
        if (!e.value) return;
        await switchLocale(e.value as Locale);
      }}
      data-testid="login-locale"
    />
  );
}
