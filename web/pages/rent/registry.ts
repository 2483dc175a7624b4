import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The rent area's view files (spec §2 /rent): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'rent/apply.page.tsx': listScreen(() => import('./apply.page'), () => import('../../resources/rent/rent-apply.resource')),
  'rent/list.page.tsx': listScreen(() => import('./list.page'), () => import('../../resources/rent/rent-listing.resource')),
  'rent/account.page.tsx': listScreen(() => import('./account.page'), () => import('../../resources/rent/rent-account.resource')),
  'rent/order.page.tsx': listScreen(() => import('./order.page'), () => import('../../resources/rent/rent-order.resource')),
};
