import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { Summary } from '../../contract/summary.js';
import { ok } from '../../plugins/envelope.js';
import type { MockContext } from '../context.js';
import { makeSummary } from '../summary.js';

/**
 * `POST /v1/admin/summary` (spec §7: no payload; dashboard summary): the numbers behind the home
 * workbench and the dashboard analysis (spec §1), counted from the store on each call (see
 * `makeSummary`; faker is loaded on the first call, not at start). The mock-mode auth hook answers envelope 401
 * without a live token. A body, if a client sends one, is ignored (the platform takes none).
 */
export async function registerSummaryRoutes(app: FastifyInstance, ctx: MockContext) {
  app.post(
    '/v1/admin/summary',
    // `data` may be null: the auth hook's 401 envelope also goes out as HTTP 200 through this schema.
    { schema: { body: Type.Optional(Type.Any()), response: { 200: Envelope(Type.Union([Summary, Type.Null()])) } } },
    // Counted from the store on every call: a delivered order or a new member shows at once.
    async () => ok(makeSummary(ctx.store, ctx.now())),
  );
}
