import type { PageModule } from '../registry-types';

/** The rent area's view files (spec §2 /rent): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'rent/apply.page.tsx': () => import('./apply.page'),
  'rent/list.page.tsx': () => import('./list.page'),
  'rent/account.page.tsx': () => import('./account.page'),
  'rent/order.page.tsx': () => import('./order.page'),
};
