import type { FastifyInstance } from 'fastify';
import type { Refusal } from '../contract/messages.js';
import type { MenuEntry, UserInfo } from '../contract/auth.js';
import { ResultCode } from '../contract/envelope.js';
import { ENDPOINTS } from '../contract/index.js';
import { actionOfEndpoint, BUTTON_ACTIONS, OPEN_ENDPOINTS, patternMatches, type ButtonAction } from '../contract/resources.js';
import { ROUTE_TABLE } from '../contract/route-table.js';
import { lookupReadOf, type LookupView } from '../contract/lookups.js';
import { sendEnvelope } from '../plugins/envelope.js';
import { pathOf } from '../plugins/canonical-path.js';
import type { ConsoleAccount } from './accounts.js';
import type { MockContext } from './context.js';
import type { MockStore } from './store/store.js';

/**
 * Permissions in mock mode (spec §6): roles hold menus and API resources, and everything an
 * account sees or may do is derived from its enabled roles, read afresh on every request:
 * - the API: an endpoint is callable only through a resource (Ant-style URL pattern) of one of the
 *   account's roles, else HTTP 403 with an envelope naming the missing permission, before the body
 *   is read, so nothing changes. {@link OPEN_ENDPOINTS} are open to every signed-in account;
 * - button codes (`btnPermission`, `getPermCode`): `<menu name>:<action>` for each menu of its roles,
 *   with the actions its resources allow in that menu's area;
 * - back-end menus (`adminMenus`): the enabled menu records of its roles, as server menu entries.
 * The `super` role key holds everything, so an edit can never lock every administrator out.
 * Proxy mode never loads this file: the platform decides there.
 */

/** Role key of the super administrator (route meta `roles: ['super']`). */
export const SUPER_ROLE = 'super';

interface RoleRow {
  id: number;
  name: string;
  roleKey: string;
  menuIds: number[];
  resourceIds: number[];
  status: number;
}
interface MenuRow {
  id: number;
  parentId: number;
  title: string;
  name: string;
  path: string;
  icon: string;
  component?: string;
  frameSrc?: string;
  sort: number;
  hidden: boolean;
  status: number;
}

/** What an account's enabled roles grant. */
export interface Grants {
  roles: RoleRow[];
  isSuper: boolean;
  menuIds: Set<number>;
  /** URL patterns of the roles' resources. */
  patterns: string[];
  /**
   * Areas whose screens the roles hold: the paths (without `/`) of the enabled menu groups they
   * hold or hold an enabled page of. Reads of an entity outside these are look-ups ({@link lookupViewFor}).
   */
  screens: Set<string>;
}

/**
 * Grants by account row, kept while the role and resource tables are unchanged (their versions):
 * every request reads them, and a super administrator's roles list every menu and resource, so
 * building them afresh was most of a list request's cost. Rows are immutable, so a changed
 * account is a new key.
 */
const GRANTS = new WeakMap<object, { store: MockStore; roles: number; resources: number; menus: number; g: Grants }>();

/** The grants of a console account (disabled roles grant nothing). Do not change the result. */
export function grantsOf(store: MockStore, account: Pick<ConsoleAccount, 'roleIds'>): Grants {
  const roles = store.col('role').version;
  const resources = store.col('resource').version;
  const menus = store.col('menu').version;
  const hit = GRANTS.get(account);
  if (hit && hit.store === store && hit.roles === roles && hit.resources === resources && hit.menus === menus) return hit.g;
  const g = computeGrants(store, account);
  GRANTS.set(account, { store, roles, resources, menus, g });
  return g;
}

function computeGrants(store: MockStore, account: Pick<ConsoleAccount, 'roleIds'>): Grants {
  const roles = account.roleIds.map((id) => store.get<RoleRow>('role', id)).filter((r): r is RoleRow => !!r && r.status === 1);
  const menuIds = new Set(roles.flatMap((r) => r.menuIds));
  const patterns = [...new Set(roles.flatMap((r) => r.resourceIds).map((id) => store.get<{ url: string }>('resource', id)?.url).filter((u): u is string => !!u))];
  const g: Grants = { roles, isSuper: roles.some((r) => r.roleKey === SUPER_ROLE), menuIds, patterns, screens: new Set() };
  for (const grp of menusOf(store, g).groups) g.screens.add(grp.path.replace(/^\//, ''));
  return g;
}

const OPEN = new Set(OPEN_ENDPOINTS);

/** Whether the grants allow calling `path`. */
export function mayCall(g: Grants, path: string): boolean {
  return OPEN.has(path) || g.isSuper || g.patterns.some((p) => patternMatches(p, path));
}

const ENDPOINT_BY_PATH = new Map(ENDPOINTS.map((e) => [e.path, e]));

/** Areas and actions a resource pattern covers (cached per pattern: seeded ones are exact paths). */
const coverage = new Map<string, { area: string; action: ButtonAction }[]>();
function covered(pattern: string) {
  let c = coverage.get(pattern);
  if (!c) {
    const exact = ENDPOINT_BY_PATH.get(pattern);
    c = (exact ? [exact] : ENDPOINTS.filter((e) => patternMatches(pattern, e.path))).map((e) => ({ area: e.area as string, action: actionOfEndpoint(e) }));
    coverage.set(pattern, c);
  }
  return c;
}

function menusOf(store: MockStore, g: Grants): { groups: MenuRow[]; children: Map<number, MenuRow[]> } {
  const all = [...store.col('menu').values()] as unknown as MenuRow[];
  const held = all.filter((m) => m.status === 1 && (g.isSuper || g.menuIds.has(m.id)));
  const children = new Map<number, MenuRow[]>();
  for (const m of held) if (m.parentId) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  // A group shows when the role holds it or any of its children, and the group record is enabled.
  const groups = all.filter((m) => !m.parentId && m.status === 1 && (held.includes(m) || children.has(m.id)));
  return { groups, children };
}

/**
 * Button codes (spec §6 `btnPermission`, and `getPermCode` in back-end mode): for each visible menu
 * entry the account holds, `<name>:<action>` for the actions its resources allow in the menu's area
 * (`export` with `view`, as the list export reads the list). Home and dashboard entries, which every
 * role may open, get `view`.
 */
export function buttonCodesOf(store: MockStore, g: Grants): string[] {
  const actions = new Map<string, Set<ButtonAction>>();
  for (const p of g.patterns)
    for (const { area, action } of covered(p)) {
      const set = actions.get(area) ?? new Set();
      set.add(action);
      if (action === 'view') set.add('export');
      actions.set(area, set);
    }
  const { groups, children } = menusOf(store, g);
  const codes: string[] = [];
  for (const grp of groups) {
    const area = grp.path.replace(/^\//, '');
    const allowed: readonly ButtonAction[] = g.isSuper ? BUTTON_ACTIONS : area === 'home' || area === 'dashboard' ? ['view'] : BUTTON_ACTIONS.filter((a) => actions.get(area)?.has(a));
    for (const c of children.get(grp.id) ?? []) if (!c.hidden) for (const a of allowed) codes.push(`${c.name}:${a}`);
  }
  return codes;
}

const ROUTE_BY_NAME = new Map(ROUTE_TABLE.flatMap((g) => [[g.name, g] as const, ...(g.children ?? []).map((c) => [c.name, c] as const)]));

/** Back-end menus (`/v1/admin/adminMenus`, spec §2 server menu entries) from the account's menu records. */
export function menuEntriesOf(store: MockStore, g: Grants): MenuEntry[] {
  const { groups, children } = menusOf(store, g);
  const bySort = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;
  const entry = (m: MenuRow, kids: MenuRow[] | null): MenuEntry => {
    const route = ROUTE_BY_NAME.get(m.name);
    const visibleKids = kids?.slice().sort(bySort) ?? [];
    const firstShown = visibleKids.find((k) => !k.hidden) ?? visibleKids[0];
    const redirect = !kids ? undefined : route ? route.redirect : firstShown ? `${m.path}/${firstShown.path}` : undefined;
    return {
      name: m.name,
      path: m.path,
      componentPath: kids ? 'LAYOUT' : m.component || (m.frameSrc ? '' : (route?.component ?? '')),
      ...(redirect ? { redirect } : {}),
      ...(m.frameSrc ? { frameSrc: m.frameSrc } : {}),
      hidden: !!m.hidden,
      sort: m.sort,
      ...(m.icon ? { icon: m.icon } : {}),
      title: m.title,
      ...(route?.meta.hideChildrenInMenu ? { hideChildrenInMenu: true } : {}),
      ...(kids && visibleKids.length ? { children: visibleKids.map((k) => entry(k, null)) } : {}),
    } as MenuEntry;
  };
  return groups.map((grp) => entry(grp, children.get(grp.id) ?? []));
}

/**
 * Names of the menu records an account's roles grant (enabled groups shown and their held pages,
 * hidden pages included): the routes the console's route-mapping and role modes keep.
 */
export function menuNamesOf(store: MockStore, g: Grants): string[] {
  const { groups, children } = menusOf(store, g);
  return groups.flatMap((grp) => [grp.name, ...(children.get(grp.id) ?? []).map((c) => c.name)]);
}

/** User info (spec §3) of a store account: its enabled roles' keys, the button codes and the menus they give. */
export function userInfoFrom(store: MockStore, row: ConsoleAccount): UserInfo {
  const g = grantsOf(store, row);
  return {
    userId: row.id,
    username: row.username,
    nickName: row.nickName,
    roles: g.roles.map((r) => ({ id: r.roleKey, name: r.name })),
    ...(row.homePath ? { homePath: row.homePath } : {}),
    ...(row.icon ? { icon: row.icon } : {}),
    btnPermission: buttonCodesOf(store, g),
    menus: menuNamesOf(store, g),
  };
}

/** The label of the resource that would allow `path` (for the 403 message), if one exists. */
function resourceFor(store: MockStore, path: string): { name: string; url: string } | undefined {
  for (const r of store.col('resource').values() as Iterable<{ name: string; url: string }>) if (patternMatches(r.url, path)) return r;
  return undefined;
}

/** Why the signed-in account of `session` may not call `path` (canonical), or null when it may. */
export function refusalFor(ctx: MockContext, session: { userId: number }, path: string): { status: number; code: number; message: Refusal } | null {
  if (OPEN.has(path)) return null;
  const account = ctx.store.get<ConsoleAccount>('admin', session.userId);
  // A deleted or disabled account: the routes answer 401 themselves (sign-in state), refuse here too.
  if (!account || account.status !== 1) return { status: 200, code: ResultCode.unauthorized, message: { key: 'session.expired' } };
  const g = grantsOf(ctx.store, account);
  if (mayCall(g, path)) return null;
  const r = resourceFor(ctx.store, path);
  const what = r ? `"${r.name}" (${r.url})` : path;
  return { status: 403, code: ResultCode.forbidden, message: { field: 'permission', key: 'session.forbidden', params: { what } } };
}

/**
 * The look-up view of a read the signed-in account of `session` may call (server/contract/lookups.ts):
 * the view when `path` (canonical) is an entity's `list`, `listAll` or `info` and the account's roles
 * hold no screen of the entity's area and are not the super administrator's; null when the account
 * reads the full record (or `path` is no such read). Call it after {@link refusalFor} allowed the path.
 */
export function lookupViewFor(ctx: MockContext, session: { userId: number }, path: string): LookupView | null {
  const view = lookupReadOf(path);
  if (view === undefined) return null;
  const account = ctx.store.get<ConsoleAccount>('admin', session.userId);
  if (!account) return null;
  const g = grantsOf(ctx.store, account);
  return g.isSuper || g.screens.has(view.entity.area) ? null : view;
}

/**
 * The role set of a console account: its enabled roles' keys, sorted and joined with `,`
 * (`operator`, `finance,operator`). Recordings are kept per role set, and replay
 * answers a session only with recordings of its own role set.
 */
export function roleSetOf(store: MockStore, account: Pick<ConsoleAccount, 'roleIds'>): string {
  return grantsOf(store, account)
    .roles.map((r) => r.roleKey)
    .sort()
    .join(',');
}

/**
 * Hooks the enforcement into mock mode, once, after the sign-in check (which sets `req.session`).
 * Requests without a session (public paths, QA controls, or already refused with 401) pass through.
 * Replay mode applies the same check ({@link refusalFor}) before a recorded answer.
 */
export function registerPermissions(app: FastifyInstance, ctx: MockContext): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.session || reply.sent) return;
    const path = pathOf(req);
    const refusal = refusalFor(ctx, req.session, path);
    if (refusal) return sendEnvelope(reply, refusal.status, refusal.code, refusal.message);
    req.lookupView = lookupViewFor(ctx, req.session, path);
  });
}
