import type { PageModule } from './registry-types';
import { PAGES as account } from './account/registry';
import { PAGES as cdk } from './cdk/registry';
import { PAGES as client } from './client/registry';
import { PAGES as financial } from './financial/registry';
import { PAGES as games } from './games/registry';
import { PAGES as goods } from './goods/registry';
import { PAGES as inventory } from './inventory/registry';
import { PAGES as member } from './member/registry';
import { PAGES as merchant } from './merchant/registry';
import { PAGES as operate } from './operate/registry';
import { PAGES as order } from './order/registry';
import { PAGES as recommend } from './recommend/registry';
import { PAGES as rent } from './rent/registry';
import { PAGES as social } from './social/registry';
import { PAGES as specialConfig } from './specialConfig/registry';
import { PAGES as statistics } from './statistics/registry';
import { PAGES as system } from './system/registry';
import { listEntry, listScreen } from '../crud/page-module';

export type { PageModule };

const replayEntry = listEntry(() => import('../resources/feedback/replay.resource'));
const wordsEntry = listEntry(() => import('../resources/feedback/feedback-words.resource'));
/** /feedback/words shows one list per tab (`?tab=words`, else the reply templates): its entry starts the list the URL shows. */
const feedbackWords: PageModule = Object.assign(() => import('./feedback/words.page'), {
  listEntry: (search: string) => (new URLSearchParams(search).get('tab') === 'words' ? wordsEntry : replayEntry)(search),
});

/**
 * The view files of the console: path under `web/pages/` → its lazily loaded module. Route
 * building (spec §2) matches a route's component name (`home/work`, `/home/work` or
 * `home/work.page.tsx`) against these files; a component with no file, or with several
 * (`x.page.tsx` and `x.page.ts`), logs a developer warning and renders the exception page (404)
 * until its screen is built. Each area lists its own files in `web/pages/<area>/registry.ts`.
 */
export const PAGE_MODULES: Record<string, PageModule> = {
  'home/work.page.tsx': () => import('./home/work.page'),
  'dashboard/analysis.page.tsx': () => import('./dashboard/analysis.page'),
  'feedback/index.page.tsx': listScreen(() => import('./feedback/index.page'), () => import('../resources/feedback/feedback.resource')),
  'feedback/type.page.tsx': listScreen(() => import('./feedback/type.page'), () => import('../resources/feedback/feedback-type.resource')),
  'feedback/words.page.tsx': feedbackWords,
  'feedback/activity.page.tsx': listScreen(() => import('./feedback/activity.page'), () => import('../resources/feedback/feedback-award.resource')),
  ...{ ...account, ...cdk, ...client, ...financial, ...games, ...goods, ...inventory, ...member, ...merchant, ...operate, ...order, ...recommend, ...rent, ...social, ...specialConfig, ...statistics, ...system },
};

/** The view files route building matches component names against. */
export const VIEW_FILES: readonly string[] = Object.keys(PAGE_MODULES);
