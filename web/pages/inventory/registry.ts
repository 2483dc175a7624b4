import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The inventory area's view files (spec §2 /inventory): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'inventory/manage.page.tsx': listScreen(() => import('./manage.page'), () => import('../../resources/inventory/stock.resource')),
  'inventory/search.page.tsx': () => import('./search.page'),
  'inventory/cardSetting.page.tsx': listScreen(() => import('./cardSetting.page'), () => import('../../resources/inventory/card-setting.resource')),
  'inventory/cardManage.page.tsx': listScreen(() => import('./cardManage.page'), () => import('../../resources/inventory/card.resource')),
  'inventory/costConfig.page.tsx': listScreen(() => import('./costConfig.page'), () => import('../../resources/inventory/cost-config.resource')),
  'inventory/cardAccount.page.tsx': listScreen(() => import('./cardAccount.page'), () => import('../../resources/inventory/card-account.resource')),
};
