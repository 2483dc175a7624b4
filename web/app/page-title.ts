import type { TFunction } from 'i18next';

/** Spec §2: "{page title} - {app title}"; the app title alone when the page has none. */
export function pageTitle(t: TFunction, title: string | undefined, literal = false): string {
  const app = t('common.appTitle');
  if (!title) return app;
  return `${literal ? title : t(title)} - ${app}`;
}
