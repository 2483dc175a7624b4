import type { PageModule } from '../registry-types';

/** The financial area's view files (spec §2 /financial): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'financial/merchantIncome.page.tsx': () => import('./merchantIncome.page'),
  'financial/rantalIncome.page.tsx': () => import('./rantalIncome.page'),
};
