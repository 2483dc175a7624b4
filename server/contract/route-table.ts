/**
 * The console's route table (spec §2 "Route groups", §9 route order numbers), as pure data.
 *
 * - Route-mapping and role permission modes build the client's routes and menu from it.
 * - The mock's `/v1/admin/adminMenus` serves it as server menu entries for back-end mode.
 *
 * `component` names a page module (`web/pages/<component>.page.tsx`); a route whose page is not built
 * yet resolves to the exception page (404), never a fake screen. Titles are i18n keys `routes.<group>.<page>`.
 * `roles` lists role ids allowed to see the route (none = open to every signed-in user).
 */
export interface RouteMeta {
  title: string;
  icon?: string;
  orderNo?: number;
  hideMenu?: boolean;
  hideChildrenInMenu?: boolean;
  roles?: string[];
  ignoreAuth?: boolean;
  ignoreRoute?: boolean;
  affix?: boolean;
  /** Literal title text instead of an i18n key (spec §2: the wallet title is literal Chinese). */
  literalTitle?: boolean;
  /** Spec §3 Tab meta: this page is not kept alive in its tab. */
  ignoreKeepAlive?: boolean;
  /** Spec §4: at most this many tabs of the same real path; the earliest is evicted first. */
  dynamicLevel?: number;
  /** Spec §3 Tab meta: the path pattern tabs are counted under for dynamicLevel. */
  realPath?: string;
}

export interface RouteDecl {
  path: string;
  name: string;
  component?: string;
  redirect?: string;
  meta: RouteMeta;
  children?: RouteDecl[];
}

/** Spec §9: order numbers per group. */
export const ORDER_NO = { operate: 10, order: 10, recommend: 10, rent: 10, social: 10, specialConfig: 10, statistics: 10, member: 20, merchant: 20, system: 30 } as const;

const ADMIN_ONLY = ['super'];

type Child = [path: string, opts?: { hide?: boolean; title?: string; literal?: boolean; component?: string }];

/** Builds a group: parent redirects to its first (or given) child; children are relative paths. */
function group(
  name: string,
  children: Child[],
  meta: Partial<RouteMeta> & { icon: string },
  redirect?: string,
): RouteDecl {
  const base = `/${name}`;
  return {
    path: base,
    name: cap(name),
    redirect: redirect === undefined ? `${base}/${children[0][0]}` : redirect || undefined,
    meta: { title: `routes.${name}.${name}`, ...meta },
    children: children.map(([p, o = {}]) => ({
      path: p,
      name: cap(name) + p.split('/').map(cap).join(''),
      component: o.component ?? `${name}/${p}`,
      meta: {
        title: o.title ?? `routes.${name}.${p.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
        ...(o.hide ? { hideMenu: true } : {}),
        ...(o.literal ? { literalTitle: true } : {}),
      },
    })),
  };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const H = { hide: true } as const;

/** Front-end routes of the business areas, in spec §2 table order. */
export const ROUTE_TABLE: RouteDecl[] = [
  group('home', [['work'], ['analysis', { component: 'dashboard/analysis' }]], { icon: 'pi pi-home', orderNo: 0, hideChildrenInMenu: true }),
  group('dashboard', [['analysis']], { icon: 'pi pi-chart-line', orderNo: 1, hideChildrenInMenu: true }),
  group('account', [['list'], ['useRecord'], ['statistics']], { icon: 'pi pi-id-card', orderNo: 5 }),
  group('cdk', [['platform'], ['platform/list', H], ['merchant'], ['merchant/list', H], ['wechat/activity'], ['wechat/list', H]], { icon: 'pi pi-ticket', orderNo: 6, roles: ADMIN_ONLY }),
  group('client', [['version'], ['errorLog']], { icon: 'pi pi-mobile', orderNo: 7, roles: ADMIN_ONLY }, ''),
  group('feedback', [['index'], ['type'], ['words'], ['activity']], { icon: 'pi pi-comments', orderNo: 8 }),
  group('financial', [['merchantIncome'], ['rantalIncome']], { icon: 'pi pi-wallet', orderNo: 9, roles: ADMIN_ONLY }),
  group('games', [['index'], ['add', H], ['modify', H], ['tag'], ['tag/add', H], ['tag/modify', H], ['platform'], ['platform/add', H], ['platform/modify', H], ['test']], { icon: 'pi pi-play', orderNo: 3 }),
  group('goods', [
    ['index'], ['add', H], ['modify', H],
    ['category'], ['category/add', H], ['category/modify', H],
    ['platform'], ['platform/add', H], ['platform/modify', H],
    ['tag'], ['tag/add', H], ['tag/modify', H],
    ['coupon'], ['coupon/add', H], ['coupon/modify', H],
    ['area'],
  ], { icon: 'pi pi-shopping-bag', orderNo: 4 }),
  group('inventory', [['manage'], ['search'], ['cardSetting'], ['cardManage'], ['costConfig'], ['cardAccount']], { icon: 'pi pi-box', orderNo: 4 }),
  group('member', [['index'], ['grade'], ['grade/add', H], ['grade/modify', H], ['consume'], ['wallet', { title: '会员钱包', literal: true }]], { icon: 'pi pi-users', orderNo: ORDER_NO.member }),
  group('merchant', [['index']], { icon: 'pi pi-building', orderNo: ORDER_NO.merchant, roles: ADMIN_ONLY }),
  group('operate', [['advert'], ['reward'], ['link'], ['stationMsg'], ['seoSetting']], { icon: 'pi pi-megaphone', orderNo: ORDER_NO.operate }),
  group('order', [['index'], ['detail', H], ['back'], ['refundSet']], { icon: 'pi pi-shopping-cart', orderNo: ORDER_NO.order }),
  group('recommend', [['game'], ['goods'], ['page'], ['module'], ['relation'], ['navigation'], ['keywords']], { icon: 'pi pi-thumbs-up', orderNo: ORDER_NO.recommend }),
  group('rent', [['apply'], ['list'], ['account'], ['order']], { icon: 'pi pi-key', orderNo: ORDER_NO.rent }),
  group('social', [['comment'], ['reply']], { icon: 'pi pi-comment', orderNo: ORDER_NO.social }),
  group('specialConfig', [['match'], ['article'], ['video'], ['product']], { icon: 'pi pi-sliders-h', orderNo: ORDER_NO.specialConfig }, '/specialConfig/product'),
  group('statistics', [
    ['pageView'], ['userRegister'], ['userLogin'], ['memberPurchase'], ['cdkUsage'], ['clientInstall'],
    ['arpu'], ['newcomer'], ['game'], ['feedback'], ['goods'], ['archive'],
  ], { icon: 'pi pi-chart-bar', orderNo: ORDER_NO.statistics, roles: ADMIN_ONLY }),
  group('system', [
    ['account'], ['account/add', H], ['account/modify', H],
    ['role'], ['role/add', H], ['role/modify', H],
    ['menu'], ['menu/add', H], ['menu/modify', H],
    ['resource'], ['resource/add', H], ['resource/modify', H],
    ['resourceCategory/add', H], ['resourceCategory/modify', H],
    ['changePassword'], ['systemMessage'],
    // Where the platform's answers differ from the contract (server/platform/drift.ts).
    ['contractDrift'],
    // Who changed what, kept by the console (server/audit).
    ['auditLog'],
    // Who is signed in, and every sign-in attempt, kept by the console (server/sessions).
    ['onlineUsers'], ['signInLog'],
    // Calls kept for a second person's approval (server/approvals).
    ['approvals'],
  ], { icon: 'pi pi-cog', orderNo: ORDER_NO.system, roles: ADMIN_ONLY }),
];

/** The default home path (spec §2 "Home path") when the user has no personal `homePath`. */
export const DEFAULT_HOME_PATH = '/home/work';

/** Every leaf route's full path, e.g. `/order/index`. */
export function leafPaths(table: RouteDecl[] = ROUTE_TABLE): string[] {
  return table.flatMap((g) => (g.children ?? []).map((c) => `${g.path}/${c.path}`));
}
