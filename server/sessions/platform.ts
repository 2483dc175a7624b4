import type { Exchange, ExchangeObserver } from '../platform/exchange.js';
import type { Refusal } from '../contract/messages.js';
import type { RevokedBy } from '../mock/sessions.js';
import { summariseUserAgent } from './client.js';

/**
 * Proxy and hybrid modes: the sessions that signed in through this console. The platform lists no
 * sessions, so the console keeps what it sees — a successful `POST /v1/admin/login` (either API
 * prefix) answered by the platform opens one, each call with its token moves `lastSeen` — and
 * forgets a session idle for `idleMs` (the platform's tokens live no longer than TOKEN_TTL).
 * A revoked token is refused by the console itself until it would have expired ({@link refusalOf}),
 * whatever the platform says: the set is bounded ({@link REVOKED_KEPT}) and entries are dropped at expiry.
 * One process's memory: replicas each know the sign-ins they relayed.
 */

/** A session as the console saw it sign in: `token` the full Authorization value. */
export interface SeenSession {
  id: number;
  token: string;
  username: string;
  ip: string;
  client: string;
  since: number;
  lastSeen: number;
}

/** What the proxy asks of the sessions before relaying a call (both roads). */
export interface SessionGate {
  /** The refusal for a revoked token (its next call is told who ended it), else null; never throws. */
  refusalOf(authorization: string | undefined): Refusal | null;
  /** Moves the token's `lastSeen` (a relayed call). */
  seen(authorization: string | undefined): void;
}

/** A sign-in attempt the platform answered, as the sign-in log keeps it. */
export interface PlatformSignIn {
  username: string;
  ip: string;
  userAgent: string | undefined;
  outcome: 'success' | 'failure' | 'locked';
  message: string;
  atMs: number;
}

/** Revoked tokens remembered at once (oldest forgotten first). */
export const REVOKED_KEPT = 10_000;
/** Sessions kept at once (the least recently seen forgotten first). */
const SESSIONS_KEPT = 10_000;
const LOGIN = /^\/(?:api\/)?v1\/admin\/login$/i;

/** The console's memory of platform sessions (see the module comment). `now` in ms since the epoch. */
export class PlatformSessions implements SessionGate {
  private byToken = new Map<string, SeenSession>();
  private revoked = new Map<string, { by: RevokedBy; until: number }>();
  private nextId = 1;

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a session for a token the platform just issued. */
  open(token: string, username: string, ip: string, client: string, at = this.now()): SeenSession {
    const s: SeenSession = { id: this.nextId++, token, username, ip, client, since: at, lastSeen: at };
    this.byToken.set(token, s);
    if (this.byToken.size > SESSIONS_KEPT) this.byToken.delete(this.byToken.keys().next().value!);
    return s;
  }

  seen(authorization: string | undefined): void {
    if (!authorization || this.byToken.size === 0) return;
    const s = this.byToken.get(authorization);
    if (s) s.lastSeen = this.now();
  }

  /** Every session not idle past `idleMs`, oldest first. */
  list(): SeenSession[] {
    const t = this.now();
    for (const [k, s] of this.byToken) if (s.lastSeen + this.idleMs <= t) this.byToken.delete(k);
    return [...this.byToken.values()];
  }

  /** The session of an Authorization value, or null. */
  ofToken(authorization: string | undefined): SeenSession | null {
    return authorization ? (this.byToken.get(authorization) ?? null) : null;
  }

  byId(id: number): SeenSession | null {
    return this.list().find((s) => s.id === id) ?? null;
  }

  /** Refuses the session's token from now until `idleMs` after its last call, and forgets the session. */
  revoke(s: SeenSession, by: RevokedBy): void {
    const t = this.now();
    for (const [k, r] of this.revoked) if (r.until <= t) this.revoked.delete(k);
    if (this.revoked.size >= REVOKED_KEPT) this.revoked.delete(this.revoked.keys().next().value!);
    this.revoked.set(s.token, { by, until: Math.max(s.lastSeen, t) + this.idleMs });
    this.byToken.delete(s.token);
  }

  /** Forgets a session that signed out. */
  forget(authorization: string): void {
    this.byToken.delete(authorization);
  }

  refusalOf(authorization: string | undefined): Refusal | null {
    if (!authorization || this.revoked.size === 0) return null;
    const r = this.revoked.get(authorization);
    if (!r) return null;
    if (r.until <= this.now()) {
      this.revoked.delete(authorization);
      return null;
    }
    return { key: r.by === 'admin' ? 'session.revokedByAdmin' : 'session.revokedElsewhere' };
  }

  /** How many tokens are refused now (tests, bounds). */
  revokedCount(): number {
    return this.revoked.size;
  }

  /**
   * The observer of the platform's login answers: a success opens a session; every answer is an
   * attempt for the sign-in log (`onSignIn`; envelope 429 a lock-out). The request's password is never read.
   */
  loginObserver(onSignIn: (a: PlatformSignIn) => void): ExchangeObserver {
    return {
      wants: (method, path) => method === 'POST' && LOGIN.test(path),
      observe: (e: Exchange) => {
        if (e.method !== 'POST' || !LOGIN.test(e.path)) return;
        const req = parse(e.request.body) as { username?: unknown } | null;
        const ans = parse(e.answer.body) as { code?: unknown; message?: unknown; data?: { token?: unknown; tokenHead?: unknown } } | null;
        const username = typeof req?.username === 'string' ? req.username.trim().slice(0, 64) : '';
        const ip = e.clientIp ?? '';
        const ua = e.requestHeaders['user-agent'];
        const userAgent = Array.isArray(ua) ? ua[0] : ua;
        const message = typeof ans?.message === 'string' ? ans.message : '';
        if (e.status === 200 && ans?.code === 200 && typeof ans.data?.token === 'string') {
          const token = `${typeof ans.data.tokenHead === 'string' ? ans.data.tokenHead : ''}${ans.data.token}`;
          this.open(token, username, ip, summariseUserAgent(userAgent), e.at);
          onSignIn({ username, ip, userAgent, outcome: 'success', message: '', atMs: e.at });
          return;
        }
        onSignIn({ username, ip, userAgent, outcome: ans?.code === 429 || e.status === 429 ? 'locked' : 'failure', message: message || `HTTP ${e.status}`, atMs: e.at });
      },
    };
  }
}

function parse(b: Buffer | null): unknown {
  if (!b) return null;
  try {
    return JSON.parse(b.toString('utf8'));
  } catch {
    return null;
  }
}
