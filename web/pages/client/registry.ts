import type { PageModule } from '../registry-types';

/** The client area's view files (spec §2 /client): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'client/version.page.tsx': () => import('./version.page'),
  'client/errorLog.page.tsx': () => import('./errorLog.page'),
};
