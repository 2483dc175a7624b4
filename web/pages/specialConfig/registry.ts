import type { PageModule } from '../registry-types';

/** The special config area's view files (spec §2 /specialConfig): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'specialConfig/match.page.tsx': () => import('./match.page'),
  'specialConfig/article.page.tsx': () => import('./article.page'),
  'specialConfig/video.page.tsx': () => import('./video.page'),
  'specialConfig/product.page.tsx': () => import('./product.page'),
};
