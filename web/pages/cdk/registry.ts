import type { PageModule } from '../registry-types';

/** The CDK area's view files (spec §2 /cdk): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'cdk/platform.page.tsx': () => import('./platform.page'),
  'cdk/platform/list.page.tsx': () => import('./platform/list.page'),
  'cdk/merchant.page.tsx': () => import('./merchant.page'),
  'cdk/merchant/list.page.tsx': () => import('./merchant/list.page'),
  'cdk/wechat/activity.page.tsx': () => import('./wechat/activity.page'),
  'cdk/wechat/list.page.tsx': () => import('./wechat/list.page'),
};
