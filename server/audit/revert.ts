import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../contract/envelope.js';
import { ENTITY, type AnyEntity } from '../contract/index.js';
import type { MessageKey } from '../contract/messages.js';
import { isSecretField, MASK } from '../platform/redact.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import { TOO_LARGE, type AuditRow } from './entries.js';
import { REVERT_HEADER, revertMark } from './revert-mark.js';
import type { AuditTrail } from './trail.js';

/**
 * "Restore this version" of a record's history (docs/audit-trail.md): the version of a record
 * before an entry, made from the trail's before → after values, written back through the entity's
 * own `update` as the caller.
 *
 * - The version before entry X: every field X changed, and every field a later successful entry of
 *   the same record changed, takes the before value of the first of those entries that changed it.
 * - A field is restored only when the entity's `update` takes it (writable, not write-only, not the
 *   version field) and its kept value is whole: a redacted value (a secret, a phone) or one too
 *   large to keep is named in `skipped`, never written. Fields already at that value are left out.
 * - The write is an ordinary `update` request made through the app (`inject`) with the caller's
 *   headers: the mock's roles or the platform decide whether the caller may, the version check
 *   refuses it (409, who and when) when the record changed since the preview, and the audit
 *   capture records it with `revertOf: X` (the header {@link REVERT_HEADER}).
 */

type Pair = [unknown, unknown];

/** An entry's changes of record `recordId`: its flat `{field: [before, after]}`, or its section of a by-id map; null when it keeps none. */
export function changesOfRecord(row: Pick<AuditRow, 'changes' | 'targetIds'>, recordId: number): Record<string, Pair> | null {
  if (!row.changes) return null;
  let c: unknown;
  try {
    c = JSON.parse(row.changes);
  } catch {
    return null;
  }
  if (!c || typeof c !== 'object' || Array.isArray(c)) return null;
  const entries = Object.entries(c as Record<string, unknown>);
  const flat = entries.every(([, v]) => Array.isArray(v));
  const section = flat ? (c as Record<string, unknown>) : (c as Record<string, unknown>)[String(recordId)];
  if (flat && Number(row.targetIds.split(',')[0]) !== recordId) return null;
  if (!section || typeof section !== 'object') return flat ? null : {};
  const out: Record<string, Pair> = {};
  for (const [k, v] of Object.entries(section as Record<string, unknown>)) if (Array.isArray(v) && v.length === 2) out[k] = v as Pair;
  return out;
}

/** Whether a kept value holds a redacted or too-large part anywhere. */
function holds(v: unknown, marker: string, depth = 0): boolean {
  if (typeof v === 'string') return v === marker || v.includes(marker);
  if (depth > 32 || !v || typeof v !== 'object') return false;
  return Object.values(v as Record<string, unknown>).some((x) => holds(x, marker, depth + 1));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a revert of entry X would write: the preview's answer, and the update's fields. */
interface Plan {
  entryId: number;
  entity: string;
  recordId: number;
  version: string | number | null;
  changes: { field: string; now: unknown; restored: unknown }[];
  skipped: { field: string; reason: 'secret' | 'tooLarge' | 'notEditable' }[];
  unknown: number;
}

/** The caller's headers an inner request of theirs carries. */
function callerHeaders(req: FastifyRequest): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['authorization', 'accept-language', 'user-agent'] as const) {
    const v = req.headers[name];
    if (typeof v === 'string') h[name] = v;
  }
  return h;
}

/**
 * Registers `auditLog.revertPreview` and `auditLog.revert` on `app` (the audit routes' scope,
 * behind `gate`: the trail's readers); inner requests go through `root`, the whole app.
 */
export function registerRevertRoutes(app: FastifyInstance, root: FastifyInstance, trail: AuditTrail, gate: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>, paths: { preview: string; revert: string }, schemas: { preview: object; revert: object }): void {
  const refuse = (reply: FastifyReply, id: number, key: MessageKey = 'audit.revertNotPossible') => sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key, params: { id } });

  /** Answers the plan, or sends the refusal (and answers null). */
  const plan = async (req: FastifyRequest, reply: FastifyReply, entryId: number, recordIdAsked: number | undefined): Promise<Plan | null> => {
    await trail.flush();
    const entry = await trail.store.info(entryId);
    if (!entry) return void sendEnvelope(reply, 200, 404, { field: 'id', key: 'record.notFound', params: { entity: 'auditLog', ids: String(entryId) } }), null;
    const def = (ENTITY as Record<string, AnyEntity | undefined>)[entry.entity];
    const targets = entry.targetIds.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const recordId = recordIdAsked ?? targets[0];
    const own = recordId !== undefined && targets.includes(recordId) ? changesOfRecord(entry, recordId) : null;
    if (!def || !def.ops.update || !def.ops.info || entry.outcome !== 1 || !own || !Object.keys(own).length) return void refuse(reply, entryId), null;
    // The version before X: the first before value of each field, from X on.
    const restored = new Map<string, unknown>(Object.entries(own).map(([f, [before]]) => [f, before]));
    let unknown = 0;
    for (const later of await trail.store.laterOf(entry.entity, recordId, entryId)) {
      const c = changesOfRecord(later, recordId);
      if (c === null) {
        if (!/\.(reveal|extract)$/.test(later.operation)) unknown++;
        continue;
      }
      for (const [f, [before]] of Object.entries(c)) if (!restored.has(f)) restored.set(f, before);
    }
    const info = await root.inject({ method: 'POST', url: def.ops.info, headers: callerHeaders(req), payload: { id: recordId }, remoteAddress: req.ip });
    const env = info.json() as { code?: number; data?: Record<string, unknown> };
    if (env.code !== 200 || !env.data) return void reply.code(info.statusCode).type('application/json; charset=utf-8').send(info.body), null;
    const now = env.data;
    const writable = new Set(def.writableFields.filter((f) => !def.writeOnlyFields.includes(f) && f !== def.versionField));
    const readOnly = new Set([...def.readOnlyFields, 'id', 'createTime', 'updateTime', 'createBy', 'updateBy', def.versionField]);
    const out: Plan = { entryId, entity: entry.entity, recordId, version: (now[def.versionField] as string | number | undefined) ?? null, changes: [], skipped: [], unknown };
    for (const [field, value] of restored) {
      if (readOnly.has(field)) continue;
      if (isSecretField(field) || holds(value, MASK)) out.skipped.push({ field, reason: 'secret' });
      else if (!writable.has(field)) out.skipped.push({ field, reason: 'notEditable' });
      else if (holds(value, TOO_LARGE)) out.skipped.push({ field, reason: 'tooLarge' });
      else if (!same(now[field], value)) out.changes.push({ field, now: now[field] ?? null, restored: value ?? null });
    }
    return out;
  };

  app.post(paths.preview, { schema: { body: schemas.preview }, onRequest: gate }, async (req, reply) => {
    const body = req.body as { id: number; recordId?: number };
    const p = await plan(req, reply, body.id, body.recordId);
    return p === null ? reply : ok(p);
  });

  app.post(paths.revert, { schema: { body: schemas.revert }, onRequest: gate }, async (req, reply) => {
    const body = req.body as { id: number; recordId?: number; version: string | number };
    const p = await plan(req, reply, body.id, body.recordId);
    if (p === null) return reply;
    if (!p.changes.length) return refuse(reply, body.id, 'audit.revertNothing');
    const def = (ENTITY as Record<string, AnyEntity>)[p.entity];
    const payload = { id: p.recordId, ...Object.fromEntries(p.changes.map((c) => [c.field, c.restored])), [def.versionField]: body.version };
    const res = await root.inject({ method: 'POST', url: def.ops.update!, headers: { ...callerHeaders(req), [REVERT_HEADER]: revertMark(p.entryId) }, payload, remoteAddress: req.ip });
    return reply.code(res.statusCode).type('application/json; charset=utf-8').send(res.body);
  });
}
