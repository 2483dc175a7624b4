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

/** The screens' texts (areas, resources, kit, home, dashboard), a chunk per language loaded at sign-in. */
const screenPacks: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  zh_CN: () => import('./locales/zh_CN/screens'),
  en: () => import('./locales/en/screens'),
};
const loaded = new Set<string>();
let screensWanted = false;

async function ensure(locale: Locale, which: 'shell' | 'screens') {
  const key = `${which}:${locale}`;
  if (loaded.has(key)) return;
  const pack = await (which === 'shell' ? packs : screenPacks)[locale]();
  // Deep merge: the two packs are disjoint namespaces of the one `translation` bundle.
  i18n.addResourceBundle(locale, 'translation', pack.default, true, true);
  loaded.add(key);
}

async function ensurePack(locale: Locale) {
  await Promise.all([ensure(locale, 'shell'), screensWanted ? ensure(locale, 'screens') : null]);
}

/**
 * Loads the screens' texts of the current language and the fallback (the login route
 * loads only the shell's texts). Called at sign-in, before the first screen renders; resolves at
 * once when they are there. Later language switches load both packs.
 */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  await Promise.all([ensure(current, 'screens'), ensure(DEFAULT_LOCALE, 'screens')]);
}

/**
 * Initialises i18next with the given locale, loading its pack and the fallback pack (zh_CN):
 * the shell's texts, and the screens' too unless `screens` is false (the login page, which
 * loads them at sign-in through {@link loadScreenTexts}). Resolves when texts can be rendered.
 */
export async function initI18n(locale: Locale = DEFAULT_LOCALE, opts: { screens?: boolean } = {}): Promise<typeof i18n> {
  if (opts.screens !== false) screensWanted = true;
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: {},
      partialBundledLanguages: true,
      // Texts that arrive later (the screens' pack at sign-in) redraw what is shown.
      react: { bindI18nStore: 'added' },
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
