import type { ComponentType } from 'react';

/** A lazily loaded page module: each is its own chunk (spec §2 "All routes are lazy-loaded"). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The view files of the console: path under `web/pages/` → its lazily loaded module. Route
 * building (spec §2) matches a route's component name (`home/work`, `/home/work` or
 * `home/work.page.tsx`) against these files; a component with no file, or with several
 * (`x.page.tsx` and `x.page.ts`), logs a developer warning and renders the exception page (404)
 * until its screen is built. Add one line per new screen.
 */
export const PAGE_MODULES: Record<string, PageModule> = {
  'home/work.page.tsx': () => import('./home/work.page'),
  'dashboard/analysis.page.tsx': () => import('./dashboard/analysis.page'),
  'feedback/index.page.tsx': () => import('./feedback/index.page'),
  'feedback/type.page.tsx': () => import('./feedback/type.page'),
  'feedback/words.page.tsx': () => import('./feedback/words.page'),
  'feedback/activity.page.tsx': () => import('./feedback/activity.page'),
};

/** The view files route building matches component names against. */
export const VIEW_FILES: readonly string[] = Object.keys(PAGE_MODULES);
