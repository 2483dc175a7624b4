import type { PageModule } from '../registry-types';

/** The order area's view files (spec §2 /order): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'order/index.page.tsx': () => import('./index.page'),
  'order/detail.page.tsx': () => import('./detail.page'),
  'order/back.page.tsx': () => import('./back.page'),
  'order/refundSet.page.tsx': () => import('./refundSet.page'),
};
