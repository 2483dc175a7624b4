import type { PageModule } from '../registry-types';

/** The recommend area's view files (spec §2 /recommend): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'recommend/game.page.tsx': () => import('./game.page'),
  'recommend/goods.page.tsx': () => import('./goods.page'),
  'recommend/page.page.tsx': () => import('./page.page'),
  'recommend/module.page.tsx': () => import('./module.page'),
  'recommend/relation.page.tsx': () => import('./relation.page'),
  'recommend/navigation.page.tsx': () => import('./navigation.page'),
  'recommend/keywords.page.tsx': () => import('./keywords.page'),
};
