import { scryptSync, timingSafeEqual } from 'node:crypto';
import accounts from '../../fixtures/accounts.json' with { type: 'json' };
import { ROUTE_TABLE, type RouteDecl } from '../contract/route-table.js';
import type { UserInfo } from '../contract/auth.js';

interface AccountFixture {
  userId: number;
  username: string;
  nickName: string;
  passwordHash: string;
  roles: { id: string; name: string }[];
  homePath: string | null;
  allButtons: boolean;
  buttonActions?: string[];
}

const ACCOUNTS = accounts as AccountFixture[];
/** Button actions every list screen offers; a code is `<routeName>:<action>`, e.g. `OrderIndex:del`. */
export const BUTTON_ACTIONS = ['view', 'add', 'update', 'del', 'export'] as const;

function visibleTo(route: RouteDecl, roleIds: string[]): boolean {
  return !route.meta.roles?.length || route.meta.roles.some((r) => roleIds.includes(r));
}

/** All button codes of the routes a set of roles may see, limited to the given actions. */
export function buttonCodes(roleIds: string[], actions: readonly string[] = BUTTON_ACTIONS): string[] {
  const codes: string[] = [];
  for (const g of ROUTE_TABLE) {
    if (!visibleTo(g, roleIds)) continue;
    for (const c of g.children ?? []) if (!c.meta.hideMenu) for (const a of actions) codes.push(`${c.name}:${a}`);
  }
  return codes;
}

/** The demo account with this username and password, or null (constant-time password check). */
export function authenticate(username: string, password: string): AccountFixture | null {
  const a = ACCOUNTS.find((x) => x.username === username);
  if (!a) return null;
  const [, salt, hex] = a.passwordHash.split(':');
  const expected = Buffer.from(hex, 'hex');
  const got = scryptSync(password, salt, expected.length);
  return timingSafeEqual(expected, got) ? a : null;
}

export function accountById(userId: number): AccountFixture | undefined {
  return ACCOUNTS.find((a) => a.userId === userId);
}

const infoCache = new Map<number, UserInfo>();

/** User info as `/v1/admin/adminInfo` returns it (spec §3 "User info"); computed once per account. */
export function userInfoOf(a: AccountFixture): UserInfo {
  let info = infoCache.get(a.userId);
  if (!info) infoCache.set(a.userId, (info = buildUserInfo(a)));
  return info;
}

function buildUserInfo(a: AccountFixture): UserInfo {
  const roleIds = a.roles.map((r) => r.id);
  return {
    userId: a.userId,
    username: a.username,
    nickName: a.nickName,
    roles: a.roles,
    ...(a.homePath ? { homePath: a.homePath } : {}),
    btnPermission: a.allButtons ? buttonCodes(roleIds) : buttonCodes(roleIds, a.buttonActions ?? []),
  };
}

/** The route table filtered for a user's roles (back-end mode menus). */
export function routesFor(roleIds: string[]): RouteDecl[] {
  return ROUTE_TABLE.filter((g) => visibleTo(g, roleIds)).map((g) => ({ ...g, children: g.children?.filter((c) => visibleTo(c, roleIds)) }));
}
