import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, DEFAULT_LOCALE, isLocale, type Locale } from '../i18n';
import { applyPrimeLocale } from '../i18n/primereact';
import { local, StorageKey } from '../lib/storage';
import { getProjectConfig } from './project-config';

/** Language names as each language writes itself (the picker shows both whatever the current language). */
export const LOCALE_NAMES: Record<Locale, string> = { zh_CN: '简体中文', en: 'English' };

/**
 * Switches the console's language (spec §4): loads the pack's chunk if needed, switches i18next
 * (menu, tabs, titles, page title and PrimeReact's texts follow its `languageChanged` event),
 * remembers the choice, and reloads the page when the settings ask for it ("a reload option").
 */
export async function switchLocale(locale: Locale, reload: () => void = () => window.location.reload()): Promise<void> {
  await changeLocale(locale);
  local.set(StorageKey.locale, locale, null);
  if (getProjectConfig().reloadOnLocaleChange) reload();
}

/**
 * Keeps PrimeReact's own texts in the console's language while the shell is mounted.
 * PrimeReactProvider resets PrimeReact's global locale to its own (default 'en') when it mounts,
 * after web/main.tsx has set it, so the shell sets it again once mounted and on every switch.
 */
export function usePrimeLocale(): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    applyPrimeLocale(isLocale(language) ? language : DEFAULT_LOCALE);
  }, [language]);
}
