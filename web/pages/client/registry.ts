import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The client area's view files (spec §2 /client): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'client/version.page.tsx': listScreen(() => import('./version.page'), () => import('../../resources/client/client-version.resource')),
  'client/errorLog.page.tsx': listScreen(() => import('./errorLog.page'), () => import('../../resources/client/client-error.resource')),
};
