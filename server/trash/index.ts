import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SqlDriver } from '../console-db/driver.js';
import { ENTITIES, ENTITY, type AnyEntity } from '../contract/index.js';
import { ResultCode } from '../contract/envelope.js';
import type { Refusal } from '../contract/messages.js';
import { trash, trashPurge, trashRestore } from '../contract/trash.js';
import type { ConsoleAccount } from '../mock/accounts.js';
import type { MockContext } from '../mock/context.js';
import type { AnyRow } from '../mock/store/seed.js';
import { MockError, type DeletedRecord } from '../mock/store/crud.js';
import { WRITER } from '../mock/store/changes.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { ok, sendEnvelope } from '../plugins/envelope.js';
import type { IncomingHttpHeaders } from 'node:http';
import { platformIdentity, undoOfHeader } from '../audit/capture.js';
import { envelopeOf, redactedJson } from '../audit/entries.js';
import type { DeleteReader } from '../modes/proxy.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { platformAdminVerifier } from '../platform/drift-routes.js';
import { TrashStore, type TrashEntry, type TrashQuery } from './store.js';

export { TRASH_MIGRATIONS } from './store.js';

/**
 * The trash (contract server/contract/trash.ts), served by the console under `/console/trash/*`,
 * never relayed, kept in the console's database.
 *
 * - Mock mode: every delete the mock answers hands what it took to the trash
 *   ({@link MockContext.trash}): one entry per named record, with the rows its `cascade`
 *   references took along, who deleted it and when; entries expire `TRASH_DAYS` after the delete.
 * - Who may: a user lists and restores the entries of the kinds whose `del` their roles may call
 *   (the resource permission of that delete); administrators (an enabled `super` role) every kind;
 *   purging is for administrators only. Bodies are checked against the contract (a bad `id`
 *   answers 400 naming it); an unknown or expired entry answers code 404 naming `id`.
 * - Restore gives the record back with its own id, all or none: refused with code 400 naming `id`
 *   and saying why when a referenced record is gone, a unique field now repeats another record's
 *   or the id is taken; nothing changes then.
 * - Each restore and purge is an entry of the audit trail (`trash.restore`, `trash.purge`); a
 *   restore sent as an undo (`X-Undo-Of: <operation>:<ids>`) keeps `undoOf` in its fields.
 * - Proxy and hybrid: before a delete of a kind the platform can add again (`add` and `info` in the
 *   contract) is relayed, the relay reads each named record through `info` with the caller's own
 *   headers ({@link DeleteReader}); once the platform answers the delete with code 200, those
 *   records are kept (the record's last content the platform showed). A restore re-creates the
 *   record through the kind's `add` with the caller's token (the platform checks the permission),
 *   so it comes back under the id the platform gives it; the delete's answer names no trash
 *   entries (it is the platform's), so the kit offers no Undo there. Administrators (the
 *   platform's `super` role) see every entry, other users the entries they deleted.
 */

/** Who calls a trash endpoint. */
interface Caller {
  userId: number;
  username: string;
  roles: string;
  admin: boolean;
  /** The entity kinds whose delete the caller may call; null: every kind. */
  kinds: Set<string> | null;
}

const PRUNE_EVERY_MS = 24 * 3600_000;
const DELETABLE = (ENTITIES as readonly AnyEntity[]).filter((e) => !!e.ops.del);
/** Proxy: the deletes the trash keeps, by path: kinds the platform can read (`info`) and add again (`add`). */
const RESTORABLE_DELETES = new Map(DELETABLE.filter((e) => e.ops.info && e.ops.add).map((e) => [e.ops.del as string, e]));

/** A record's label for the trash's list ("充值问题"), at most 255 characters. */
function labelOf(entity: string, row: AnyRow): string {
  const def = (ENTITY as Record<string, AnyEntity>)[entity];
  const v = def ? row[def.label] : undefined;
  return v === undefined || v === null ? '' : String(v).slice(0, 255);
}

/** A restore's refusal for a MockError of the store's restore (naming the trash entry's `id`). */
function restoreRefusal(e: MockError, entry: TrashEntry): Refusal {
  const at = { entity: entry.entity, recordId: entry.recordId, label: entry.label };
  const p = e.refusal.params ?? {};
  switch (e.refusal.key) {
    case 'record.idTaken':
      return { field: 'id', key: 'trash.idTaken', params: { ...at, id: p.id ?? entry.recordId, target: p.entity ?? entry.entity } };
    case 'record.notFound':
      return { field: 'id', key: 'trash.refGone', params: { ...at, target: p.entity ?? '', ids: p.ids ?? '', field: e.refusal.field ?? '' } };
    case 'record.duplicate':
    case 'record.duplicateSet':
      return { field: 'id', key: 'trash.conflict', params: { ...at, value: p.value ?? '', target: p.entity ?? entry.entity, otherId: p.id ?? '', other: p.label ?? '', field: e.refusal.field ?? '' } };
    default:
      return { field: 'id', key: 'trash.refused', params: { ...at, reason: e.message } };
  }
}

/**
 * Registers the endpoints (see the module comment) on `root`, with the console database's driver
 * (null: no trash; deletes keep nothing and the endpoints answer 503). Answers `attachMock`, which
 * mock mode calls with its context once its routes exist.
 */
export function registerTrash(
  root: FastifyInstance,
  config: Config,
  db: SqlDriver | null,
  now: () => number = Date.now,
): { attachMock(ctx: MockContext): void; store: TrashStore | null; observer: ExchangeObserver | null; deleteReader: DeleteReader | null } {
  const store = db ? new TrashStore(db) : null;
  const upstream = config.mode === 'proxy' || config.mode === 'hybrid' ? config.upstreamUrl : null;
  const identityOf = upstream ? platformIdentity(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : null;
  const verifyAdmin = upstream ? platformAdminVerifier(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : null;
  const keepMs = config.trashDays * 86_400_000;
  let mock: MockContext | null = null;

  if (store) {
    const prune = () => void store.prune(now()).catch((err: unknown) => root.log.warn({ err }, 'trash: a prune failed'));
    root.addHook('onReady', async () => prune());
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    root.addHook('onClose', async () => clearInterval(timer));
  }

  /** Who calls, or the refusal to answer (not signed in, the mode not ready). */
  async function callerOf(authorization: string | undefined): Promise<Caller | { status: number; code: number; refusal: Refusal }> {
    if (identityOf && verifyAdmin) {
      const who = authorization?.trim() ? await identityOf(authorization) : null;
      if (!who) return { status: 401, code: ResultCode.unauthorized, refusal: { key: 'session.notSignedIn' } };
      const admin = (await verifyAdmin(authorization)).ok;
      return { ...who, admin, kinds: null };
    }
    const ctx = mock;
    if (!ctx) return { status: 503, code: 503, refusal: { key: 'trash.unreadable' } };
    const s = ctx.sessions.verify(authorization);
    if (!s) return { status: 200, code: ResultCode.unauthorized, refusal: { key: 'session.notSignedIn' } };
    const account = ctx.store.get<ConsoleAccount>('admin', s.userId);
    if (!account || account.status !== 1) return { status: 200, code: ResultCode.unauthorized, refusal: { key: 'session.expired' } };
    const { grantsOf, mayCall } = await import('../mock/permissions.js');
    const g = grantsOf(ctx.store, account);
    const roles = g.roles.map((r) => r.roleKey).join(',');
    return { userId: s.userId, username: s.username, roles, admin: g.isSuper, kinds: g.isSuper ? null : new Set(DELETABLE.filter((e) => mayCall(g, e.ops.del as string)).map((e) => e.name)) };
  }

  /** Whether the caller may see and restore an entry: its kind's delete (mock), else their own or an administrator (proxy). */
  const mayTouch = (c: Caller, e: TrashEntry) => (c.kinds ? c.kinds.has(e.entity) : c.admin || (upstream ? e.userId === c.userId : true));

  /** Keeps a mock delete's records; answers the entries' ids ([] when the database refuses them: the delete stands). */
  async function keep(entity: string, records: DeletedRecord[], actor: string | null): Promise<number[]> {
    if (!store || !mock) return [];
    const at = now();
    const account = actor ? [...mock.store.col('admin').values()].find((a) => a.username === actor) : undefined;
    try {
      return await store.put(
        records.map((r) => ({
          atMs: at,
          expireMs: at + keepMs,
          entity,
          recordId: r.row.id,
          label: labelOf(entity, r.row),
          userId: account?.id ?? 0,
          username: actor ?? '',
          record: r.row,
          related: r.related,
        })),
      );
    } catch (err) {
      root.log.warn({ err }, 'trash: a delete could not be kept');
      return [];
    }
  }

  /** Proxy: the records read before a delete, until the platform answered it. */
  const read = new WeakMap<IncomingHttpHeaders, Record<string, unknown>[]>();
  const deleteReader: DeleteReader | null = upstream && store ? {
    infoPathOf: (method, path) => (method === 'POST' ? ((RESTORABLE_DELETES.get(path)?.ops.info as string | undefined) ?? null) : null),
    keep: (headers, records) => void read.set(headers, records),
  } : null;
  /** Proxy: keeps what a delete the platform carried out named (its records as read before). */
  const observer: ExchangeObserver | null = deleteReader ? {
    wants: (method, path) => method === 'POST' && RESTORABLE_DELETES.has(path),
    observe(x) {
      const records = read.get(x.requestHeaders as IncomingHttpHeaders);
      read.delete(x.requestHeaders as IncomingHttpHeaders);
      const def = RESTORABLE_DELETES.get(x.path);
      const env = x.answer.body !== null && !x.answer.binary ? envelopeOf(x.answer.body) : null;
      if (!records?.length || !def || x.status >= 400 || env?.code !== 200) return;
      const auth = x.requestHeaders.authorization;
      void Promise.resolve(identityOf!(Array.isArray(auth) ? auth[0] : auth))
        .then((who) => {
          const at = now();
          return store!.put(records.map((r) => ({ atMs: at, expireMs: at + keepMs, entity: def.name, recordId: Number(r.id) || 0, label: labelOf(def.name, r as AnyRow), userId: who?.userId ?? 0, username: who?.username ?? '', record: r, related: [] })));
        })
        .catch((err: unknown) => root.log.warn({ err }, 'trash: a platform delete could not be kept'));
    },
  } : null;

  /**
   * Proxy: re-creates a kept record through its kind's `add` on the platform with the caller's
   * token and language (the add schema's fields of the record); answers the platform's envelope.
   */
  async function addOnPlatform(entry: TrashEntry, req: FastifyRequest): Promise<{ code: number; message: string; id: number | null }> {
    const def = (ENTITY as Record<string, AnyEntity>)[entry.entity];
    const fields = Object.keys(((def.schemas.add as unknown as { properties?: Record<string, unknown> }).properties) ?? {});
    const body = Object.fromEntries(fields.filter((k) => entry.record[k] !== undefined && entry.record[k] !== null).map((k) => [k, entry.record[k]]));
    try {
      const res = await fetch(`${upstream}${def.ops.add as string}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}), ...(req.headers['accept-language'] ? { 'accept-language': String(req.headers['accept-language']) } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Math.min(config.upstreamTimeoutMs, 10_000)),
      });
      const env = (await res.json()) as { code?: number; message?: string; data?: { id?: unknown } };
      return { code: typeof env.code === 'number' ? env.code : res.status, message: String(env.message ?? ''), id: Number.isSafeInteger(env.data?.id) ? (env.data!.id as number) : null };
    } catch (err) {
      root.log.warn({ err }, 'trash: the platform could not be asked to add a record back');
      return { code: 502, message: 'the platform did not answer', id: null };
    }
  }

  /** An entry of the audit trail for a restore or purge (when the trail is on). */
  function audit(req: FastifyRequest, c: Caller, operation: string, entity: string, targets: string, code: number, message: string, fields: unknown, changes: unknown) {
    root.auditTrail?.record({
      atMs: now(),
      userId: c.userId,
      username: c.username,
      roles: c.roles,
      ip: req.ip,
      operation,
      area: 'system',
      entity,
      targetIds: targets.slice(0, 255),
      outcome: code === 200 ? 1 : 0,
      code,
      status: 200,
      message: message.slice(0, 255),
      servedBy: upstream ? 'platform' : 'mock',
      fields: redactedJson(fields),
      changes: changes === undefined ? '' : redactedJson(changes),
    });
  }

  void root.register(async (app) => {
    app.setValidatorCompiler(contractValidatorCompiler);
    const callers = new WeakMap<FastifyRequest, Caller>();
    // Checked before the body: an anonymous caller learns nothing about the schema.
    const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
      const c = await callerOf(req.headers.authorization);
      if ('refusal' in c) return sendEnvelope(reply, c.status, c.code, c.refusal);
      if (!store) return sendEnvelope(reply, 503, 503, { key: 'trash.unreadable' });
      callers.set(req, c);
    };
    const optionalBody = async (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) req.body = {};
    };

    app.post(trash.ops.list!, { schema: { body: trash.schemas.query }, preValidation: optionalBody, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      try {
        const q = req.body as TrashQuery;
        // Proxy: a user who is not an administrator sees the entries they deleted.
        if (upstream && !c.admin) return ok(await ownList(q, c));
        return ok(await store!.list(q, now(), c.kinds ? [...c.kinds] : null));
      } catch (err) {
        reply.log.warn({ err }, 'trash unreadable');
        return sendEnvelope(reply, 503, 503, { key: 'trash.unreadable' });
      }
    });

    /** The caller's own entries (proxy, not an administrator), filtered by the rest of the query. */
    async function ownList(q: TrashQuery, c: Caller) {
      const page = await store!.list({ ...q, username: c.username, pageNum: 1, pageSize: 1000 }, now(), null);
      const mine = page.list.filter((r) => r.userId === c.userId);
      const pageSize = Math.min(Math.max(q.pageSize ?? 10, 1), 1000);
      const pageNum = Math.max(q.pageNum ?? 1, 1);
      return { total: mine.length, list: mine.slice((pageNum - 1) * pageSize, pageNum * pageSize) };
    }

    app.post(trashRestore.path, { schema: { body: trashRestore.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const id = (req.body as { id: number }).id;
      const undoOf = undoOfHeader(req.headers['x-undo-of']);
      const fields = { id, ...(undoOf ? { undoOf } : {}) };
      const entry = await store!.get(id, now());
      if (!entry || !mayTouch(c, entry)) {
        // An entry of a kind the caller may not delete is as unknown to them as one that does not exist.
        return sendEnvelope(reply, 200, ResultCode.notFound, { field: 'id', key: 'trash.unknown', params: { id } });
      }
      if (upstream) {
        const def = (ENTITY as Record<string, AnyEntity>)[entry.entity];
        if (!def?.ops.add) {
          audit(req, c, 'trash.restore', entry.entity, String(entry.recordId), ResultCode.badRequest, 'no add on the platform', fields, undefined);
          return sendEnvelope(reply, 200, ResultCode.badRequest, { field: 'id', key: 'trash.noAdd', params: { entity: entry.entity } });
        }
        const added = await addOnPlatform(entry, req);
        if (added.code !== 200) {
          audit(req, c, 'trash.restore', entry.entity, String(entry.recordId), added.code, added.message, fields, undefined);
          return sendEnvelope(reply, 200, added.code === 502 ? ResultCode.badRequest : added.code, { field: 'id', key: 'trash.refused', params: { entity: entry.entity, recordId: entry.recordId, label: entry.label, reason: added.message } });
        }
        await store!.remove([entry.id]);
        audit(req, c, 'trash.restore', entry.entity, String(added.id ?? entry.recordId), 200, '', { ...fields, recordId: entry.recordId }, undefined);
        return ok({ entity: entry.entity, recordId: added.id ?? entry.recordId });
      }
      if (!mock) return sendEnvelope(reply, 503, 503, { key: 'trash.unreadable' });
      const ctx = mock;
      try {
        const rows = [{ entity: entry.entity, row: entry.record as AnyRow }, ...entry.related.map((r) => ({ entity: r.entity, row: r.row as AnyRow }))];
        WRITER.run({ userId: c.userId, username: c.username }, () => ctx.crud.restore(rows, c.username));
      } catch (e) {
        if (!(e instanceof MockError)) throw e;
        const refusal = restoreRefusal(e, entry);
        audit(req, c, 'trash.restore', entry.entity, String(entry.recordId), ResultCode.badRequest, e.message, fields, undefined);
        return sendEnvelope(reply, 200, ResultCode.badRequest, refusal);
      }
      await store!.remove([entry.id]);
      const shown = ctx.store.col(entry.entity as never).view(ctx.store.col(entry.entity as never).get(entry.recordId)!);
      audit(req, c, 'trash.restore', entry.entity, String(entry.recordId), 200, '', fields, Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, [null, v]])));
      return ok({ entity: entry.entity, recordId: entry.recordId });
    });

    app.post(trashPurge.path, { schema: { body: trashPurge.payload }, onRequest: signedIn }, async (req, reply) => {
      const c = callers.get(req)!;
      const ids = (req.body as { ids: number[] }).ids;
      if (!c.admin) {
        audit(req, c, 'trash.purge', '', ids.join(','), ResultCode.forbidden, 'administrators only', { ids }, undefined);
        return sendEnvelope(reply, 403, ResultCode.forbidden, { field: 'permission', key: 'trash.adminsOnly' });
      }
      const gone = await store!.remove(ids);
      audit(req, c, 'trash.purge', '', gone.join(','), 200, '', { ids }, undefined);
      return ok({ count: gone.length });
    });
  });

  return {
    attachMock(ctx) {
      if (upstream) return;
      mock = ctx;
      ctx.trash = { keep, clear: async () => store?.clear().catch((err: unknown) => root.log.warn({ err }, 'trash: could not be emptied at a reset')) };
    },
    store,
    observer,
    deleteReader,
  };
}
