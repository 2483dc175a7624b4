/**
 * dayjs's language follows the console's (spec §4: dates and weekdays in the chosen language).
 * dayjs and its zh-cn locale load on demand, beside the pages that format dates, not with the login
 * route. {@link setDateLocale} switches it, loading dayjs the first time;
 * {@link datesReady} resolves once the latest language is applied: the signed-in shell and the lock
 * screen wait for it before their first render, so no date is formatted in the wrong language.
 */
let ready: Promise<void> = Promise.resolve();

/** Applies a console locale (`zh_CN`, `en`) to dayjs; resolves when done. */
export function setDateLocale(locale: string): Promise<void> {
  ready = import('./dayjs-locale').then((m) => m.applyDayjsLocale(locale));
  return ready;
}

/** Resolves when the last {@link setDateLocale} is applied. */
export function datesReady(): Promise<void> {
  return ready;
}
