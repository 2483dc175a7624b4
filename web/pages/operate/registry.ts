import type { PageModule } from '../registry-types';
import { listPage, listScreen } from '../../crud/page-module';

/** The operate area's view files (spec §2 /operate): path under `web/pages/` → lazily loaded module; plain lists come straight from their declaration (`listPage`). */
export const PAGES: Record<string, PageModule> = {
  'operate/advert.page.tsx': listScreen(() => import('./advert.page'), () => import('../../resources/operate/advert.resource')),
  'operate/reward.page.tsx': listScreen(() => import('./reward.page'), () => import('../../resources/operate/reward.resource')),
  'operate/link.page.tsx': listPage(() => import('../../resources/operate/link.resource')),
  'operate/stationMsg.page.tsx': listScreen(() => import('./stationMsg.page'), () => import('../../resources/operate/station-msg.resource')),
  'operate/seoSetting.page.tsx': () => import('./seoSetting.page'),
};
