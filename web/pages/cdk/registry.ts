import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The CDK area's view files (spec §2 /cdk): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'cdk/platform.page.tsx': listScreen(() => import('./platform.page'), () => import('../../resources/cdk/cdk-platform.resource')),
  // No list entry: the codes list's permanent filter is its owner, read at runtime from the URL or the stored id (CdkCodesPage).
  'cdk/platform/list.page.tsx': () => import('./platform/list.page'),
  'cdk/merchant.page.tsx': listScreen(() => import('./merchant.page'), () => import('../../resources/cdk/cdk-merchant.resource')),
  // No list entry: the codes list's permanent filter is its owner, read at runtime from the URL or the stored id (CdkCodesPage).
  'cdk/merchant/list.page.tsx': () => import('./merchant/list.page'),
  'cdk/wechat/activity.page.tsx': listScreen(() => import('./wechat/activity.page'), () => import('../../resources/cdk/cdk-wechat-activity.resource')),
  // No list entry: the codes list's permanent filter is its owner, read at runtime from the URL or the stored id (CdkCodesPage).
  'cdk/wechat/list.page.tsx': () => import('./wechat/list.page'),
};
