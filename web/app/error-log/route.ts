import type { RouteDecl } from '../../../server/contract/route-table';
import type { FlatRoute } from '../../services/routing/route-access';
import { ERROR_LOG_PATH } from '../../services/guard';

const meta = { title: 'routes.basic.errorLog', hideMenu: true, icon: 'pi pi-exclamation-circle' };
// `single`: the page stands alone, so the breadcrumb is not "错误日志 › 错误日志".
const parent: RouteDecl = { path: '/error-log', name: 'ErrorLog', meta: { ...meta, single: true } as RouteDecl['meta'] };

/**
 * The basic route /error-log/list (spec §2 "Basic routes"): not in the route table or the menu,
 * reachable by every signed-in user from the header badge. Shaped like a table route so the layout
 * (title, tabs, breadcrumbs) treats it like any page.
 */
export const ERROR_LOG_ROUTE: FlatRoute = {
  path: ERROR_LOG_PATH,
  name: 'ErrorLogList',
  title: meta.title,
  icon: meta.icon,
  hideMenu: true,
  meta,
  parent,
  parents: [parent],
};
