import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The account area's view files (spec §2 /account): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'account/list.page.tsx': listScreen(() => import('./list.page'), () => import('../../resources/account/game-account.resource')),
  'account/useRecord.page.tsx': listScreen(() => import('./useRecord.page'), () => import('../../resources/account/use-record.resource')),
  'account/statistics.page.tsx': () => import('./statistics.page'),
};
