import type { UserInfo } from '../contract/auth.js';
import type { Session } from '../mock/sessions.js';

/** A mock console account as the mapping reads it. */
export interface MappableAccount {
  id: number;
  username: string;
  status: number;
  roleIds: number[];
}

/** Where the mapping looks accounts and roles up (the mock store). */
export interface AccountDirectory {
  accounts(): Iterable<MappableAccount>;
  roleKeyOf(roleId: number): string | undefined;
  /**
   * Optional: a number that moves whenever an account or a role may have changed. While it holds,
   * a platform user's mapping is reused instead of walking the accounts again (hybrid's
   * mock answers map the token's user on every call).
   */
  version?(): number;
}

/** How long a resolved token is trusted before the platform is asked again, in ms. */
const POSITIVE_TTL_MS = 60_000;
/** How long a refused token is remembered (a burst of calls with a dead token asks once), in ms. */
const NEGATIVE_TTL_MS = 5_000;
/** Most tokens remembered; the oldest is forgotten first. */
const MAX_TOKENS = 10_000;

/**
 * Hybrid mode's sessions: the session is the platform's, and the mock, which issues no
 * token in hybrid mode, accepts the platform's for the endpoints it answers. Rule:
 *
 * 1. The platform is asked who the token belongs to, once per token per minute ({@link PlatformIdentity}):
 *    `POST <platform>/v1/admin/adminInfo` with the same Authorization header (spec §3 user info).
 *    A token the platform refuses (envelope code other than 200, HTTP error, unreachable) is no
 *    session: the mock answers envelope 401, as the platform would.
 * 2. The platform's user is mapped to a mock account by role, never by username (a
 *    platform user named `admin` holding only the operator role is an operator): among the
 *    enabled accounts holding at least one role, those whose every role key is one of the platform
 *    user's role ids (roles are matched by value, e.g. `super`, `operator`); of these the one with
 *    the same username when there is one, else the one holding the most of those roles, else the
 *    first. Its roles then govern the mock's endpoints (server/mock/permissions.ts). No match → no
 *    session (401), so a platform user never gets more from the mock than its own roles give.
 * 3. Signing out ({@link forget}, called when `/v1/admin/logout` passes through) drops the token's
 *    verdict at once: the mock refuses the token from then on.
 */
export class PlatformSessions {
  /** Mappings by kept user info (the identity's, kept until it expires), valid while the directory's version holds. */
  private mapped = new WeakMap<object, { version: number; account: MappableAccount | null }>();

  constructor(
    private readonly identity: PlatformIdentity,
    private readonly directory: AccountDirectory,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session of an Authorization header value, or null (see class doc). Never throws. */
  async resolve(authorization: string | undefined): Promise<Session | null> {
    if (!authorization) return null;
    const info = await this.identity.userInfo(authorization);
    const account = info ? this.mappedAccount(info) : null;
    return account ? { token: authorization, userId: account.id, username: account.username, expiresAt: this.now() + POSITIVE_TTL_MS } : null;
  }

  /**
   * The session of an Authorization header value when the platform's verdict on the token is already
   * kept (see {@link PlatformIdentity.keptInfo}), without asking: the session {@link resolve} would give,
   * null (no token, refused, or no account maps), or undefined when only asking can tell (then
   * {@link resolve}). Hybrid's raw list road decides synchronously from it.
   */
  known(authorization: string | undefined): Session | null | undefined {
    if (!authorization) return null;
    const info = this.identity.keptInfo(authorization);
    if (info === undefined) return undefined;
    const account = info ? this.mappedAccount(info) : null;
    return account ? { token: authorization, userId: account.id, username: account.username, expiresAt: this.now() + POSITIVE_TTL_MS } : null;
  }

  /** Forgets what is known of a token (it was signed out): the next call asks the platform again. */
  forget(authorization: string | undefined): void {
    this.identity.forget(authorization);
  }

  /** {@link accountFor}, reused while the directory's version holds (see {@link AccountDirectory.version}). */
  private mappedAccount(info: UserInfo): MappableAccount | null {
    const version = this.directory.version?.();
    if (version === undefined) return this.accountFor(info);
    const hit = this.mapped.get(info);
    if (hit !== undefined && hit.version === version) return hit.account;
    const account = this.accountFor(info);
    this.mapped.set(info, { version, account });
    return account;
  }

  /** The mock account a platform user maps to (by role, see the class doc), or null. */
  accountFor(info: Pick<UserInfo, 'username' | 'roles'>): MappableAccount | null {
    const keys = new Set(roleIdsOf(info));
    if (keys.size === 0) return null;
    const within = [...this.directory.accounts()].filter(
      (a) => a.status === 1 && a.roleIds.length > 0 && a.roleIds.every((id) => keys.has(this.directory.roleKeyOf(id) ?? '\u0000')),
    );
    if (within.length === 0) return null;
    const same = within.find((a) => a.username === info.username);
    if (same) return same;
    return within.reduce((best, a) => (a.roleIds.length > best.roleIds.length ? a : best));
  }
}

/** The role ids of a platform user info (`roles[].id`, as strings). */
export function roleIdsOf(info: Pick<UserInfo, 'roles'>): string[] {
  return (Array.isArray(info.roles) ? info.roles : []).map((r) => String(r?.id));
}

/** The role set of a platform user: its role ids sorted and joined with `,` (as server/mock/permissions.ts `roleSetOf` for mock accounts). */
export function roleSetOfInfo(info: Pick<UserInfo, 'roles'>): string {
  return [...new Set(roleIdsOf(info))].sort().join(',');
}

/**
 * Who a platform token belongs to (its user info, spec §3), asked of the platform
 * (`POST <platform>/v1/admin/adminInfo` with the same Authorization header) at most once per token
 * per minute; a refused token (envelope code other than 200, HTTP error, unreachable) is null,
 * remembered 5 s. {@link forget} drops a token at once (it signed out), including an answer still
 * on its way. Shared by hybrid's sessions and the recorder (keyed by role set).
 */
export class PlatformIdentity {
  private known = new Map<string, { info: UserInfo | null; until: number }>();
  private pending = new Map<string, Promise<UserInfo | null>>();
  /** Tokens signed out while their question to the platform was in flight: that answer is not kept. */
  private forgotten = new Set<string>();

  constructor(
    private readonly upstreamUrl: string,
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The user info of an Authorization value, or null. Never throws. */
  async userInfo(authorization: string): Promise<UserInfo | null> {
    const hit = this.known.get(authorization);
    if (hit && hit.until > this.now()) return hit.info;
    let p = this.pending.get(authorization);
    if (!p) {
      this.forgotten.delete(authorization);
      const asked: Promise<UserInfo | null> = this.ask(authorization).finally(() => {
        if (this.pending.get(authorization) === asked) this.pending.delete(authorization);
      });
      p = asked;
      this.pending.set(authorization, p);
    }
    return p;
  }

  /**
   * The kept user info of an Authorization value (still within its time), null when the kept verdict
   * is a refusal, undefined when nothing is kept (never asked, expired, signed out): {@link userInfo}
   * would then ask the platform. Never asks, never waits.
   */
  keptInfo(authorization: string): UserInfo | null | undefined {
    const hit = this.known.get(authorization);
    return hit && hit.until > this.now() ? hit.info : undefined;
  }

  /** Forgets a token (it signed out): the next call asks the platform again. */
  forget(authorization: string | undefined): void {
    if (!authorization) return;
    this.known.delete(authorization);
    // A question in flight may answer with the live user; its answer must not be kept.
    if (this.pending.delete(authorization)) this.forgotten.add(authorization);
  }

  private async ask(authorization: string): Promise<UserInfo | null> {
    let info: UserInfo | null = null;
    try {
      const res = await fetch(`${this.upstreamUrl}/v1/admin/adminInfo`, {
        method: 'POST',
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const env = (await res.json()) as { code?: unknown; data?: unknown };
      if (res.ok && env.code === 200 && env.data && typeof env.data === 'object') info = env.data as UserInfo;
    } catch {
      info = null;
    }
    if (this.forgotten.delete(authorization)) return null;
    this.known.delete(authorization);
    this.known.set(authorization, { info, until: this.now() + (info ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS) });
    if (this.known.size > MAX_TOKENS) this.known.delete(this.known.keys().next().value!);
    return info;
  }
}
