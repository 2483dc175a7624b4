import type { PageModule } from '../registry-types';

/** The inventory area's view files (spec §2 /inventory): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'inventory/manage.page.tsx': () => import('./manage.page'),
  'inventory/search.page.tsx': () => import('./search.page'),
  'inventory/cardSetting.page.tsx': () => import('./cardSetting.page'),
  'inventory/cardManage.page.tsx': () => import('./cardManage.page'),
  'inventory/costConfig.page.tsx': () => import('./costConfig.page'),
  'inventory/cardAccount.page.tsx': () => import('./cardAccount.page'),
};
