import type { PageModule } from '../registry-types';

/** The social area's view files (spec §2 /social): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'social/comment.page.tsx': () => import('./comment.page'),
  'social/reply.page.tsx': () => import('./reply.page'),
};
