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
}

/** How long a resolved token is trusted before the platform is asked again, in ms. */
const POSITIVE_TTL_MS = 60_000;
/** How long a refused token is remembered (a burst of calls with a dead token asks once), in ms. */
const NEGATIVE_TTL_MS = 5_000;
/** Most tokens remembered; the oldest is forgotten first. */
const MAX_TOKENS = 10_000;

/**
 * Hybrid mode's sessions (issue 14): the session is the platform's, and the mock, which issues no
 * token in hybrid mode, accepts the platform's for the endpoints it answers. Rule:
 *
 * 1. The platform is asked who the token belongs to, once per token per minute:
 *    `POST <platform>/v1/admin/adminInfo` with the same Authorization header (spec §3 user info).
 *    A token the platform refuses (envelope code other than 200, HTTP error, unreachable) is no
 *    session: the mock answers envelope 401, as the platform would.
 * 2. The platform's user is mapped to a mock account, whose roles then govern the mock's endpoints
 *    (server/mock/permissions.ts): the enabled account with the same username, else the first
 *    enabled account holding a role whose key equals one of the platform user's role ids (roles are
 *    matched by value, e.g. `super`, `operator`). No match → no session (401), so a platform user
 *    never gets more from the mock than a mock account with the same role would.
 */
export class PlatformSessions {
  private known = new Map<string, { session: Session | null; until: number }>();
  private pending = new Map<string, Promise<Session | null>>();

  constructor(
    private readonly upstreamUrl: string,
    private readonly directory: AccountDirectory,
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The session of an Authorization header value, or null (see class doc). Never throws. */
  async resolve(authorization: string | undefined): Promise<Session | null> {
    if (!authorization) return null;
    const hit = this.known.get(authorization);
    if (hit && hit.until > this.now()) return hit.session;
    let p = this.pending.get(authorization);
    if (!p) {
      p = this.ask(authorization).finally(() => this.pending.delete(authorization));
      this.pending.set(authorization, p);
    }
    return p;
  }

  private async ask(authorization: string): Promise<Session | null> {
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
    const account = info ? this.accountFor(info) : null;
    const session: Session | null = account
      ? { token: authorization, userId: account.id, username: account.username, expiresAt: this.now() + POSITIVE_TTL_MS }
      : null;
    this.known.delete(authorization);
    this.known.set(authorization, { session, until: this.now() + (session ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS) });
    if (this.known.size > MAX_TOKENS) this.known.delete(this.known.keys().next().value!);
    return session;
  }

  /** The mock account a platform user maps to (same username, else a shared role key), or null. */
  accountFor(info: Pick<UserInfo, 'username' | 'roles'>): MappableAccount | null {
    const enabled = [...this.directory.accounts()].filter((a) => a.status === 1);
    const same = enabled.find((a) => a.username === info.username);
    if (same) return same;
    const keys = new Set((Array.isArray(info.roles) ? info.roles : []).map((r) => String(r?.id)));
    return enabled.find((a) => a.roleIds.some((id) => keys.has(this.directory.roleKeyOf(id) ?? ''))) ?? null;
  }
}
