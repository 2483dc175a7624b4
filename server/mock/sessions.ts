import { randomBytes } from 'node:crypto';

export interface Session {
  token: string;
  userId: number;
  username: string;
  /** Absolute expiry time in ms. */
  expiresAt: number;
  /** The session's public id (`/console/session/*`; never the token), counted from 1 per process. */
  id?: number;
  /** Client address and summarised User-Agent at sign-in ('' when unknown). */
  ip?: string;
  client?: string;
  /** Signed in at, and the last API call, in ms since the epoch. */
  since?: number;
  lastSeen?: number;
}

/** Who ended a revoked session: an administrator, or its own user from another session. */
export type RevokedBy = 'admin' | 'self';

/** Revoked tokens remembered at once (oldest forgotten first); each is forgotten at its expiry anyway. */
const REVOKED_KEPT = 10_000;

/** The scheme part of the Authorization header; the client stores `tokenHead + token` (spec §3). */
export const TOKEN_HEAD = 'Bearer ';

/**
 * In-memory session tokens for mock mode. A token lives `ttlSeconds` from login (TOKEN_TTL) so the
 * session-timeout path can be demonstrated; `now` is injectable so tests need not wait.
 */
export class SessionStore {
  private byToken = new Map<string, Session>();
  private ended = new Set<(token: string) => void>();
  /** Tokens ended through {@link revokeId}, until they would have expired: their next call is told why. */
  private revoked = new Map<string, { by: RevokedBy; expiresAt: number }>();
  private nextId = 1;
  constructor(
    private ttlSeconds: number,
    private now: () => number,
  ) {}

  /** A new session of an account; `meta` the client's address and summarised User-Agent. */
  issue(userId: number, username: string, meta: { ip?: string; client?: string } = {}): Session {
    this.sweep();
    const t = this.now();
    const s: Session = { token: randomBytes(24).toString('base64url'), userId, username, expiresAt: t + this.ttlSeconds * 1000, id: this.nextId++, ip: meta.ip ?? '', client: meta.client ?? '', since: t, lastSeen: t };
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

  /** {@link verify}, and the session's `lastSeen` moved to now (an API call, not a check of the console's own). */
  touch(authorization: string | undefined): Session | null {
    const s = this.verify(authorization);
    if (s) s.lastSeen = this.now();
    return s;
  }

  /** Every live session, oldest first. */
  list(): Session[] {
    this.sweep();
    return [...this.byToken.values()];
  }

  /** The live session of a public id, or null. */
  byId(id: number): Session | null {
    for (const s of this.list()) if (s.id === id) return s;
    return null;
  }

  /**
   * Ends the session of a public id at once, remembering its token until its expiry (bounded to
   * {@link REVOKED_KEPT}) so its next call is told who ended it ({@link revokedBy}). Answers whether one was live.
   */
  revokeId(id: number, by: RevokedBy): boolean {
    const s = this.byId(id);
    if (!s) return false;
    const t = this.now();
    for (const [k, r] of this.revoked) if (r.expiresAt <= t) this.revoked.delete(k);
    if (this.revoked.size >= REVOKED_KEPT) this.revoked.delete(this.revoked.keys().next().value!);
    this.revoked.set(s.token, { by, expiresAt: s.expiresAt });
    this.end(s.token);
    return true;
  }

  /** Who ended the token of an Authorization value through {@link revokeId}, or null (never revoked, or past its expiry). */
  revokedBy(authorization: string | undefined): RevokedBy | null {
    if (!authorization) return null;
    const token = authorization.startsWith(TOKEN_HEAD) ? authorization.slice(TOKEN_HEAD.length).trim() : authorization.trim();
    const r = this.revoked.get(token);
    if (!r) return null;
    if (r.expiresAt <= this.now()) {
      this.revoked.delete(token);
      return null;
    }
    return r.by;
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
