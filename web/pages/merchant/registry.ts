import type { PageModule } from '../registry-types';

/** The merchant area's view files (spec §2 /merchant): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'merchant/index.page.tsx': () => import('./index.page'),
};
