import type { MenuEntry } from '../../../server/contract/auth';
import type { RouteDecl } from '../../../server/contract/route-table';
import type { PermissionMode } from '../../services/project-config';
import {
  buildRouteTree,
  filterByRoles,
  HOME_ROUTE_NAME,
  filterMenuByRoutes,
  fromMenuEntries,
  fromRouteTable,
  pinHomeAffix,
  removeIgnoredRoutes,
  routePaths,
  routesToMenu,
  sortMenu,
  visibleMenu,
  wrapTopLevel,
} from '../../services/routing/build-routes';
import type { AppRoute, MenuItem, RouteIssue } from '../../services/routing/types';

/** What the permission mode decides for a user (spec §3 "Permission state", §6). */
export interface Access {
  /** The routes the user may open (ignoreRoute left out, home pinned as affix). */
  routes: AppRoute[];
  /** The menu as shown: the mode's menu list with hidden entries removed. */
  menus: MenuItem[];
  /** Route-mapping mode's menu list (empty in other modes). */
  frontMenuList: MenuItem[];
  /** Back-end mode's menu list (empty in other modes). */
  backMenuList: MenuItem[];
  /** Back-end mode's permission codes from `admin.getPermCode` (empty in other modes). */
  permCodeList: string[];
  /** Developer warnings found while building (missing or ambiguous views, duplicate names). */
  issues: RouteIssue[];
}

export interface AccessInput {
  mode: PermissionMode;
  /** The user's role ids (spec §3 "Stored role list"). */
  roleList: readonly string[];
  /**
   * Role and route-mapping modes: the names of the menus the user's roles grant (user info
   * `menus`); only those routes are kept. Absent when the server does not send them: the role
   * filter alone decides.
   */
  menuNames?: readonly string[];
  /** The user's home path, or the default one. */
  homePath: string;
  /** The front-end route table (role and route-mapping modes). */
  frontRoutes: readonly RouteDecl[];
  /** Back-end mode: the server's menu entries (`[]` when their load failed). */
  backMenus?: readonly MenuEntry[];
  /** Back-end mode: the permission codes. */
  permCodeList?: readonly string[];
  /** View files of the page registry. */
  files: readonly string[];
}

/**
 * The three permission modes of spec §6, pure:
 * - `ROLE`: front-end routes filtered by meta roles against the user's role ids (no roles = open);
 *   the menu is the whole front-end menu (orderNo ascending) filtered by the user's routes.
 * - `ROUTE_MAPPING`: the same route filter; the menu is built from those front-end routes,
 *   sorted by orderNo ascending (`frontMenuList`).
 * - `BACK`: routes and menu from the server's menu entries (top-level wrapping applies), the
 *   menu sorted by orderNo descending (`backMenuList`); button checks use `permCodeList`.
 * In the role and route-mapping modes the routes are also limited to the menus the user's roles
 * grant (`menuNames`), so an account of a new role sees what its role screen ticked, not every
 * route its role ids do not exclude.
 * In every mode `ignoreRoute` routes stay in the menu only, and the home path is pinned as affix.
 */
export function buildAccess(input: AccessInput): Access {
  const issues: RouteIssue[] = [];
  let tree: AppRoute[];
  let menus: MenuItem[];
  let frontMenuList: MenuItem[] = [];
  let backMenuList: MenuItem[] = [];
  if (input.mode === 'BACK') {
    tree = buildRouteTree(wrapTopLevel(fromMenuEntries(input.backMenus ?? []), issues), input.files, issues);
    backMenuList = sortMenu(routesToMenu(tree), 'desc');
    menus = backMenuList;
  } else {
    const front = wrapTopLevel(fromRouteTable(input.frontRoutes), issues);
    const granted = input.menuNames ? filterByMenuNames(front, input.menuNames) : front;
    tree = buildRouteTree(filterByRoles(granted, input.roleList), input.files, issues);
    if (input.mode === 'ROUTE_MAPPING') {
      frontMenuList = sortMenu(routesToMenu(tree, { routeMapping: true }), 'asc');
      menus = frontMenuList;
    } else {
      // Role mode: the static menu of every front-end route, kept where the user has the route.
      const all = sortMenu(routesToMenu(buildRouteTree(front, input.files)), 'asc');
      menus = filterMenuByRoutes(all, routePaths(tree));
    }
  }
  return {
    routes: pinHomeAffix(removeIgnoredRoutes(tree), input.homePath),
    menus: visibleMenu(homeEntryToHomePath(menus, input.homePath)),
    frontMenuList,
    backMenuList,
    permCodeList: input.mode === 'BACK' ? [...(input.permCodeList ?? [])] : [],
    issues,
  };
}

/**
 * The routes among `routes` whose menus are granted (`names`, route names): a page when its name
 * is granted, a group when it keeps a page (or, without pages, is granted itself). The Home group
 * stays whatever is granted: it is where sign-in lands, and its workbench is open to every account.
 */
export function filterByMenuNames<T extends { name: string; children?: T[] }>(routes: readonly T[], names: readonly string[]): T[] {
  const held = new Set(names);
  const keep = (list: readonly T[]): T[] =>
    list.flatMap((r) => {
      if (!r.children?.length) return held.has(r.name) ? [r] : [];
      const children = keep(r.children);
      return children.length ? [{ ...r, children }] : [];
    });
  return routes.flatMap((r) => (r.name === HOME_ROUTE_NAME ? [r] : keep([r])));
}

/**
 * Spec §2 "Home path: a user with a personal homePath is sent there when opening the home entry":
 * the Home entry, which shows no children, links to the user's home path (the logo and `/` go
 * there too), not to the group's first child.
 */
export function homeEntryToHomePath(menus: readonly MenuItem[], homePath: string): MenuItem[] {
  return menus.map((m) => (m.meta.hideChildrenInMenu && (m.path === '/home' || m.path.startsWith('/home/')) ? { ...m, path: homePath } : m));
}

/** I/O the back-end mode needs, injected so the mode logic is testable. */
export interface AccessDeps {
  getPermCode: () => Promise<string[]>;
  adminMenus: () => Promise<MenuEntry[]>;
  /** Where failures are logged (spec §8 "Back-end menu load failure: logged, empty menu used"). */
  logError: (message: string, error: unknown) => void;
}

/**
 * Loads what the mode needs and builds the access (the session's `buildRoutes` actor). In back-end
 * mode the permission codes and the menu are fetched; a failure of either is logged and leaves an
 * empty list (spec §8), so sign-in still completes with an empty menu.
 */
export async function loadAccess(input: Omit<AccessInput, 'backMenus' | 'permCodeList'>, deps: AccessDeps): Promise<Access> {
  if (input.mode !== 'BACK') return buildAccess(input);
  const [permCodeList, backMenus] = await Promise.all([
    deps.getPermCode().catch((e: unknown) => {
      deps.logError('permission codes could not be loaded; buttons that need a code stay hidden', e);
      return [] as string[];
    }),
    deps.adminMenus().catch((e: unknown) => {
      deps.logError('back-end menu could not be loaded; the menu stays empty', e);
      return [] as MenuEntry[];
    }),
  ]);
  return buildAccess({ ...input, backMenus: Array.isArray(backMenus) ? backMenus : [], permCodeList: Array.isArray(permCodeList) ? permCodeList : [] });
}

const warned = new Set<string>();

/** The text of a developer warning. */
export function issueText(i: RouteIssue): string {
  switch (i.kind) {
    case 'missing-view':
      return `route "${i.route}": no view file for component "${i.component}" under web/pages (add it to web/pages/registry.ts); the exception page (404) shows instead`;
    case 'ambiguous-view':
      return `route "${i.route}": component "${i.component}" matches several view files (${i.files.join(', ')}); keep one; the exception page (404) shows instead`;
    case 'missing-component':
      return `route "${i.route}": no component configured`;
    case 'duplicate-name':
      return `route name "${i.route}" is used more than once`;
  }
}

/**
 * Spec §8 "Developer warnings": one `console.warn` listing the issues not reported before in this
 * page's life (deduplicated, so rebuilding routes does not repeat them).
 * @returns the lines that were printed.
 */
export function warnRouteIssues(issues: readonly RouteIssue[], warn: (msg: string) => void = console.warn): string[] {
  const fresh = issues.map(issueText).filter((line) => !warned.has(line));
  fresh.forEach((line) => warned.add(line));
  if (fresh.length) warn(`[console] route building:\n  ${fresh.join('\n  ')}`);
  return fresh;
}
