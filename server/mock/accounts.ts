import type { Refusal } from '../contract/messages.js';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
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

/**
 * `scrypt:<salt>:<hex>` of a password (what the store keeps after a password change), hashed in
 * libuv's thread pool: no request path runs a synchronous hash, so a password change holds the event
 * loop no longer than a sign-in does.
 */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(8).toString('hex');
  return `scrypt:${salt}:${(await scryptAsync(password, salt, 32)).toString('hex')}`;
}

/** scrypt in libuv's thread pool: a sign-in no longer holds the event loop for its ~40 ms. */
export function scryptAsync(password: string, salt: string, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, length, (err, key) => (err ? reject(err) : resolve(key))));
}

/** The one hash every sign-in computes when there is no stored scrypt hash to check (unknown account, plain seed password). */
const DUMMY_SALT = 'no-such-account';

/**
 * Checks a password against a stored value (an scrypt hash, or a plain seed password), off the
 * event loop and doing the same work whatever is stored: exactly one scrypt of
 * the same cost, so an unknown account, a demo account and a generated one take the same time.
 * @param hash the scrypt to use (tests count calls through it).
 */
export async function checkPasswordAsync(stored: string | null, password: string, hash = scryptAsync): Promise<boolean> {
  const [kind, salt, hex] = (stored ?? '').split(':');
  if (stored && kind === 'scrypt' && salt && hex) {
    const expected = Buffer.from(hex, 'hex');
    const got = await hash(password, salt, expected.length);
    return got.length === expected.length && timingSafeEqual(expected, got);
  }
  await hash(password, DUMMY_SALT, 32);
  if (stored === null) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(password);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A console account (`admin` record of the store) as login and user info need it. */
export interface ConsoleAccount {
  id: number;
  username: string;
  nickName: string;
  password: string;
  roleIds: number[];
  homePath?: string;
  icon?: string;
  status: number;
}

/** The fixture password stand-in of demo accounts in the store: they sign in with fixtures/accounts.json. */
const DEMO_PASSWORD = 'see-accounts-json';

/**
 * What a console account's password is checked against: its stored hash (or a generated account's
 * plain seed password), or for a demo account the fixture's hash (fixtures/accounts.json).
 */
export function storedPasswordOf(row: ConsoleAccount): string | null {
  return row.password === DEMO_PASSWORD ? (ACCOUNTS.find((a) => a.username === row.username)?.passwordHash ?? null) : row.password;
}

/**
 * Verifies a sign-in against the store's console accounts (so a password changed through
 * `/v1/admin/updatePassword` and a disabled account take effect), the password checked off the
 * event loop and the same work for an unknown account as for a known one (one scrypt either way):
 * neither the answer nor its timing tells whether a username exists.
 * @returns the account, or the field-named reason it was refused.
 */
export async function verifyConsoleAccountAsync(
  rows: Iterable<ConsoleAccount>,
  username: string,
  password: string,
  hash = scryptAsync,
): Promise<ConsoleAccount | { refused: Refusal }> {
  let row: ConsoleAccount | undefined;
  for (const r of rows) if (r.username === username) row = r;
  const stored = row ? storedPasswordOf(row) : null;
  const ok = await checkPasswordAsync(stored, password, hash);
  if (!row || !ok) return { refused: { field: 'username', key: 'login.wrong' } };
  if (row.status !== 1) return { refused: { field: 'username', key: 'login.disabled' } };
  return row;
}

/**
 * User info of a store account: the demo accounts keep their fixture roles and buttons; other
 * accounts get their roles' keys and the view/add/update/export buttons of what those roles see.
 */
export function userInfoOfAccount(row: ConsoleAccount, roleOf: (id: number) => { roleKey: string; name: string } | undefined): UserInfo {
  const demo = ACCOUNTS.find((a) => a.username === row.username);
  if (demo) return { ...userInfoOf(demo), userId: row.id, nickName: row.nickName, ...(row.homePath ? { homePath: row.homePath } : {}), ...(row.icon ? { icon: row.icon } : {}) };
  const roles = row.roleIds.map(roleOf).filter((r): r is { roleKey: string; name: string } => !!r).map((r) => ({ id: r.roleKey, name: r.name }));
  return {
    userId: row.id,
    username: row.username,
    nickName: row.nickName,
    roles,
    ...(row.homePath ? { homePath: row.homePath } : {}),
    ...(row.icon ? { icon: row.icon } : {}),
    btnPermission: buttonCodes(roles.map((r) => r.id), ['view', 'add', 'update', 'export']),
  };
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
