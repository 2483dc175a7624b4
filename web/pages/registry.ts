import type { ComponentType } from 'react';

/** A lazily loaded page module: each is its own chunk (spec §2 "All routes are lazy-loaded"). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Component name (route table `component`) → page module. A route whose component is not here
 * renders the exception page (404) until its screen is built.
 */
export const PAGE_MODULES: Record<string, PageModule> = {
  'home/work': () => import('./home/work.page'),
  'dashboard/analysis': () => import('./dashboard/analysis.page'),
};
