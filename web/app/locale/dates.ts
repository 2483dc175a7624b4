import { DEFAULT_LOCALE } from '../../i18n';

/**
 * dayjs's language follows the console's (spec §4: dates and weekdays in the chosen language).
 * dayjs and its zh-cn locale load on demand, with the screens that format dates (the signed-in
 * shell, the lock screen), never with the login route. {@link setDateLocale} records the
 * console's language and applies it when dayjs is loaded; {@link datesReady} loads dayjs the first
 * time it is asked and resolves once the latest language is applied: the signed-in shell and the
 * lock screen wait for it before their first render, so no date is formatted in the wrong language.
 */
let wanted: string = DEFAULT_LOCALE;
/** The latest language's application, once dayjs has been asked for; null before. */
let ready: Promise<void> | null = null;

function apply(locale: string): Promise<void> {
  return import('./dayjs-locale').then((m) => m.applyDayjsLocale(locale));
}

/** Sets the console locale (`zh_CN`, `en`) dayjs follows; resolves when applied (at once while dayjs is not loaded yet). */
export function setDateLocale(locale: string): Promise<void> {
  wanted = locale;
  if (!ready) return Promise.resolve();
  ready = apply(locale);
  return ready;
}

/** Loads dayjs on the first call; resolves when the last {@link setDateLocale} is applied. */
export function datesReady(): Promise<void> {
  ready ??= apply(wanted);
  return ready;
}
