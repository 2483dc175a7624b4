import type { PageModule } from '../registry-types';

/** The operate area's view files (spec §2 /operate): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'operate/advert.page.tsx': () => import('./advert.page'),
  'operate/reward.page.tsx': () => import('./reward.page'),
  'operate/link.page.tsx': () => import('./link.page'),
  'operate/stationMsg.page.tsx': () => import('./stationMsg.page'),
  'operate/seoSetting.page.tsx': () => import('./seoSetting.page'),
};
