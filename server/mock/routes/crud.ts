import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { ENTITIES, type AnyEntity, type CrudOp, type EndpointDef, type EntityName } from '../../contract/index.js';
import type { Refusal } from '../../contract/messages.js';
import { ResultCode } from '../../contract/envelope.js';
import { lookupQuery, projectLookup, type LookupView } from '../../contract/lookups.js';
import { ok, sendEnvelope, validationErrors } from '../../plugins/envelope.js';
import type { MockContext } from '../context.js';
import { MockError, type DeletedRecord } from '../store/crud.js';
import { WRITER } from '../store/changes.js';
import { hasListSummary, listSummary } from '../list-summary.js';
import { toAjvErrors } from './validator.js';

/**
 * Generic CRUD routes generated from the contract: for every entity and every CRUD endpoint it
 * declares, a POST route whose body is validated against the contract schema (routes/validator.ts,
 * field-naming messages) and whose handler calls the generic CRUD with the entity's hooks.
 */

/** The signed-in username (mock sessions), for audit fields such as `replyAdmin`. */
export function actorOf(req: FastifyRequest): string | null {
  return req.session?.username ?? null;
}

/**
 * Runs a handler and answers its result in the success envelope; a MockError becomes an error
 * envelope (its code and message, HTTP 200 unless it says otherwise). Other errors go to the app's
 * error handler (logged, generic 500).
 */
export async function answer(reply: FastifyReply, fn: () => unknown): Promise<unknown> {
  const session = reply.request.session;
  try {
    // Whose request writes (the store's change events name them, server/mock/store/changes.ts).
    const data = await WRITER.run(session ? { userId: session.userId, username: session.username } : null, fn);
    if (reply.sent) return reply;
    return ok(data === undefined ? null : data);
  } catch (e) {
    if (e instanceof MockError) return sendEnvelope(reply, e.httpStatus, e.code, e.refusal, null, e.extra);
    throw e;
  }
}

/** Route options for a JSON endpoint of the contract: the body schema, and `{}` for an optional body left out. */
export function routeOptions(ep: EndpointDef) {
  return {
    ...(ep.payload ? { schema: { body: ep.payload } } : {}),
    preValidation: async (req: FastifyRequest) => {
      // ofetch sends no body for "no payload" calls; an optional payload then means {}. A JSON
      // `null` is no way to leave it out: the input hygiene hook refuses it first (server/plugins/input.ts).
      if (req.body === undefined) {
        if (ep.payloadOptional || !ep.payload) req.body = {};
      }
    },
  };
}

/** Schema errors of a value as one refusal naming the fields (uploads, whose form fields ajv does not see). */
export function schemaErrors(schema: TSchema, value: unknown): Refusal | null {
  const errors = toAjvErrors(Value.Errors(schema, value) as never);
  if (!errors.length) return null;
  return validationErrors({ validation: errors, validationContext: 'body' } as never);
}

type Body = Record<string, unknown> & { id: number; ids: number[] };

/** A check of a record's body before it is saved (add, update); throws a MockError to refuse it. */
export type BeforeSave = (ctx: MockContext, body: Record<string, unknown>) => Promise<void>;

const handlersWith = (beforeSave: BeforeSave): Record<CrudOp, (ctx: MockContext, name: EntityName, body: Body, actor: string | null) => unknown> => ({
  list: (ctx, name, body) => ctx.crud.list(name, body),
  listAll: (ctx, name) => ctx.crud.options(name),
  info: (ctx, name, body) => ctx.crud.info(name, body.id),
  // Refused by `beforeSave` before anything changes.
  add: async (ctx, name, body, actor) => {
    await beforeSave(ctx, body);
    return ctx.crud.add(name, body, actor);
  },
  update: async (ctx, name, body, actor) => {
    await beforeSave(ctx, body);
    return ctx.crud.update(name, body, actor);
  },
  // What goes is kept in the trash (when one is attached); the answer names its entries.
  del: async (ctx, name, body, actor) => {
    let taken: DeletedRecord[] = [];
    const count = ctx.crud.del(name, body.ids, actor, (records) => (taken = records));
    if (!ctx.trash || !taken.length) return { count };
    return { count, trashIds: await ctx.trash.keep(name, taken, actor) };
  },
  updateStatus: (ctx, name, body, actor) => ctx.crud.updateStatus(name, body, actor),
});

/** The success envelope around a list's pre-serialized `data` (see Collection.listBytes). */
const LIST_HEAD = Buffer.from('{"code":200,"data":');
const LIST_TAIL = Buffer.from(',"message":"ok"}');
const NO_BYTES = Buffer.alloc(0);

/**
 * A list answer's bytes, the same on both roads (this route and the raw road of server/relay/mock-lists.ts):
 * `{code: 200, data: {list, total}, message: 'ok'}` (and `summary` in `data` where the contract declares
 * one, server/mock/list-summary.ts) from the store's per-row bytes and its answer
 * cache (Collection.listBytes: the entity's default sort when none is asked, the kept matches of the
 * same filters). `body` is the validated query (defaults filled in).
 * @throws MockError for a query the store refuses.
 */
export function listAnswerBytes(ctx: MockContext, name: EntityName, body: Record<string, unknown>): Buffer {
  if (!hasListSummary(name)) return ctx.crud.listBytes(name, body as Body, LIST_HEAD, LIST_TAIL);
  // A list with totals (the contract's `listSummary`): `{list, total, summary}`, the summary over
  // every match, written in place of the data object's closing brace.
  const data = ctx.crud.listBytes(name, body as Body, LIST_HEAD, NO_BYTES);
  const summary = Buffer.from(`,"summary":${JSON.stringify(listSummary(ctx.store, name, body))}}`);
  return Buffer.concat([data.subarray(0, data.length - 1), summary, LIST_TAIL]);
}

/**
 * A read through a look-up grant (server/contract/lookups.ts): the query narrowed to the shown
 * fields (a filter or sort of another field refused, HTTP 400 naming it), and the answer's records
 * as `id`, label and the other fields a picker shows.
 */
function lookupRead(ctx: MockContext, name: EntityName, view: LookupView, body: Body, reply: FastifyReply): Promise<unknown> | unknown {
  if (view.op === 'list') {
    const q = lookupQuery(view, body);
    if ('refusal' in q) return sendEnvelope(reply, 400, ResultCode.badRequest, q.refusal);
    return answer(reply, () => projectLookup(view, ctx.crud.list(name, q.body as Body)));
  }
  return answer(reply, () => projectLookup(view, view.op === 'listAll' ? ctx.crud.options(name) : ctx.crud.info(name, body.id)));
}

/**
 * Registers list/listAll/info/add/update/del/updateStatus of every entity (as each declares them).
 * A session that reads an entity through a look-up grant only (`req.lookupView`, set by the
 * permission hook) gets its look-up view of list, listAll and info.
 * `beforeSave` checks an add's or update's body first (the uploads it names are stored).
 */
export function registerCrudRoutes(app: FastifyInstance, ctx: MockContext, beforeSave: BeforeSave = async () => undefined): void {
  const HANDLERS = handlersWith(beforeSave);
  for (const e of ENTITIES as readonly AnyEntity[]) {
    for (const ep of e.endpoints) {
      const op = ep.op!;
      const name = e.name as EntityName;
      if (op === 'list') {
        // Lists answer pre-serialized text (the store keeps each row's JSON): the same bytes as the
        // success envelope of `answer`, without serializing the page again on every request.
        app.post(ep.path, routeOptions(ep), async (req, reply) => {
          if (req.lookupView) return lookupRead(ctx, name, req.lookupView, req.body as Body, reply);
          try {
            return reply.type('application/json; charset=utf-8').send(listAnswerBytes(ctx, name, req.body as Body));
          } catch (e) {
            if (e instanceof MockError) return sendEnvelope(reply, e.httpStatus, e.code, e.refusal);
            throw e;
          }
        });
        continue;
      }
      app.post(ep.path, routeOptions(ep), (req, reply) =>
        req.lookupView ? lookupRead(ctx, name, req.lookupView, req.body as Body, reply) : answer(reply, () => HANDLERS[op](ctx, name, req.body as Body, actorOf(req))),
      );
    }
  }
}
