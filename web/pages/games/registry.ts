import type { PageModule } from '../registry-types';
import { formPage, listPage } from '../../crud/page-module';

const game = () => import('../../resources/games/game.resource');
const gameTag = () => import('../../resources/games/game-tag.resource');
const gamePlatform = () => import('../../resources/games/game-platform.resource');

/**
 * The games area's view files (spec §2 /games): path under `web/pages/` → lazily loaded module.
 * Lists and their hidden add/modify pages come straight from the declarations; /games/test is a page.
 */
export const PAGES: Record<string, PageModule> = {
  'games/index.page.tsx': listPage(game),
  'games/add.page.tsx': formPage(game, false),
  'games/modify.page.tsx': formPage(game, true),
  'games/tag.page.tsx': listPage(gameTag),
  'games/tag/add.page.tsx': formPage(gameTag, false),
  'games/tag/modify.page.tsx': formPage(gameTag, true),
  'games/platform.page.tsx': listPage(gamePlatform),
  'games/platform/add.page.tsx': formPage(gamePlatform, false),
  'games/platform/modify.page.tsx': formPage(gamePlatform, true),
  'games/test.page.tsx': () => import('./test.page'),
};
