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
  private ended = new Set<(token: string) => void>();
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
    if (s) this.end(s.token);
  }

  /** Hears each token that ends by sign-out or by {@link revokeUser} (open live-event streams close); answers the removal. */
  onEnd(fn: (token: string) => void): () => void {
    this.ended.add(fn);
    return () => this.ended.delete(fn);
  }

  private end(token: string): void {
    this.byToken.delete(token);
    for (const fn of this.ended) fn(token);
  }

  /** Ends every session of an account (password changed or reset: "signs the user out everywhere"). @returns how many ended. */
  revokeUser(userId: number): number {
    let n = 0;
    for (const [k, s] of this.byToken)
      if (s.userId === userId) {
        this.end(k);
        n++;
      }
    return n;
  }

  private sweep() {
    const t = this.now();
    for (const [k, s] of this.byToken) if (s.expiresAt <= t) this.byToken.delete(k);
  }
}

/**
 * Counts events per key in a sliding window (sign-in attempts per client address, failed sign-ins
 * per account) and says how long a key must wait once it reached `max`. Memory is bounded: at most
 * `maxKeys` keys are kept, the least recently counted dropped first.
 */
export class AttemptLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private max: number,
    private windowMs: number,
    private now: () => number,
    private maxKeys = 10_000,
  ) {}

  /** Seconds `key` must wait before its next attempt, 0 when it may go ahead. */
  waitSeconds(key: string): number {
    const list = this.live(key);
    if (list.length < this.max) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.max] + this.windowMs - this.now()) / 1000));
  }

  /** Counts one event of `key`; answers how many are in the window now. */
  hit(key: string): number {
    const list = this.live(key);
    list.push(this.now());
    if (list.length > this.max) list.splice(0, list.length - this.max);
    this.hits.delete(key);
    this.hits.set(key, list);
    if (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
    return list.length;
  }

  /** Forgets `key` (a successful sign-in clears its failures). */
  clear(key: string): void {
    this.hits.delete(key);
  }

  private live(key: string): number[] {
    const t = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((x) => x > t);
    return list;
  }
}
