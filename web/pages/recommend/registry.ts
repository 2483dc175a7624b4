import type { PageModule } from '../registry-types';
import { listPage, listScreen } from '../../crud/page-module';

/** The recommend area's view files (spec §2 /recommend): path under `web/pages/` → lazily loaded module; plain lists come straight from their declaration (`listPage`). */
export const PAGES: Record<string, PageModule> = {
  'recommend/game.page.tsx': listPage(() => import('../../resources/recommend/recommend-game.resource')),
  'recommend/goods.page.tsx': listPage(() => import('../../resources/recommend/recommend-goods.resource')),
  'recommend/page.page.tsx': listScreen(() => import('./page.page'), () => import('../../resources/recommend/recommend-page.resource')),
  'recommend/module.page.tsx': listScreen(() => import('./module.page'), () => import('../../resources/recommend/recommend-module.resource')),
  'recommend/relation.page.tsx': listScreen(() => import('./relation.page'), () => import('../../resources/recommend/recommend-relation.resource')),
  'recommend/navigation.page.tsx': () => import('./navigation.page'),
  'recommend/keywords.page.tsx': listPage(() => import('../../resources/recommend/search-keyword.resource')),
};
