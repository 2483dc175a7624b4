import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The merchant area's view files (spec §2 /merchant): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'merchant/index.page.tsx': listScreen(() => import('./index.page'), () => import('../../resources/merchant/merchant.resource')),
};
