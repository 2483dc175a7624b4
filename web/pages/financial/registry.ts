import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The financial area's view files (spec §2 /financial): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'financial/merchantIncome.page.tsx': listScreen(() => import('./merchantIncome.page'), () => import('../../resources/financial/merchant-income.resource')),
  'financial/rantalIncome.page.tsx': listScreen(() => import('./rantalIncome.page'), () => import('../../resources/financial/rental-income.resource')),
};
