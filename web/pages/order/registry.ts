import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The order area's view files (spec §2 /order): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'order/index.page.tsx': listScreen(() => import('./index.page'), () => import('../../resources/order/order.resource')),
  'order/detail.page.tsx': () => import('./detail.page'),
  'order/back.page.tsx': listScreen(() => import('./back.page'), () => import('../../resources/order/refund.resource')),
  'order/refundSet.page.tsx': listScreen(() => import('./refundSet.page'), () => import('../../resources/order/refund-setting.resource')),
};
