import type { PageModule } from '../registry-types';
import { listPage, listScreen } from '../../crud/page-module';

/** The special config area's view files (spec §2 /specialConfig): path under `web/pages/` → lazily loaded module; plain lists come straight from their declaration (`listPage`). */
export const PAGES: Record<string, PageModule> = {
  'specialConfig/match.page.tsx': listPage(() => import('../../resources/specialConfig/match.resource')),
  'specialConfig/article.page.tsx': listScreen(() => import('./article.page'), () => import('../../resources/specialConfig/article.resource')),
  'specialConfig/video.page.tsx': listPage(() => import('../../resources/specialConfig/video.resource')),
  'specialConfig/product.page.tsx': listPage(() => import('../../resources/specialConfig/product.resource')),
};
