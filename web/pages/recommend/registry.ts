import type { PageModule } from '../registry-types';
import { listPage } from '../../crud/page-module';

/** The recommend area's view files (spec §2 /recommend): path under `web/pages/` → lazily loaded module; plain lists come straight from their declaration (`listPage`). */
export const PAGES: Record<string, PageModule> = {
  'recommend/game.page.tsx': listPage(() => import('../../resources/recommend/recommend-game.resource')),
  'recommend/goods.page.tsx': listPage(() => import('../../resources/recommend/recommend-goods.resource')),
  'recommend/page.page.tsx': () => import('./page.page'),
  'recommend/module.page.tsx': () => import('./module.page'),
  'recommend/relation.page.tsx': () => import('./relation.page'),
  'recommend/navigation.page.tsx': () => import('./navigation.page'),
  'recommend/keywords.page.tsx': listPage(() => import('../../resources/recommend/search-keyword.resource')),
};
