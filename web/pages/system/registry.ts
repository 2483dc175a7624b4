import type { PageModule } from '../registry-types';

/** The system area's view files (spec §2 /system): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'system/account.page.tsx': () => import('./account.page'),
  'system/account/add.page.tsx': () => import('./account/add.page'),
  'system/account/modify.page.tsx': () => import('./account/modify.page'),
  'system/role.page.tsx': () => import('./role.page'),
  'system/role/add.page.tsx': () => import('./role/add.page'),
  'system/role/modify.page.tsx': () => import('./role/modify.page'),
  'system/menu.page.tsx': () => import('./menu.page'),
  'system/menu/add.page.tsx': () => import('./menu/add.page'),
  'system/menu/modify.page.tsx': () => import('./menu/modify.page'),
  'system/resource.page.tsx': () => import('./resource.page'),
  'system/resource/add.page.tsx': () => import('./resource/add.page'),
  'system/resource/modify.page.tsx': () => import('./resource/modify.page'),
  'system/resourceCategory/add.page.tsx': () => import('./resourceCategory/add.page'),
  'system/resourceCategory/modify.page.tsx': () => import('./resourceCategory/modify.page'),
  'system/changePassword.page.tsx': () => import('./changePassword.page'),
  'system/systemMessage.page.tsx': () => import('./systemMessage.page'),
};
