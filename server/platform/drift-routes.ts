import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey, Refusal } from '../contract/messages.js';
import type { Config } from '../config.js';
import { ResultCode } from '../contract/envelope.js';
import { sendEnvelope, ok } from '../plugins/envelope.js';
import type { ConsoleAccount } from '../mock/accounts.js';
import type { MockContext } from '../mock/context.js';
import type { DriftMonitor } from './drift.js';
import { onSignOut } from '../plugins/sign-out.js';

/**
 * The console server's own endpoints of the contract-drift monitor, outside the
 * prefixes that go to the platform (`/v1`, `/api/v1`, `/upload`):
 *
 * - `GET /console/drift[?after=<id>]` → envelope `{code: 200, data: DriftReport}`: every kept drift
 *   (or only those with `id > after`, what a poller has not seen), the counters and `version`.
 *   Answers carry `ETag: W/"drift-<version>-<after>"`; a request with that `If-None-Match`
 *   answers 304 with no body (the console's poller, web/app/drift-poll.ts, asks every minute).
 * - `GET /console/drift?format=download` and `GET /console/drift.json` → the same report as a JSON
 *   file (`Content-Disposition: attachment; filename="contract-drift-<time>.json"`), no envelope:
 *   what the platform team is sent.
 * - `POST /console/drift/reset` → envelope `{count}`: forgets every drift and counter.
 *
 * Administrators only. The console server has no session of its own in proxy or hybrid mode, so
 * the caller's `Authorization` is shown to the platform (`POST <UPSTREAM_URL>/v1/admin/adminInfo`)
 * and the answer's roles must include one of `adminRoles` (default `super`, the role the route
 * table's admin-only groups name); the verdict is cached per token for `cacheMs`, and dropped when
 * that token signs out through the console (server/plugins/sign-out.ts). In mock and replay modes
 * the mock's own sessions and roles decide. No token or an expired one: HTTP 401 (envelope code 401);
 * not an administrator: HTTP 403; the platform could not be asked: HTTP 502.
 */

export type { DriftReport } from '../contract/drift.js';
import type { DriftReport } from '../contract/drift.js';

export type AdminCheck = { ok: true } | { ok: false; status: 401 | 403 | 502 | 503; message: Refusal };
/** Decides whether an `Authorization` value belongs to an administrator. */
export type AdminVerifier = (authorization: string | undefined) => Promise<AdminCheck>;

export interface DriftRouteOptions {
  /** Replaces the default check (see the module comment); tests and other modes. */
  verifyAdmin?: AdminVerifier;
  /** Role ids (`roles[].id` of the user info) that may read and reset drifts. Default `['super']`. */
  adminRoles?: readonly string[];
  /** How long a verdict of the platform is reused for the same token, in ms. Default 30,000. */
  cacheMs?: number;
  fetchImpl?: typeof globalThis.fetch;
  now?: () => number;
}

/** Role ids allowed by default: the route table's admin-only role (server/contract/route-table.ts). */
export const DRIFT_ADMIN_ROLES = ['super'] as const;
/** Tokens whose verdict is remembered at once (oldest forgotten first). */
const CACHE_SIZE = 256;

const deny = (status: 401 | 403 | 502 | 503, key: MessageKey): AdminCheck => ({ ok: false, status, message: { key } });

/** Asks the platform who the token belongs to (its user info, spec §3) and whether one of its roles is an admin role. */
export function platformAdminVerifier(
  upstreamUrl: string,
  opts: { adminRoles?: readonly string[]; cacheMs?: number; fetchImpl?: typeof globalThis.fetch; now?: () => number; timeoutMs?: number; onSignOut?: (forget: (authorization: string) => void) => void } = {},
): AdminVerifier {
  const roles = new Set(opts.adminRoles ?? DRIFT_ADMIN_ROLES);
  const cacheMs = opts.cacheMs ?? 30_000;
  const doFetch = opts.fetchImpl ?? globalThis.fetch;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { verdict: AdminCheck; until: number }>();
  // A signed-out token's verdict goes with it.
  opts.onSignOut?.((authorization) => cache.delete(authorization));
  return async (authorization) => {
    if (!authorization?.trim()) return deny(401, 'drift.notSignedIn');
    const hit = cache.get(authorization);
    if (hit && hit.until > now()) return hit.verdict;
    let verdict: AdminCheck;
    try {
      const res = await doFetch(`${upstreamUrl}/v1/admin/adminInfo`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const body = (await res.json().catch(() => null)) as { code?: unknown; data?: { roles?: { id?: unknown }[] } } | null;
      if (res.status === 401 || body?.code === ResultCode.unauthorized) verdict = deny(401, 'session.notSignedIn');
      else if (!res.ok || body?.code !== ResultCode.success) return deny(502, 'drift.noIdentity');
      else verdict = (body.data?.roles ?? []).some((r) => roles.has(String(r?.id))) ? { ok: true } : deny(403, 'drift.adminsOnly');
    } catch {
      return deny(502, 'drift.noIdentity');
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(authorization, { verdict, until: now() + cacheMs });
    return verdict;
  };
}

/** Mock mode: the mock's sessions and roles (an enabled `super` role). Loaded lazily so proxy mode never loads mock code. */
export function mockAdminVerifier(app: FastifyInstance): AdminVerifier {
  return async (authorization) => {
    const ctx = (app as unknown as { __mockCtx?: MockContext }).__mockCtx;
    if (!ctx) return deny(503, 'drift.noSessions');
    const session = ctx.sessions.verify(authorization);
    if (!session) return deny(401, 'session.notSignedIn');
    const { grantsOf } = await import('../mock/permissions.js');
    const account = ctx.store.get<ConsoleAccount>('admin', session.userId);
    if (!account || account.status !== 1) return deny(401, 'session.expired');
    return grantsOf(ctx.store, account).isSuper ? { ok: true } : deny(403, 'drift.adminsOnly');
  };
}

function report(monitor: DriftMonitor, after: number): DriftReport {
  return { enabled: monitor.enabled, version: monitor.version(), generatedAt: Date.now(), stats: monitor.stats(), entries: monitor.list({ after }) };
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function sendDownload(reply: FastifyReply, monitor: DriftMonitor) {
  const doc = report(monitor, 0);
  return reply
    .header('content-disposition', `attachment; filename="contract-drift-${stamp(doc.generatedAt)}.json"`)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(doc, null, 2));
}

/**
 * Registers the drift endpoints (see the module comment) on the console server. Call it once in
 * every mode that has a monitor (app.ts); `config` picks how callers are verified.
 */
export function registerDriftRoutes(app: FastifyInstance, monitor: DriftMonitor, config: Pick<Config, 'mode' | 'upstreamUrl' | 'upstreamTimeoutMs'>, opts: DriftRouteOptions = {}): void {
  const verify: AdminVerifier =
    opts.verifyAdmin ??
    // Replay signs in against the mock, so only proxy and hybrid ask the platform.
    (config.upstreamUrl && (config.mode === 'proxy' || config.mode === 'hybrid')
      ? platformAdminVerifier(config.upstreamUrl, { ...opts, timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000), onSignOut: (forget) => onSignOut(app, forget) })
      : mockAdminVerifier(app));

  async function guard(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const v = await verify(req.headers.authorization);
    if (v.ok) return true;
    void sendEnvelope(reply, v.status, v.status, v.message);
    return false;
  }

  app.get<{ Querystring: { after?: string; format?: string } }>('/console/drift', async (req, reply) => {
    if (!(await guard(req, reply))) return reply;
    if (req.query.format === 'download') return sendDownload(reply, monitor);
    const raw = req.query.after ?? '0';
    if (!/^\d{1,15}$/.test(raw)) return sendEnvelope(reply, 400, ResultCode.badRequest, { field: 'after', key: 'validation.type.integer' });
    const after = Number(raw);
    const etag = `W/"drift-${monitor.version()}-${after}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return ok(report(monitor, after));
  });

  app.get('/console/drift.json', async (req, reply) => {
    if (!(await guard(req, reply))) return reply;
    return sendDownload(reply, monitor);
  });

  app.post('/console/drift/reset', async (req, reply) => {
    if (!(await guard(req, reply))) return reply;
    return ok({ count: monitor.reset() });
  });
}
