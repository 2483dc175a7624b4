import { randomBytes } from 'node:crypto';

export interface Session {
  token: string;
  userId: number;
  username: string;
  /** Absolute expiry time in ms. */
  expiresAt: number;
}

/** The scheme part of the Authorization header; the client stores `tokenHead + token` (spec §3). */
export const TOKEN_HEAD = 'Bearer ';

/**
 * In-memory session tokens for mock mode. A token lives `ttlSeconds` from login (TOKEN_TTL) so the
 * session-timeout path can be demonstrated; `now` is injectable so tests need not wait.
 */
export class SessionStore {
  private byToken = new Map<string, Session>();
  constructor(
    private ttlSeconds: number,
    private now: () => number,
  ) {}

  issue(userId: number, username: string): Session {
    this.sweep();
    const s = { token: randomBytes(24).toString('base64url'), userId, username, expiresAt: this.now() + this.ttlSeconds * 1000 };
    this.byToken.set(s.token, s);
    return s;
  }

  /** The live session for an Authorization header value (`Bearer <token>` or the bare token), or null. */
  verify(authorization: string | undefined): Session | null {
    if (!authorization) return null;
    const token = authorization.startsWith(TOKEN_HEAD) ? authorization.slice(TOKEN_HEAD.length).trim() : authorization.trim();
    const s = this.byToken.get(token);
    if (!s) return null;
    if (s.expiresAt <= this.now()) {
      this.byToken.delete(token);
      return null;
    }
    return s;
  }

  revoke(authorization: string | undefined): void {
    const s = this.verify(authorization);
    if (s) this.byToken.delete(s.token);
  }

  /** Ends every session of an account (password changed or reset: "signs the user out everywhere"). @returns how many ended. */
  revokeUser(userId: number): number {
    let n = 0;
    for (const [k, s] of this.byToken)
      if (s.userId === userId) {
        this.byToken.delete(k);
        n++;
      }
    return n;
  }

  private sweep() {
    const t = this.now();
    for (const [k, s] of this.byToken) if (s.expiresAt <= t) this.byToken.delete(k);
  }
}
