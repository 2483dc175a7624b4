import type { PageModule } from '../registry-types';

/** The account area's view files (spec §2 /account): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'account/list.page.tsx': () => import('./list.page'),
  'account/useRecord.page.tsx': () => import('./useRecord.page'),
  'account/statistics.page.tsx': () => import('./statistics.page'),
};
