import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SqlDriver } from '../console-db/driver.js';
import { ResultCode } from '../contract/envelope.js';
import { renderText, type Refusal } from '../contract/messages.js';
import { APPROVAL_RULES, APPROVAL_SENT_CODE, ApprovalStatus, approval, approvalApprove, approvalReject, approvalRules, type ApprovalAsk, type ApprovalRule } from '../contract/approvals.js';
import { targetIdsOf, type Who } from '../audit/entries.js';
import { platformIdentity, type IdentityOf } from '../audit/capture.js';
import type { ConsoleAccount } from '../mock/accounts.js';
import type { MockContext } from '../mock/context.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { platformAdminVerifier, type AdminVerifier } from '../platform/drift-routes.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import { pathOf } from '../plugins/canonical-path.js';
import { onSignOut } from '../plugins/sign-out.js';
import { ApprovalStore, rowFor, type ApprovalQuery, type ApprovalRow } from './store.js';

export { APPROVAL_MIGRATIONS } from './store.js';

/**
 * Four eyes on sensitive actions (contract server/contract/approvals.ts), in every mode:
 *
 * - The gate: a call of an operation of {@link APPROVAL_RULES} above its threshold (settings
 *   `APPROVAL_*`, server/config.ts) is kept as a pending approval in the console database and
 *   answered envelope code 202 `approval.sent` (`params.id`); nothing is carried out. Mock mode
 *   gates in a `preHandler` hook before the mock's handlers (the body is parsed and checked by then);
 *   proxy and hybrid read the body of those few paths in an `onRequest` hook (the relay leaves them to
 *   Fastify) and hand a call that does not wait back to the relay as the same request.
 * - A second person: in mock mode a call waits only when an enabled account other than the caller
 *   holds the approver permission (a console's only administrator acts alone, recorded in the trail
 *   as any write); proxy and hybrid cannot list the platform's accounts, so there it always waits.
 * - The reason: the `x-approval-reason` header (URL-encoded), else the payload's own `reason`,
 *   `remark` or `auditRemark`; without one the call answers 400 naming `approvalReason`.
 * - Deciding: `/console/approval/approve|reject` by another user with the approver permission
 *   (mock: the super administrator or a role holding the resource `/console/approval/approve`;
 *   proxy: the platform's administrators), once, before `APPROVAL_HOURS`.
 * - Running: an approved write runs as the requester (mock: a live session of the requester, else one
 *   made for the run and ended after it; proxy: the requester's token as this process kept it, and
 *   `approval.requesterGone` when it is gone), marked so the gate lets it through, and recorded in
 *   the trail as the requester's with the approver and the approval beside its fields; the decision
 *   itself is a trail entry of the approver's (`approval.approve`, `approval.reject`).
 * - Telling: every new and decided approval is a live event of entity `approval` (server/events).
 */

/** What the app wires: the mock whose sessions and roles decide. */
export interface ConsoleApprovals {
  attachMock(ctx: MockContext): void;
  /** Proxy and hybrid: whether the relay leaves a call to Fastify (a gated path: its body is read here). */
  holds(method: string, path: string): boolean;
}

interface Caller extends Who {
  approver: boolean;
  authorization: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** An approved write being run: the approval and who approved it (server/audit/capture.ts keeps them). */
    approvalRun?: { id: number; approvedBy: string };
  }
}

const RULES = new Map(APPROVAL_RULES.map((r) => [r.path, r]));
const APPROVE_RESOURCE = approvalApprove.path;
const ZH = { lang: 'zh_CN' as const, label: (p: string) => p, title: (e: string) => e };
/** The header that marks a run of an approved write (a secret of this process, never sent to a client). */
const RUN_HEADER = 'x-console-approval-run';
const REASON_HEADER = 'x-approval-reason';

/** Keys whose value differs between two states (shallow, `updateTime` included: a write moves it). */
function changedFields(before: unknown, now: unknown): string[] {
  if (JSON.stringify(before) === JSON.stringify(now)) return [];
  if (!before || !now || typeof before !== 'object' || typeof now !== 'object' || Array.isArray(before) !== Array.isArray(now)) return ['*'];
  const a = before as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return keys.length ? keys : ['*'];
}

/** The requester's reason: the header, else the payload's own. */
function reasonOf(req: FastifyRequest, body: Record<string, unknown>): string {
  const h = req.headers[REASON_HEADER];
  if (typeof h === 'string' && h.trim()) {
    try {
      return decodeURIComponent(h).trim().slice(0, 255);
    } catch {
      return h.trim().slice(0, 255);
    }
  }
  for (const k of ['reason', 'remark', 'auditRemark']) if (typeof body[k] === 'string' && (body[k] as string).trim()) return (body[k] as string).trim().slice(0, 255);
  return '';
}

/**
 * Registers the gate and the endpoints (see the module comment) on `root`. Call before the mode's
 * routes (the gate's hooks must precede the mock's handlers). Without a console database the gate
 * refuses what would wait (503 `approval.unavailable`): it never lets such a call through unchecked.
 */
export function registerApprovals(root: FastifyInstance, config: Config, db: SqlDriver | null, now: () => number = Date.now): ConsoleApprovals {
  const store = db ? new ApprovalStore(db, now) : null;
  const upstream = config.mode === 'proxy' || config.mode === 'hybrid' ? config.upstreamUrl : null;
  const identityOf: IdentityOf | null = upstream ? platformIdentity(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : null;
  const verifyAdmin: AdminVerifier | null = upstream ? platformAdminVerifier(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000), onSignOut: (forget) => onSignOut(root, forget) }) : null;
  const secret = randomBytes(24).toString('base64url');
  const secretBytes = Buffer.from(secret);
  /** Proxy: the requester's token per pending approval, in this process only (never in the database). */
  const tokens = new Map<number, string>();
  let mock: MockContext | null = null;
  const hours = config.approvalHours;
  const thresholdOf = (r: ApprovalRule) => (r.threshold === 'privilegedRole' ? 0 : config.approvalThresholds[r.threshold]);

  /** Who calls, or null (not signed in). */
  async function callerOf(authorization: string | undefined): Promise<Caller | null> {
    if (!authorization?.trim()) return null;
    if (identityOf && verifyAdmin) {
      const who = await identityOf(authorization);
      if (!who) return null;
      return { ...who, approver: (await verifyAdmin(authorization)).ok, authorization };
    }
    const ctx = mock;
    if (!ctx) return null;
    const s = ctx.sessions.verify(authorization);
    const account = s ? ctx.store.get<ConsoleAccount>('admin', s.userId) : undefined;
    if (!s || !account || account.status !== 1) return null;
    const { grantsOf, mayCall } = await import('../mock/permissions.js');
    const g = grantsOf(ctx.store, account);
    return { userId: s.userId, username: s.username, roles: g.roles.map((r) => r.roleKey).join(','), approver: mayCall(g, APPROVE_RESOURCE), authorization };
  }

  /** Whether an enabled account other than `userId` holds the approver permission (proxy: the console cannot tell, so yes). */
  async function anotherApprover(userId: number): Promise<boolean> {
    const ctx = mock;
    if (upstream || !ctx) return true;
    const { grantsOf, mayCall } = await import('../mock/permissions.js');
    for (const a of ctx.store.col('admin').values() as Iterable<ConsoleAccount>) if (a.id !== userId && a.status === 1 && mayCall(grantsOf(ctx.store, a), APPROVE_RESOURCE)) return true;
    return false;
  }

  /** Reads an endpoint through this console as the holder of `authorization` (so every mode answers it as it would the client). */
  const askAs =
    (authorization: string): ApprovalAsk =>
    async (path, body) => {
      const res = await root.inject({ method: 'POST', url: path, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      try {
        const env = JSON.parse(res.body) as { code?: number; data?: unknown };
        return env.code === ResultCode.success && env.data && typeof env.data === 'object' ? (env.data as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    };

  const publish = (row: ApprovalRow, op: 'add' | 'update', by: Who) =>
    root.liveEvents?.hub.publish([{ entity: 'approval', recordId: row.id, op, by: { userId: by.userId, username: by.username }, fields: op === 'update' ? ['status'] : [], at: now() }]);

  /** Keeps a trail entry of the console's own (a decision), when the trail is on. */
  function trail(caller: Caller, ip: string, operation: string, row: ApprovalRow, fields: Record<string, unknown>) {
    root.auditTrail?.record({
      atMs: now(),
      userId: caller.userId,
      username: caller.username,
      roles: caller.roles,
      ip,
      operation,
      area: 'system',
      entity: row.entity,
      targetIds: row.targetIds,
      outcome: 1,
      code: 200,
      status: 200,
      message: '',
      servedBy: 'console',
      fields: JSON.stringify({ approvalId: row.id, operation: row.operation, requester: row.requesterName, requesterId: row.requesterId, ...fields }),
      changes: '',
    });
  }

  /** Whether a request carries this process's run mark (an approved write being run). */
  function runMarkOf(req: FastifyRequest): { id: number; approvedBy: string } | null {
    const h = req.headers[RUN_HEADER];
    if (typeof h !== 'string') return null;
    const [s, id, by] = h.split('.');
    const given = Buffer.from(s ?? '');
    if (given.length !== secretBytes.length || !timingSafeEqual(given, secretBytes)) return null;
    // The mark is this process's: never relayed to the platform.
    delete req.raw.headers[RUN_HEADER];
    return { id: Number(id), approvedBy: decodeURIComponent(by ?? '') };
  }

  /**
   * The gate's decision for a call of `rule` with `body` by `caller`: null lets it go on; otherwise
   * the refusal or the kept approval to answer.
   */
  async function gate(req: FastifyRequest, rule: ApprovalRule, body: Record<string, unknown>, caller: Caller): Promise<{ status: number; code: number; refusal: Refusal } | null> {
    const ask = askAs(caller.authorization);
    const measure = await rule.measure(body, ask);
    const threshold = thresholdOf(rule);
    if (measure === undefined || measure <= threshold) return null;
    // With nobody else to approve it (a console's only administrator, the first making a second) a call goes on: it could never be decided.
    if (!(await anotherApprover(caller.userId))) return null;
    const payload = JSON.stringify(body);
    if (!store) return { status: 503, code: 503, refusal: { key: 'approval.unavailable' } };
    if (rule.grant && (await store.spendGrant(caller.userId, rule.operation, payload)) !== null) return null;
    const reason = reasonOf(req, body);
    if (!reason) return { status: 400, code: ResultCode.badRequest, refusal: { field: 'approvalReason', key: 'approval.reasonRequired' } };
    const state = await rule.state(body, ask);
    const entity = rule.operation.slice(0, rule.operation.indexOf('.'));
    const t = now();
    const row = await store.add({
      operation: rule.operation,
      path: rule.path,
      entity,
      targetIds: targetIdsOf(body).join(','),
      measure,
      threshold,
      thresholdKind: rule.threshold,
      requesterId: caller.userId,
      requesterName: caller.username,
      requesterRoles: caller.roles,
      reason,
      payload,
      stateBefore: state === undefined || state === null ? '' : JSON.stringify(state),
      createdMs: t,
      expiresMs: t + hours * 3_600_000,
    });
    if (upstream) tokens.set(row.id, caller.authorization);
    publish(row, 'add', caller);
    return { status: 200, code: APPROVAL_SENT_CODE, refusal: { key: 'approval.sent', params: { id: row.id } } };
  }

  // Mock mode: after the mock's sign-in and permission checks and the body's validation, before its handler.
  root.addHook('preHandler', async (req, reply) => {
    if (upstream || req.method !== 'POST' || reply.sent) return;
    const rule = RULES.get(pathOf(req));
    if (!rule || !req.session) return;
    const run = runMarkOf(req);
    if (run) {
      req.approvalRun = run;
      return;
    }
    const caller = await callerOf(req.headers.authorization);
    if (!caller) return;
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    try {
      const out = await gate(req, rule, body, caller);
      if (out) return sendEnvelope(reply, out.status, out.code, out.refusal);
    } catch (err) {
      req.log.warn({ err }, 'approvals: a call could not be kept for approval');
      return sendEnvelope(reply, 503, 503, { key: 'approval.unavailable' });
    }
  });

  // Proxy and hybrid: the gated paths' bodies are read here (the relay reads no body); a call that
  // does not wait goes on as the same request, answered through this console's own road.
  root.addHook('onRequest', async (req, reply) => {
    if (!upstream || req.method !== 'POST') return;
    const rule = RULES.get(pathOf(req));
    if (!rule) return;
    const run = runMarkOf(req);
    if (run) return;
    const caller = await callerOf(req.headers.authorization);
    if (!caller) return;
    const raw = await readBody(req, 1_048_576);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    let out: Awaited<ReturnType<typeof gate>>;
    try {
      out = await gate(req, rule, body, caller);
    } catch (err) {
      req.log.warn({ err }, 'approvals: a call could not be kept for approval');
      return sendEnvelope(reply, 503, 503, { key: 'approval.unavailable' });
    }
    if (out) return sendEnvelope(reply, out.status, out.code, out.refusal);
    // Not waiting: the same call, relayed with the mark (the gate lets it through), answered here.
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, [RUN_HEADER]: `${secret}.0.` };
    delete headers['content-length'];
    const res = await root.inject({ method: 'POST', url: req.url, headers, payload: raw });
    reply.code(res.statusCode);
    const type = res.headers['content-type'];
    if (type) reply.type(String(type));
    return reply.send(res.rawPayload);
  });

  /** The run of an approved write as its requester: the answer's envelope code and message. */
  async function runAs(row: ApprovalRow, approver: Caller, authorization: string, payload: Record<string, unknown>, lang: string | undefined): Promise<{ code: number; message: string }> {
    const res = await root.inject({
      method: 'POST',
      url: row.path,
      headers: { authorization, 'content-type': 'application/json', [RUN_HEADER]: `${secret}.${row.id}.${encodeURIComponent(approver.username)}`, ...(lang ? { 'accept-language': lang } : {}) },
      payload: JSON.stringify(payload),
    });
    try {
      const env = JSON.parse(res.body) as { code?: number; message?: string };
      return { code: res.statusCode < 400 ? Number(env.code) : res.statusCode, message: String(env.message ?? '') };
    } catch {
      return { code: res.statusCode, message: '' };
    }
  }

  /** The requester's authorization for a run: mock — a live session, else one made for it (`end` after); proxy — the kept token. */
  function requesterAuthorization(row: ApprovalRow): { authorization: string; end: () => void } | null {
    if (upstream) {
      const t = tokens.get(row.id);
      return t ? { authorization: t, end: () => tokens.delete(row.id) } : null;
    }
    const ctx = mock;
    if (!ctx) return null;
    const account = ctx.store.get<ConsoleAccount>('admin', row.requesterId);
    if (!account || account.status !== 1) return null;
    const live = ctx.sessions.list().find((s) => s.userId === row.requesterId);
    if (live) return { authorization: `Bearer ${live.token}`, end: () => undefined };
    const made = ctx.sessions.issue(row.requesterId, account.username, { client: 'approval' });
    return { authorization: `Bearer ${made.token}`, end: () => ctx.sessions.revoke(made.token) };
  }

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const callers = new WeakMap<FastifyRequest, Caller>();
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const c = await callerOf(req.headers.authorization);
      if (!c) return sendEnvelope(reply, 200, ResultCode.unauthorized, { key: 'session.notSignedIn' });
      callers.set(req, c);
    };
    const optionalBody = async (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) req.body = {};
    };
    const unavailable = (reply: FastifyReply) => sendEnvelope(reply, 503, 503, { key: 'approval.unavailable' });
    const statusWord = (s: number) => ApprovalStatus.entries.find((e) => e.value === s)?.label.en ?? String(s);

    /** The pending approval a decision is about, or the refusal (unknown, decided, expired, one's own, not an approver). */
    async function decidable(c: Caller, id: number, reply: FastifyReply): Promise<ApprovalRow | null> {
      if (!c.approver) {
        sendEnvelope(reply, 403, ResultCode.forbidden, { field: 'permission', key: 'approval.approversOnly' });
        return null;
      }
      const row = await store!.get(id);
      if (!row) {
        sendEnvelope(reply, 200, ResultCode.notFound, { field: 'id', key: 'approval.unknown', params: { id } });
        return null;
      }
      if (row.status === 3) {
        sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.expired', params: { id, hours } });
        return null;
      }
      if (row.status !== 0) {
        sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.decided', params: { id, status: statusWord(row.status) } });
        return null;
      }
      if (row.requesterId === c.userId) {
        sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.self' });
        return null;
      }
      return row;
    }

    // A path of these asked with another method answers 405 naming POST, as every documented path does.
    for (const path of [approval.ops.list!, approval.ops.info!, approvalRules.path, approvalApprove.path, approvalReject.path]) {
      app.route({ method: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'], url: path, handler: (req, reply) => sendEnvelope(reply.header('allow', 'POST'), 405, 405, { key: 'request.wrongMethod', params: { method: req.method, path, allow: 'POST' } }) });
    }

    app.post(approval.ops.list!, { schema: { body: approval.schemas.query }, preValidation: optionalBody, onRequest: signedIn }, async (req, reply) => {
      if (!store) return unavailable(reply);
      const c = callers.get(req)!;
      const page = await store.list(req.body as ApprovalQuery, c.userId, c.approver ? null : c.userId);
      return ok({ total: page.total, list: page.list.map((r) => rowFor(r, c.userId)) });
    });

    app.post(approval.ops.info!, { schema: { body: approval.schemas.id }, onRequest: signedIn }, async (req, reply) => {
      if (!store) return unavailable(reply);
      const c = callers.get(req)!;
      const id = (req.body as { id: number }).id;
      const row = await store.get(id);
      // Another user's request is as unknown to a non-approver as one that does not exist.
      if (!row || (!c.approver && row.requesterId !== c.userId)) return sendEnvelope(reply, 200, ResultCode.notFound, { field: 'id', key: 'approval.unknown', params: { id } });
      return ok(rowFor(row, c.userId));
    });

    app.post(approvalRules.path, { preValidation: optionalBody, onRequest: signedIn }, async () =>
      ok({ hours, rules: APPROVAL_RULES.map((r) => ({ operation: r.operation, path: r.path, thresholdKind: r.threshold, threshold: thresholdOf(r) })) }),
    );

    app.post(approvalReject.path, { schema: { body: approvalReject.payload }, onRequest: signedIn }, async (req, reply) => {
      if (!store) return unavailable(reply);
      const c = callers.get(req)!;
      const { id, reason } = req.body as { id: number; reason: string };
      const row = await decidable(c, id, reply);
      if (!row) return reply;
      if (!(await store.decide(id, 2, c, reason))) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.decided', params: { id, status: statusWord((await store.get(id))?.status ?? 2) } });
      tokens.delete(id);
      const after = (await store.get(id))!;
      trail(c, req.ip, 'approval.reject', after, { reason });
      publish(after, 'update', c);
      return ok(rowFor(after, c.userId));
    });

    app.post(approvalApprove.path, { schema: { body: approvalApprove.payload }, onRequest: signedIn }, async (req, reply) => {
      if (!store) return unavailable(reply);
      const c = callers.get(req)!;
      const { id, reason, confirm } = req.body as { id: number; reason: string; confirm?: boolean };
      const row = await decidable(c, id, reply);
      if (!row) return reply;
      const rule = RULES.get(row.path)!;
      const who = requesterAuthorization(row);
      if (!who) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.requesterGone' });
      try {
        const payload = JSON.parse(row.payload) as Record<string, unknown>;
        // The record as it is now, read as the requester reads it, against the state kept then.
        const state = await rule.state(payload, askAs(who.authorization));
        const stateNow = state === undefined || state === null ? '' : JSON.stringify(state);
        if (stateNow !== row.stateBefore && !confirm) {
          const fields = changedFields(row.stateBefore ? JSON.parse(row.stateBefore) : null, state ?? null);
          return sendEnvelope(reply, 200, ResultCode.conflict, { field: 'confirm', key: 'approval.changed', params: { fields: fields.join(', ') } });
        }
        if (!(await store.decide(id, 1, c, reason))) return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'approval.decided', params: { id, status: statusWord((await store.get(id))?.status ?? 1) } });
        trail(c, req.ip, 'approval.approve', row, { reason, ...(stateNow !== row.stateBefore ? { confirmedChanged: true } : {}) });
        if (!rule.grant) {
          // A version the payload carries is the record's when requested; confirmed, the write applies to the record as it is now.
          if (stateNow !== row.stateBefore && state && typeof state === 'object' && 'updateTime' in payload) payload.updateTime = (state as Record<string, unknown>).updateTime;
          const out = await runAs(row, c, who.authorization, payload, req.headers['accept-language']);
          if (out.code !== ResultCode.success) await store.failed(id, out.message || renderText({ key: 'approval.unavailable' }, ZH));
        }
      } finally {
        who.end();
      }
      tokens.delete(id);
      const after = (await store.get(id))!;
      publish(after, 'update', c);
      return ok(rowFor(after, c.userId));
    });
  });

  return {
    attachMock(ctx) {
      if (!upstream) mock = ctx;
    },
    holds: (method, path) => method === 'POST' && RULES.has(path),
  };
}

/** Reads a request's body whole (up to `limit` bytes; the rest is dropped). */
function readBody(req: FastifyRequest, limit: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.raw.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.raw.once('end', () => resolve(Buffer.concat(chunks)));
    req.raw.once('error', () => resolve(Buffer.concat(chunks)));
  });
}

export type { ApprovalRow } from './store.js';
