import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Locales of spec §9: zh_CN is the default and the fallback. */
export const LOCALES = ['zh_CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

/** Each language pack is its own lazily loaded chunk (spec §4 "Locale is changed lazily"). */
const packs: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  zh_CN: () => import('./locales/zh_CN/index'),
  en: () => import('./locales/en/index'),
};

/** BCP 47 tag for `<html lang>`, Intl and dayjs. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh_CN' ? 'zh-CN' : 'en';
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

async function ensurePack(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const pack = await packs[locale]();
  i18n.addResourceBundle(locale, 'translation', pack.default, true, true);
}

/**
 * Initialises i18next with the given locale, loading its pack and the fallback pack (zh_CN).
 * Resolves when texts can be rendered.
 */
export async function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: {},
      partialBundledLanguages: true,
    });
    // i18next attaches addResourceBundle only in init(), so packs load after it.
    await Promise.all([ensurePack(locale), ensurePack(DEFAULT_LOCALE)]);
  }
  document.documentElement.lang = htmlLang(locale);
  return i18n;
}

/** Switches the language, loading its pack first (spec §4). */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensurePack(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = htmlLang(locale);
}

export { i18n };
