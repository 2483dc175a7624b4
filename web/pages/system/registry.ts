import { formPage, listPage, listScreen } from '../../crud/page-module';
import type { PageModule } from '../registry-types';

const admin = () => import('../../resources/system/admin.resource');
const role = () => import('../../resources/system/role.resource');
const menu = () => import('../../resources/system/menu.resource');
const resource = () => import('../../resources/system/resource.resource');
const category = () => import('../../resources/system/resource-category.resource');
const message = () => import('../../resources/system/system-message.resource');

/**
 * The system area's view files (spec §2 /system): path under `web/pages/` → lazily loaded module.
 * Most screens are declarations (web/resources/system); the account list (password reset), the
 * resource list (categories, batch create, modify and export) and the password change are pages.
 */
export const PAGES: Record<string, PageModule> = {
  'system/account.page.tsx': listScreen(() => import('./account.page'), admin),
  'system/account/add.page.tsx': formPage(admin, false),
  'system/account/modify.page.tsx': formPage(admin, true),
  'system/role.page.tsx': listPage(role),
  'system/role/add.page.tsx': formPage(role, false),
  'system/role/modify.page.tsx': formPage(role, true),
  'system/menu.page.tsx': listPage(menu),
  'system/menu/add.page.tsx': formPage(menu, false),
  'system/menu/modify.page.tsx': formPage(menu, true),
  'system/resource.page.tsx': listScreen(() => import('./resource.page'), resource),
  'system/resource/add.page.tsx': formPage(resource, false),
  'system/resource/modify.page.tsx': formPage(resource, true),
  'system/resourceCategory/add.page.tsx': formPage(category, false),
  'system/resourceCategory/modify.page.tsx': formPage(category, true),
  'system/changePassword.page.tsx': () => import('./changePassword.page'),
  'system/systemMessage.page.tsx': listPage(message),
  'system/contractDrift.page.tsx': () => import('./contractDrift.page'),
  'system/auditLog.page.tsx': listScreen(() => import('./auditLog.page'), () => import('../../resources/system/audit-log.resource')),
  'system/onlineUsers.page.tsx': listScreen(() => import('./onlineUsers.page'), () => import('../../resources/system/online-users.resource')),
  'system/signInLog.page.tsx': listPage(() => import('../../resources/system/sign-in-log.resource')),
  'system/approvals.page.tsx': listScreen(() => import('./approvals.page'), () => import('../../resources/system/approvals.resource')),
};
