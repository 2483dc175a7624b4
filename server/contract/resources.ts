import type { AreaName, EndpointDef } from './entity.js';
import type { I18nText } from './fields.js';
import { ENDPOINTS, ENTITIES, ENTITY } from './index.js';

/**
 * API resources as permissions (spec §6 "System area has … role (menu tree and per-role resources)").
 * Pure data shared by the mock (seeding, enforcement, button codes) and the console (showing seeded
 * names in both languages). A resource's `url` is an Ant-style pattern: `*` one path segment, `**`
 * any rest; seeded resources are one exact endpoint each, so a role can allow `order/update` and
 * not `order/del`.
 */

/** Button actions of spec §6 (`<RouteName>:<action>`). */
export const BUTTON_ACTIONS = ['view', 'add', 'update', 'del', 'export'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/**
 * Endpoints every signed-in account may call whatever its roles (sign-in, captcha, own info, own
 * password and avatar, logout, basic data, menus, own messages, the home workbench summary every role opens,
 * and uploads, which every form with an image needs).
 */
export const OPEN_ENDPOINTS: readonly string[] = [
  '/v1/admin/login', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image',
  '/v1/admin/adminInfo', '/v1/getPermCode', '/v1/admin/adminMenus', '/v1/admin/gameCategory', '/v1/admin/summary',
  '/v1/admin/updatePassword', '/v1/admin/updateIcon', '/v1/systemMessage/mine', '/v1/systemMessage/read',
  '/upload', '/v1/upload', '/api/v1/upload',
];

/** Area titles: seeded resource category names are the Chinese ones; the console shows the current language. */
export const AREA_TITLES: Record<Exclude<AreaName, 'mock'>, I18nText> = {
  account: { zh_CN: '游戏账号', en: 'Game accounts' },
  cdk: { zh_CN: 'CDK 管理', en: 'CDK' },
  client: { zh_CN: '客户端', en: 'Client' },
  feedback: { zh_CN: '意见反馈', en: 'Feedback' },
  financial: { zh_CN: '财务管理', en: 'Financial' },
  games: { zh_CN: '游戏管理', en: 'Games' },
  goods: { zh_CN: '商品管理', en: 'Goods' },
  inventory: { zh_CN: '库存管理', en: 'Inventory' },
  member: { zh_CN: '会员管理', en: 'Members' },
  merchant: { zh_CN: '商户管理', en: 'Merchants' },
  operate: { zh_CN: '运营管理', en: 'Operations' },
  order: { zh_CN: '订单管理', en: 'Orders' },
  recommend: { zh_CN: '推荐管理', en: 'Recommendations' },
  rent: { zh_CN: '租号管理', en: 'Rentals' },
  social: { zh_CN: '社区管理', en: 'Social' },
  specialConfig: { zh_CN: '专题配置', en: 'Special config' },
  statistics: { zh_CN: '数据统计', en: 'Statistics' },
  system: { zh_CN: '系统管理', en: 'System' },
};

const VERBS: Record<string, I18nText> = {
  list: { zh_CN: '列表', en: 'list' },
  listAll: { zh_CN: '全部选项', en: 'options' },
  info: { zh_CN: '详情', en: 'details' },
  add: { zh_CN: '新增', en: 'add' },
  update: { zh_CN: '修改', en: 'update' },
  del: { zh_CN: '删除', en: 'delete' },
  updateStatus: { zh_CN: '修改状态', en: 'change status' },
  batchImport: { zh_CN: '批量导入', en: 'batch import' },
  batchAdd: { zh_CN: '批量新增', en: 'batch create' },
  batchUpdate: { zh_CN: '批量修改', en: 'batch modify' },
  export: { zh_CN: '导出', en: 'export' },
  replay: { zh_CN: '回复', en: 'reply' },
  importAwardExcel: { zh_CN: '导入获奖名单', en: 'import winners' },
  exportAwardExcel: { zh_CN: '导出获奖名单', en: 'export winners' },
  settle: { zh_CN: '结算', en: 'settle' },
  recharge: { zh_CN: '充值', en: 'recharge' },
  withdraw: { zh_CN: '提现', en: 'withdraw' },
  auditWithdraw: { zh_CN: '提现审核', en: 'review withdrawal' },
  exchange: { zh_CN: '兑换', en: 'exchange' },
  summary: { zh_CN: '汇总', en: 'summary' },
  stats: { zh_CN: '统计', en: 'statistics' },
  statistics: { zh_CN: '统计', en: 'statistics' },
  send: { zh_CN: '发送', en: 'send' },
  revoke: { zh_CN: '撤回', en: 'revoke' },
  detail: { zh_CN: '详情', en: 'details' },
  confirmDelivery: { zh_CN: '确认发货', en: 'confirm delivery' },
  confirm: { zh_CN: '确认收货', en: 'confirm receipt' },
  reissue: { zh_CN: '补发', en: 'reissue' },
  risk: { zh_CN: '风控标记', en: 'risk flag' },
  extract: { zh_CN: '提取卡密', en: 'extract codes' },
  remark: { zh_CN: '备注', en: 'remark' },
  cancel: { zh_CN: '取消', en: 'cancel' },
  refund: { zh_CN: '退款', en: 'refund' },
  audit: { zh_CN: '审核', en: 'review' },
  updateWeight: { zh_CN: '调整权重', en: 'change weight' },
  tree: { zh_CN: '树', en: 'tree' },
  verify: { zh_CN: '验证', en: 'verify' },
  resetPassword: { zh_CN: '重置密码', en: 'reset password' },
  pageView: { zh_CN: '页面浏览', en: 'page views' },
  userRegister: { zh_CN: '用户注册', en: 'registrations' },
  userLogin: { zh_CN: '用户登录', en: 'logins' },
  memberPurchase: { zh_CN: '会员购买', en: 'member purchases' },
  cdkUsage: { zh_CN: 'CDK 使用', en: 'CDK usage' },
  clientInstall: { zh_CN: '客户端安装', en: 'client installs' },
  arpu: { zh_CN: 'ARPU', en: 'ARPU' },
  newcomer: { zh_CN: '新用户', en: 'newcomers' },
  game: { zh_CN: '游戏', en: 'games' },
  feedback: { zh_CN: '反馈', en: 'feedback' },
  goods: { zh_CN: '商品', en: 'goods' },
  archive: { zh_CN: '数据归档', en: 'archive' },
};

const READ_ACTIONS = new Set(['list', 'listAll', 'info', 'detail', 'tree', 'stats', 'statistics', 'summary']);

/**
 * The button action an endpoint serves (spec §6 button codes): reads are `view`, downloads
 * `export`, creations and imports `add`, deletions `del`, every other change `update`.
 */
export function actionOfEndpoint(ep: Pick<EndpointDef, 'path' | 'kind' | 'op' | 'area'>): ButtonAction {
  if (ep.kind === 'download') return 'export';
  const last = ep.path.split('/').pop() ?? '';
  const verb = ep.op ?? last;
  if (ep.area === 'statistics' || READ_ACTIONS.has(verb)) return 'view';
  if (verb === 'add' || verb.startsWith('batchAdd') || verb.startsWith('batchImport') || ep.kind === 'upload') return 'add';
  if (verb === 'del' || /^del[A-Z]/.test(verb)) return 'del';
  return 'update';
}

const ENTITY_BY_BASE = new Map(ENTITIES.map((e) => [e.base, e]));

/** The seeded name of the resource for one endpoint, e.g. `订单·删除` / `Order · delete`. */
export function endpointLabel(ep: Pick<EndpointDef, 'path' | 'op' | 'area'>, lang: keyof I18nText): string {
  const segs = ep.path.split('/').filter(Boolean);
  const base = segs[segs[0] === 'api' ? 2 : 1];
  const last = ep.op ?? segs[segs.length - 1];
  const owner = ENTITY_BY_BASE.get(base)?.title ?? (ep.area !== 'mock' ? AREA_TITLES[ep.area] : undefined);
  const verb = VERBS[last]?.[lang] ?? last;
  return owner ? (lang === 'zh_CN' ? `${owner.zh_CN}·${verb}` : `${owner.en} · ${verb}`) : ep.path;
}

/** The seeded description of the resource for one endpoint: Chinese label, or the contract's summary in English. */
export function endpointDescription(ep: Pick<EndpointDef, 'path' | 'op' | 'area' | 'summary'>, lang: keyof I18nText): string {
  return lang === 'zh_CN' ? `${endpointLabel(ep, 'zh_CN')}接口` : ep.summary;
}

/** The endpoints seeded as resources: every contract endpoint but the QA controls and the open ones. */
export function guardedEndpoints(): EndpointDef[] {
  const open = new Set(OPEN_ENDPOINTS);
  return ENDPOINTS.filter((e) => !e.public && e.area !== 'mock' && !open.has(e.path));
}

/**
 * The look-ups of entities outside `areas` that records inside them reference (goods and orders
 * name their merchant): `listAll` (a label column, a dropdown), `list` (a remote picker searches
 * with its keyword) and `info` (a picker shows its current value's label). A role that lists and
 * edits goods must read and choose those, or its lists show `#id` and its forms fail. The other
 * entity's screen and writes stay closed.
 */
export function lookupPaths(areas: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const e of ENTITIES)
    if (areas.includes(e.area))
      for (const r of e.refs) {
        const target = (ENTITY as Record<string, (typeof ENTITIES)[number]>)[r.entity];
        if (!target || areas.includes(target.area)) continue;
        for (const op of ['listAll', 'list', 'info'] as const) if (target.ops[op]) paths.add(target.ops[op]);
      }
  return [...paths];
}

/**
 * The guarded endpoints the screens of a menu group need to open (the group's path names its area,
 * `/order` → `order`): every read of the area and the look-ups its records reference. Empty for a
 * group whose screens call only open endpoints (home, dashboard). The role screen offers these
 * resources when a menu is ticked, and warns when a granted menu lacks them.
 */
export function screenReadPaths(groupPath: string): string[] {
  const area = groupPath.replace(/^\//, '');
  const open = new Set(OPEN_ENDPOINTS);
  const reads = ENDPOINTS.filter((e) => e.area === area && !e.public && !open.has(e.path) && actionOfEndpoint(e) === 'view').map((e) => e.path);
  return reads.length ? [...new Set([...reads, ...lookupPaths([area])])] : [];
}

const compiled = new Map<string, RegExp>();

/** Whether an Ant-style pattern (`*` one segment, `**` any rest, `{x}` one segment) matches a path. */
export function patternMatches(pattern: string, path: string): boolean {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .split('/')
      .map((seg) => (seg === '**' ? '@@' : seg.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]*\}/g, '[^/]+').replace(/\*/g, '[^/]*')))
      .join('/')
      .replace(/\/@@/g, '(?:/.*)?')
      .replace(/@@/g, '.*');
    re = new RegExp(`^${body}$`);
    compiled.set(pattern, re);
  }
  return re.test(path);
}

/** Localised label of a seeded name: the other language's text when `name` is the seeded Chinese one of `url` or of an area. */
export function localizeSystemName(kind: 'resource' | 'description' | 'category', name: string, lang: keyof I18nText, url?: string): string {
  if (lang === 'zh_CN' || !name) return name;
  if (kind === 'category') {
    const hit = Object.values(AREA_TITLES).find((t) => t.zh_CN === name);
    return hit ? hit[lang] : name;
  }
  const ep = url ? ENDPOINTS.find((e) => e.path === url) : undefined;
  if (!ep) return name;
  if (kind === 'description') return endpointDescription(ep, 'zh_CN') === name ? endpointDescription(ep, lang) : name;
  return endpointLabel(ep, 'zh_CN') === name ? endpointLabel(ep, lang) : name;
}
