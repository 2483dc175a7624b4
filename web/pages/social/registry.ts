import type { PageModule } from '../registry-types';
import { listPage, listScreen } from '../../crud/page-module';

/** The social area's view files (spec §2 /social): path under `web/pages/` → lazily loaded module; plain lists come straight from their declaration (`listPage`). */
export const PAGES: Record<string, PageModule> = {
  'social/comment.page.tsx': listScreen(() => import('./comment.page'), () => import('../../resources/social/comment.resource')),
  'social/reply.page.tsx': listPage(() => import('../../resources/social/comment-reply.resource')),
};
