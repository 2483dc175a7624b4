import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from './controls';
import type { Locale } from '../../i18n';
import { switchLocale } from '../../services/locale';

/** Language switch of the login screen (spec §4 locale picker). */
export function LocalePicker() {
  const { t, i18n } = useTranslation();
  return (
    <ChoiceButtons<Locale>
      aria-label={t('common.language')}
      value={i18n.language as Locale}
      options={[
        { label: '简体中文', value: 'zh_CN' },
        { label: 'English', value: 'en' },
      ]}
      onChange={(locale) => void switchLocale(locale)}
      data-testid="login-locale"
    />
  );
}
