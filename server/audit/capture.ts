import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '../contract/index.js';
import { ENDPOINTS, ENTITY } from '../contract/index.js';
import { SESSION } from '../contract/openapi.js';
import type { MockContext } from '../mock/context.js';
import type { Exchange, ExchangeObserver, ObserverRefusal } from '../platform/exchange.js';
import { sendEnvelope } from '../plugins/envelope.js';
import { endpointOf } from '../platform/tap.js';
import { canonicalPathOfUrl, pathOf } from '../plugins/canonical-path.js';
import type { AuditTrail } from './trail.js';
import { changesJson, envelopeOf, redactedJson as json, RequestBody, targetIdsOf, withRevertOf, type AuditInput, type Who } from './entries.js';
import { REVERT_HEADER, revertOfHeader } from './revert-mark.js';

export { envelopeOf, targetIdsOf } from './entries.js';

/**
 * Where the audit trail's entries come from: the mock's answers (Fastify hooks around
 * its routes: who from the mock session, the target records before and after) and the platform's
 * (an exchange observer of the proxy: who from the platform's user info, the request's fields).
 */

/** Ops that only read; every other op of the contract writes. A reveal reads but is always recorded. */
const READ_OPS = new Set(['list', 'listAll', 'info', 'detail', 'summary', 'totals', 'stats', 'statistics', 'tree', 'mine']);
const ALWAYS = new Set(['reveal', 'extract']);
/** Sign-in, sign-out, captcha and the session's own reads: the session, not a record; the log has them. */
const SESSION_NAMES = new Set(SESSION.map((e) => e.name));

/** Whether an endpoint's call is kept: writes (and reveals of secrets), never QA controls or downloads. */
export function isAudited(ep: EndpointDef): boolean {
  if (ep.area === 'mock' || ep.kind === 'download' || SESSION_NAMES.has(ep.name)) return false;
  const op = ep.name.slice(ep.name.indexOf('.') + 1);
  if (ALWAYS.has(op)) return true;
  return !READ_OPS.has(op) && !ep.name.startsWith('statistics.');
}

/**
 * The contract endpoint of a request when it is audited. Decided on the canonical path
 * (server/plugins/canonical-path.ts), as every other path decision is: a spelling the router or the
 * platform answers as an endpoint (`/v1/member/%75pdate`, `/v1/card/reveal;x=1`, `/v1//goods/add`)
 * is that endpoint's call and is kept. `url` may carry its query; an already canonical path is taken as is.
 */
export function auditedEndpoint(method: string, url: string): EndpointDef | null {
  const p = canonicalPathOfUrl(url);
  const ep = endpointOf(method, p) ?? (p.startsWith('/api/v1/') ? endpointOf(method, p.slice(4)) : undefined);
  return ep && isAudited(ep) ? ep : null;
}

/** Audited endpoints by route key (`POST /v1/goods/update`): an exchange that carries its key is looked up once. */
const AUDITED_BY_KEY = new Map(
  // Keyed as the contract's route keys are (server/platform/tap.ts: a later definition of a key wins), then kept when audited.
  [...new Map([...SESSION, ...ENDPOINTS].map((ep) => [`${ep.method} ${ep.path}`, ep]))].filter(([, ep]) => isAudited(ep)),
);

/**
 * {@link auditedEndpoint} of an exchange the proxy already keyed: `routeKey` is the contract's key of
 * the path (`POST /v1/x`), null when the contract has none (an `/api/v1/…` or any other spelling,
 * which is then read on its canonical path).
 */
function auditedOf(method: string, path: string, routeKey: string | null): EndpointDef | null {
  return routeKey !== null ? (AUDITED_BY_KEY.get(routeKey) ?? null) : auditedEndpoint(method, path);
}

/** The entity an endpoint writes: its CRUD entity, else the group of its name when that is an entity. */
export function entityOf(ep: EndpointDef): string {
  if (ep.entity) return ep.entity;
  const group = ep.name.slice(0, ep.name.indexOf('.'));
  return group in ENTITY ? group : '';
}

/** What an entry keeps of its audited endpoint (the platform's exchanges: worked out once per endpoint). */
interface AuditedEndpoint {
  name: string;
  area: string;
  entity: string;
  upload: boolean;
}
const SHAPES = new Map<EndpointDef, AuditedEndpoint>();
function auditedShape(ep: EndpointDef): AuditedEndpoint {
  let s = SHAPES.get(ep);
  if (!s) SHAPES.set(ep, (s = { name: ep.name, area: ep.area, entity: entityOf(ep), upload: ep.kind === 'upload' }));
  return s;
}

/** Business numbers kept with the ids so a record is found by what operators are told (an order number). */
const NUMBERS = ['orderNo', 'tradeNo', 'refundNo', 'applyNo'];
type Row = Record<string, unknown>;

/** Changed fields of records before → after (`updateTime` left out), by id when several. */
export function diffRows(before: Map<number, Row | undefined>, after: Map<number, Row | undefined>): Record<string, [unknown, unknown]> | Record<string, Record<string, [unknown, unknown]>> {
  const one = (a: Row | undefined, b: Row | undefined) => {
    const out: Record<string, [unknown, unknown]> = {};
    for (const k of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
      if (k === 'updateTime') continue;
      const x = a?.[k];
      const y = b?.[k];
      if (JSON.stringify(x) !== JSON.stringify(y)) out[k] = [x ?? null, y ?? null];
    }
    return out;
  };
  if (before.size === 1) {
    const [id] = before.keys();
    return one(before.get(id), after.get(id));
  }
  const out: Record<string, Record<string, [unknown, unknown]>> = {};
  for (const id of before.keys()) {
    const d = one(before.get(id), after.get(id));
    if (Object.keys(d).length) out[String(id)] = d;
  }
  return out;
}

/** What an audited write is refused with while the trail cannot take its entry (HTTP 503, nothing carried out). */
export const TRAIL_UNAVAILABLE: ObserverRefusal = { status: 503, code: 503, refusal: { key: 'audit.unavailable' } };

interface Pending {
  ep: EndpointDef;
  /** A place in the trail's queue is held for the entry ({@link AuditTrail.reserve}). */
  reserved: boolean;
  entity: string;
  ids: number[];
  before: Map<number, Row | undefined> | null;
  envelope: { code: number; message: string } | null;
  body: unknown;
  /** The entry is taken (at the answer's send). */
  recorded?: boolean;
}
declare module 'fastify' {
  interface FastifyRequest {
    auditPending?: Pending;
  }
}

/**
 * Mock mode: hooks on the app (before the mock's routes are registered) that keep every audited
 * call the mock answers — refusals too (a 401/403 before the handler is kept with what is known;
 * a caller nobody signed in is counted per address and minute, {@link AuditTrail.recordAnonymous}).
 * An audited call the trail cannot take ({@link AuditTrail.reserve}) is refused first, with
 * {@link TRAIL_UNAVAILABLE}: the mock never sees it, so nothing changes.
 */
export function captureMock(app: FastifyInstance, trail: AuditTrail, ctxOf: () => MockContext | undefined): void {
  app.addHook('onRequest', async (req, reply) => {
    const ep = auditedEndpoint(req.method, pathOf(req));
    if (!ep) return;
    if (!trail.reserve()) return sendEnvelope(reply, TRAIL_UNAVAILABLE.status, TRAIL_UNAVAILABLE.code, TRAIL_UNAVAILABLE.refusal);
    const p: Pending = { ep, reserved: true, entity: entityOf(ep), ids: [], before: null, envelope: null, body: undefined, recorded: false };
    req.auditPending = p;
    // A call that ends without an answer (the client gone) lets its place go too.
    reply.raw.once('close', () => {
      if (p.reserved) {
        p.reserved = false;
        trail.release();
      }
    });
  });
  app.addHook('preHandler', async (req) => {
    const p = req.auditPending;
    if (!p) return;
    p.body = req.body;
    p.ids = targetIdsOf(req.body);
    const ctx = ctxOf();
    if (ctx && p.entity && p.ids.length) {
      const col = ctx.store.col(p.entity as never);
      p.before = new Map(p.ids.map((id) => [id, structuredClone(col.get(id) as Row | undefined)]));
    }
  });
  // The entry is recorded as the answer is sent, not after it went out: a caller who has the
  // answer in hand finds its entry queued (counted, and written by the next flush).
  app.addHook('onSend', async (req, reply, payload) => {
    const p = req.auditPending;
    if (!p || p.recorded) return payload;
    p.recorded = true;
    p.envelope = envelopeOf(payload);
    const ctx = ctxOf();
    const session = req.session;
    let roles = '';
    if (ctx && session) {
      const account = ctx.store.get<{ roleIds?: number[] }>('admin', session.userId);
      roles = (account?.roleIds ?? []).map((id) => String(ctx.store.get<{ roleKey?: string }>('role', id)?.roleKey ?? id)).join(',');
    }
    const code = p.envelope?.code ?? reply.statusCode;
    const ok = code === 200 && reply.statusCode < 400;
    let changes = '';
    let numbers: string[] = [];
    if (ctx && p.before) {
      const col = ctx.store.col(p.entity as never);
      const after = new Map(p.ids.map((id) => [id, col.get(id) as Row | undefined]));
      if (ok) changes = changesJson(diffRows(p.before, after));
      numbers = [...p.before.values(), ...after.values()].flatMap((r) => NUMBERS.map((k) => r?.[k]).filter((v): v is string => typeof v === 'string'));
    }
    if (!session && !ok) trail.recordAnonymous(Date.now(), req.ip, p.ep.name, code, reply.statusCode, 'mock');
    else trail.record(entryOf(p.ep, p.entity, [...p.ids.map(String), ...new Set(numbers)], {
      atMs: Date.now(),
      session: session ? { userId: session.userId, username: session.username, roles } : null,
      ip: req.ip,
      code,
      status: reply.statusCode,
      message: ok ? '' : (p.envelope?.message ?? ''),
      servedBy: 'mock',
      body: p.ep.kind === 'upload' ? { file: '[upload]' } : withApproval(withRevertOf(p.body, revertOfHeader(req.headers[REVERT_HEADER])), req.approvalRun),
      changes,
    }));
    return payload;
  });
  app.addHook('onResponse', async (req) => {
    const p = req.auditPending;
    if (p?.reserved) {
      p.reserved = false;
      trail.release();
    }
  });
}

/** The request's fields of an approved write's run, with the approval and who approved it beside them (server/approvals). */
function withApproval(fields: unknown, run: { id: number; approvedBy: string } | undefined): unknown {
  return run && fields && typeof fields === 'object' && !Array.isArray(fields) ? { ...(fields as object), approvalId: run.id, approvedBy: run.approvedBy } : fields;
}

function entryOf(ep: EndpointDef, entity: string, targets: string[], e: { atMs: number; session: Who | null; ip: string; code: number; status: number; message: string; servedBy: AuditInput['servedBy']; body: unknown; changes: string }): AuditInput {
  return {
    atMs: e.atMs,
    userId: e.session?.userId ?? 0,
    username: e.session?.username ?? '',
    roles: e.session?.roles ?? '',
    ip: e.ip,
    operation: ep.name,
    area: ep.area,
    entity,
    targetIds: targets.join(',').slice(0, 255),
    outcome: e.code === 200 && e.status < 400 ? 1 : 0,
    code: e.code,
    status: e.status,
    message: e.message.slice(0, 255),
    servedBy: e.servedBy,
    fields: json(e.body ?? {}),
    changes: e.changes,
  };
}

/**
 * Who a platform token belongs to (its user info), or null; cached per token by the caller. A
 * remembered answer comes back as is (no promise per audited write), a new token's as a promise.
 */
export type IdentityOf = (authorization: string | undefined) => Who | null | Promise<Who | null>;

/**
 * Asks the platform's `adminInfo` with the caller's token, remembering each answer a minute (as
 * hybrid does); writes that arrive while a token's question is out share it (one call, not one per write).
 */
export function platformIdentity(upstreamUrl: string, opts: { fetchImpl?: typeof fetch; ttlMs?: number; timeoutMs?: number } = {}): IdentityOf {
  const cache = new Map<string, { who: Who | null; until: number }>();
  const asking = new Map<string, Promise<Who | null>>();
  const doFetch = opts.fetchImpl ?? fetch;
  const ask = async (authorization: string): Promise<Who | null> => {
    let who: Who | null = null;
    try {
      const res = await doFetch(`${upstreamUrl}/v1/admin/adminInfo`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(opts.timeoutMs ?? 5000) });
      const env = (await res.json()) as { code?: number; data?: { userId?: number; username?: string; roles?: { id?: unknown }[] } };
      if (env.code === 200 && env.data) who = { userId: Number(env.data.userId) || 0, username: String(env.data.username ?? ''), roles: (env.data.roles ?? []).map((r) => String(r?.id)).join(',') };
    } catch {
      who = null;
    }
    if (cache.size >= 1000) cache.delete(cache.keys().next().value as string);
    cache.set(authorization, { who, until: Date.now() + (opts.ttlMs ?? 60_000) });
    return who;
  };
  return (authorization) => {
    if (!authorization) return null;
    const hit = cache.get(authorization);
    if (hit && hit.until > Date.now()) return hit.who;
    let pending = asking.get(authorization);
    if (!pending) {
      pending = ask(authorization).finally(() => asking.delete(authorization));
      asking.set(authorization, pending);
    }
    return pending;
  };
}

/**
 * Proxy and hybrid modes: an observer of the exchanges the platform answered that keeps the
 * audited ones, and refuses to let one be relayed while the trail cannot take its entry
 * ({@link TRAIL_UNAVAILABLE}); a caller the platform does not know is counted per address and minute. It wants only audited endpoints, so reads are relayed without any copy; who asked
 * is resolved after the answer (the platform's user info, cached), never on the request's path.
 */
export function platformObserver(trail: AuditTrail, identityOf: IdentityOf): ExchangeObserver {
  // The entry is made (body parsed, fields redacted, envelope read) when its batch is
  // written, on the SQLite worker for a file trail; here only the bytes are copied into the batch.
  const keep = (ep: AuditedEndpoint, x: Exchange, who: Who | null) => {
    if (who === null) {
      // A caller the platform does not know, refused: counted per address and minute, its body not kept.
      const env = x.answer.body !== null && !x.answer.binary ? envelopeOf(x.answer.body, true) : null;
      const code = env?.code ?? x.status;
      if (code !== 200 || x.status >= 400) return void trail.recordAnonymous(x.at, x.clientIp ?? '', ep.name, code, x.status, 'platform');
    }
    const req = x.request;
    const kind = req.body !== null && !req.binary ? RequestBody.Bytes : req.truncated ? RequestBody.TooLarge : RequestBody.Skipped;
    const revertOf = revertOfHeader(x.requestHeaders[REVERT_HEADER]);
    const note = x.recordBefore || revertOf ? { before: x.recordBefore ?? null, revertOf } : undefined;
    trail.recordExchange(x.at, who, x.clientIp ?? '', ep.name, ep.area, ep.entity, ep.upload, x.status, kind, req.body, x.answer.body !== null && !x.answer.binary ? x.answer.body : null, note);
  };
  const release = () => trail.release();
  return {
    wants: (method, path, routeKey) => auditedOf(method, path, routeKey) !== null,
    // Asked only for audited exchanges (those it wants): none is relayed while the trail cannot take its entry.
    admit(_method, _path, _routeKey, res) {
      if (!trail.reserve()) return TRAIL_UNAVAILABLE;
      if (trail.onFailure === 'refuse') res.once('close', release);
      return null;
    },
    observe(x: Exchange) {
      const def = auditedOf(x.method, x.path, x.routeKey);
      if (!def) return;
      const ep = auditedShape(def);
      const auth = x.requestHeaders.authorization;
      const who = identityOf(Array.isArray(auth) ? auth[0] : auth);
      if (who instanceof Promise) void who.then((w) => keep(ep, x, w));
      else keep(ep, x, who);
    },
  };
}
