import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SqlDriver } from '../console-db/driver.js';
import { ResultCode } from '../contract/envelope.js';
import { renderText, type Refusal } from '../contract/messages.js';
import { consoleSession, sessionRevoke, signInLog } from '../contract/sessions.js';
import type { ConsoleAccount } from '../mock/accounts.js';
import type { MockContext, MockSignIn } from '../mock/context.js';
import type { RevokedBy } from '../mock/sessions.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { platformAdminVerifier, type AdminVerifier } from '../platform/drift-routes.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import { onSignOut, signedOut } from '../plugins/sign-out.js';
import { platformIdentity, type IdentityOf } from '../audit/capture.js';
import { wallClock } from '../audit/entries.js';
import { summariseUserAgent } from './client.js';
import { SignInLog, type SignInAttempt, type SignInQuery } from './log.js';
import { PlatformSessions, type PlatformSignIn, type SessionGate } from './platform.js';

export { SIGN_IN_MIGRATIONS } from './log.js';
export type { SessionGate } from './platform.js';

/**
 * Sessions and the sign-in log (contract server/contract/sessions.ts), served by the console in
 * every mode under `/console/session/*` and `/console/signInLog/*`, never relayed.
 *
 * - Mock and replay: the mock's sessions (server/mock/sessions.ts); revoking one ends its token at
 *   once, and its next call answers HTTP 401 naming who ended it.
 * - Proxy and hybrid: the sessions that signed in through this console ({@link PlatformSessions});
 *   revoking one makes the console refuse its token (HTTP 401, both relay roads) until it expires
 *   and asks the platform to end it (`POST /v1/admin/logout` with that token).
 * - Who may: every signed-in user lists their own sessions and ends their others; administrators
 *   (an enabled `super` role; proxy: the platform's user info) list and end any but their current one (that is sign-out's); the sign-in log is
 *   for administrators only. Bodies are checked against the contract (a bad `id` answers 400 naming it).
 * - The sign-in log records every attempt the mock's login decides or the platform answers
 *   (signed in, refused, locked out), in the console database, pruned at the audit trail's retention.
 */

/** What the app wires: the mock's hooks, the proxy's login observer and gate. */
export interface ConsoleSessions {
  /**
   * Who calls with `authorization`, with their role ids (the user info's `roles[].id`) and whether
   * they administer (mock: an enabled `super` role; proxy and hybrid: the platform's user info, a
   * revoked token refused); or the refusal to answer (HTTP `status` 401, or 503 while the mock is not attached).
   */
  whoCalls(authorization: string | undefined): Promise<CallerRoles | { status: number; refusal: Refusal }>;
  /** Mock and replay: the mock whose sessions are listed and whose sign-ins are logged. */
  attachMock(ctx: MockContext): void;
  /** Proxy and hybrid: the observer of the platform's login answers; null in mock and replay. */
  observer: ExchangeObserver | null;
  /** Proxy and hybrid: what the relay asks before each call (revoked tokens refused); null otherwise. */
  gate: SessionGate | null;
  /**
   * Who calls with `authorization` (mock: the account of a live session; proxy and hybrid: the
   * platform user the token names, a revoked token refused), without asking whether they administer;
   * or the refusal to answer (HTTP `status` 401, or 503 while the mock is not attached).
   */
  identify(authorization: string | undefined): Promise<Identity | { status: number; refusal: Refusal }>;
}

/** A caller as {@link ConsoleSessions.identify} names them: `userId` 0 when the platform does not say. */
export interface Identity {
  userId: number;
  username: string;
}

/** A caller as {@link ConsoleSessions.whoCalls} names them: `userId` 0 when the platform does not say. */
export interface CallerRoles {
  userId: number;
  username: string;
  admin: boolean;
  roleIds: string[];
}

/** The caller of a session endpoint as the mode tells it. */
interface Caller {
  userId: number;
  username: string;
  admin: boolean;
  /** The caller's own session id, when the console knows it (proxy: signed in through this console). */
  currentId: number | null;
}

/** A session row before paging (`since`/`lastSeen` in ms). */
interface Row {
  id: number;
  userId: number | null;
  username: string;
  token: string;
  ip: string;
  client: string;
  since: number;
  lastSeen: number;
}

const PRUNE_EVERY_MS = 24 * 3600_000;
const ZH = { lang: 'zh_CN' as const, label: (p: string) => p, title: (e: string) => e };

/**
 * Registers the endpoints (see the module comment) on `root`, with the console database's driver
 * (null: no sign-in log; its list answers 503). Call before the mode's routes: the proxy is handed
 * {@link ConsoleSessions.observer} and {@link ConsoleSessions.gate}.
 */
export function registerSessions(root: FastifyInstance, config: Config, db: SqlDriver | null, now: () => number = Date.now): ConsoleSessions {
  const log = db ? new SignInLog(db) : null;
  const upstream = config.mode === 'proxy' || config.mode === 'hybrid' ? config.upstreamUrl : null;
  const platform = upstream ? new PlatformSessions(config.tokenTtl * 1000, now) : null;
  const identityOf: IdentityOf | null = upstream ? platformIdentity(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : null;
  const verifyAdmin: AdminVerifier | null = upstream ? platformAdminVerifier(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000), onSignOut: (forget) => onSignOut(root, forget) }) : null;
  let mock: MockContext | null = null;

  const keep = (a: SignInAttempt) => {
    if (!log) return;
    log.record(a).catch((err: unknown) => root.log.warn({ err }, 'sign-in log: an attempt could not be kept'));
  };
  const fromMock = (a: MockSignIn) => keep({ username: a.username, result: a.outcome === 'success' ? 1 : a.outcome === 'locked' ? 2 : 0, ip: a.ip, client: summariseUserAgent(a.userAgent), message: a.refusal ? renderText(a.refusal, ZH) : '', atMs: a.atMs });
  const fromPlatform = (a: PlatformSignIn) => keep({ username: a.username, result: a.outcome === 'success' ? 1 : a.outcome === 'locked' ? 2 : 0, ip: a.ip, client: summariseUserAgent(a.userAgent), message: a.message, atMs: a.atMs });

  // A sign-out relayed through the console forgets its session.
  if (platform) onSignOut(root, (a) => platform.forget(a));

  // Pruned at the audit trail's retention, at start and daily.
  if (log && config.auditRetentionDays > 0) {
    const prune = () => void log.prune(now() - config.auditRetentionDays * 86_400_000).catch((err: unknown) => root.log.warn({ err }, 'sign-in log: a prune failed'));
    root.addHook('onReady', async () => prune());
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    root.addHook('onClose', async () => clearInterval(timer));
  }

  /** The mock's roles of an account, as names. */
  const mockRoles = (ctx: MockContext, userId: number) => {
    const account = ctx.store.get<ConsoleAccount>('admin', userId);
    return (account?.roleIds ?? []).map((id) => String(ctx.store.get<{ name?: string }>('role', id)?.name ?? id)).join(',');
  };

  /** Proxy and hybrid: the platform user of a token, or the refusal (a revoked token, one the platform does not know). */
  async function platformCaller(authorization: string | undefined): Promise<Identity | { status: number; refusal: Refusal }> {
    const revoked = platform!.refusalOf(authorization);
    if (revoked) return { status: 401, refusal: revoked };
    const who = authorization?.trim() ? await identityOf!(authorization) : null;
    if (!who) return { status: 401, refusal: { key: 'session.notSignedIn' } };
    return { userId: who.userId, username: who.username };
  }

  /** Who calls, or the refusal to answer (not signed in, a revoked token, the platform away). */
  async function callerOf(authorization: string | undefined): Promise<Caller | { status: number; refusal: Refusal }> {
    if (platform && identityOf && verifyAdmin) {
      const who = await platformCaller(authorization);
      if ('refusal' in who) return who;
      const admin = (await verifyAdmin(authorization)).ok;
      return { userId: who.userId, username: who.username, admin, currentId: platform.ofToken(authorization)?.id ?? null };
    }
    const ctx = mock;
    if (!ctx) return { status: 503, refusal: { key: 'drift.noSessions' } };
    const s = ctx.sessions.verify(authorization);
    if (!s) {
      const by = ctx.sessions.revokedBy(authorization);
      return { status: 401, refusal: by ? { key: by === 'admin' ? 'session.revokedByAdmin' : 'session.revokedElsewhere' } : { key: 'session.notSignedIn' } };
    }
    const account = ctx.store.get<ConsoleAccount>('admin', s.userId);
    if (!account || account.status !== 1) return { status: 401, refusal: { key: 'session.expired' } };
    const { grantsOf } = await import('../mock/permissions.js');
    return { userId: s.userId, username: s.username, admin: grantsOf(ctx.store, account).isSuper, currentId: s.id ?? null };
  }

  /** Every live session the mode knows. */
  function rows(): Row[] {
    if (platform) return platform.list().map((s) => ({ id: s.id, userId: null, username: s.username, token: s.token, ip: s.ip, client: s.client, since: s.since, lastSeen: s.lastSeen }));
    if (!mock) return [];
    return mock.sessions.list().map((s) => ({ id: s.id ?? 0, userId: s.userId, username: s.username, token: s.token, ip: s.ip ?? '', client: s.client ?? '', since: s.since ?? s.expiresAt, lastSeen: s.lastSeen ?? s.since ?? s.expiresAt }));
  }

  /** Whether a session is the caller's user's (mock: the account; proxy: the username the platform names). */
  const isOwn = (r: Row, c: Caller) => (r.userId !== null ? r.userId === c.userId : r.username === c.username);

  /** The roles shown for a row: the mock's role names; proxy: the platform's role ids for the token (kept a minute). */
  async function rolesOf(r: Row): Promise<string> {
    if (mock && !platform && r.userId !== null) return mockRoles(mock, r.userId);
    if (identityOf) return (await identityOf(r.token))?.roles ?? '';
    return '';
  }

  /** Ends a session: mock — its token now; proxy — refused by the console, and the platform asked to end it. */
  async function end(r: Row, by: RevokedBy): Promise<void> {
    if (platform) {
      const s = platform.byId(r.id);
      if (!s) return;
      platform.revoke(s, by);
      // Verdicts kept about the token go (live-event streams end, the drift page's check).
      signedOut(root, s.token);
      try {
        await fetch(`${upstream}/v1/admin/logout`, { method: 'POST', headers: { authorization: s.token, 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(Math.min(config.upstreamTimeoutMs, 10_000)) }).then((res) => res.body?.cancel());
      } catch (err) {
        root.log.warn({ err }, 'sessions: the platform could not be asked to end a revoked session; the console refuses its token until it expires');
      }
      return;
    }
    mock?.sessions.revokeId(r.id, by);
  }

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const callers = new WeakMap<FastifyRequest, Caller>();
    // Checked before the body: an anonymous caller learns nothing about the schema.
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const c = await callerOf(req.headers.authorization);
      if ('refusal' in c) return sendEnvelope(reply, c.status, c.status === 503 ? 503 : ResultCode.unauthorized, c.refusal);
      callers.set(req, c);
    };
    const adminOnly = async (req: FastifyRequest, reply: FastifyReply) => {
      const c = await callerOf(req.headers.authorization);
      if ('refusal' in c) return sendEnvelope(reply, c.status, c.status === 503 ? 503 : ResultCode.unauthorized, c.refusal);
      if (!c.admin) return sendEnvelope(reply, 403, 403, { key: 'session.adminsOnly' });
      callers.set(req, c);
    };
    const optionalBody = async (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) req.body = {};
    };

    app.post(consoleSession.ops.list!, { schema: { body: consoleSession.schemas.query }, preValidation: optionalBody, onRequest: signedIn }, async (req) => {
      const c = callers.get(req)!;
      const q = req.body as { pageNum?: number; pageSize?: number; username?: string; sortField?: string; sortOrder?: string };
      let list = rows().filter((r) => c.admin || isOwn(r, c));
      if (q.username) list = list.filter((r) => r.username.toLowerCase().includes(q.username!.toLowerCase()));
      const key = q.sortField === 'lastSeen' ? 'lastSeen' : q.sortField === 'username' ? 'username' : 'since';
      const dir = q.sortOrder === 'asc' ? 1 : -1;
      list.sort((a, b) => (a[key] < b[key] ? -dir : a[key] > b[key] ? dir : (a.id - b.id) * dir));
      const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
      const pageNum = Math.max(q.pageNum ?? 1, 1);
      const page = list.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return ok({
        total: list.length,
        list: await Promise.all(
          page.map(async (r) => ({
            id: r.id,
            createTime: wallClock(r.since),
            updateTime: wallClock(r.lastSeen),
            username: r.username,
            roles: await rolesOf(r),
            ip: r.ip,
            client: r.client,
            since: wallClock(r.since),
            lastSeen: wallClock(r.lastSeen),
            current: r.id === c.currentId,
          })),
        ),
      });
    });

    app.post(sessionRevoke.path, { schema: { body: sessionRevoke.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const id = (req.body as { id: number }).id;
      const r = rows().find((x) => x.id === id);
      if (!r || (!c.admin && !isOwn(r, c))) {
        // Another user's session is as unknown to a non-administrator as one that does not exist.
        return sendEnvelope(reply, 200, ResultCode.notFound, { field: 'id', key: 'session.unknown', params: { id } });
      }
      // The caller's own session ends through sign-out (an administrator's too: it would cut the call's own answer short).
      if (r.id === c.currentId) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'session.notCurrent' });
      await end(r, c.admin && !isOwn(r, c) ? 'admin' : 'self');
      return ok(null);
    });

    app.post(signInLog.ops.list!, { schema: { body: signInLog.schemas.query }, preValidation: optionalBody, onRequest: adminOnly }, async (req, reply) => {
      if (!log) return sendEnvelope(reply, 503, 503, { key: 'session.unreadable' });
      try {
        return ok(await log.list(req.body as SignInQuery));
      } catch (err) {
        reply.log.warn({ err }, 'sign-in log unreadable');
        return sendEnvelope(reply, 503, 503, { key: 'session.unreadable' });
      }
    });
  });

  /** The role ids of a caller (mock: the keys of the account's enabled roles; proxy: the platform's user info, kept a minute). */
  async function roleIdsOf(authorization: string | undefined, c: Caller): Promise<string[]> {
    if (identityOf) return ((await identityOf(authorization ?? ''))?.roles ?? '').split(',').filter(Boolean);
    const ctx = mock;
    const account = ctx?.store.get<ConsoleAccount>('admin', c.userId);
    if (!ctx || !account) return [];
    const { grantsOf } = await import('../mock/permissions.js');
    return grantsOf(ctx.store, account).roles.map((r) => r.roleKey);
  }

  const attached = new WeakSet<MockContext>();
  return {
    async whoCalls(authorization) {
      const c = await callerOf(authorization);
      if ('refusal' in c) return c;
      return { userId: c.userId, username: c.username, admin: c.admin, roleIds: await roleIdsOf(authorization, c) };
    },
    attachMock(ctx) {
      if (platform || attached.has(ctx)) return;
      attached.add(ctx);
      mock = ctx;
      ctx.signIns.add(fromMock);
    },
    observer: platform ? platform.loginObserver(fromPlatform) : null,
    gate: platform,
    async identify(authorization) {
      if (platform && identityOf) return platformCaller(authorization);
      const c = await callerOf(authorization);
      return 'refusal' in c ? c : { userId: c.userId, username: c.username };
    },
  };
}
