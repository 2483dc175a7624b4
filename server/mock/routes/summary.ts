import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { Summary } from '../../contract/summary.js';
import { ok } from '../../plugins/envelope.js';
import type { MockContext } from '../context.js';
import { makeSummary, pendingFrom } from '../summary.js';

/**
 * `POST /v1/admin/summary` (spec §7: no payload; dashboard summary): the numbers behind the home
 * workbench and the dashboard analysis (spec §1). Built once from the seed on the first call (not at
 * start: it needs faker, which a boot from a seed snapshot otherwise never loads), so every call of a
 * server answers the same summary. The mock-mode auth hook answers envelope 401
 * without a live token. A body, if a client sends one, is ignored (the platform takes none).
 */
export async function registerSummaryRoutes(app: FastifyInstance, ctx: MockContext) {
  let summary: ReturnType<typeof makeSummary> | null = null;
  app.post(
    '/v1/admin/summary',
    // `data` may be null: the auth hook's 401 envelope also goes out as HTTP 200 through this schema.
    { schema: { body: Type.Optional(Type.Any()), response: { 200: Envelope(Type.Union([Summary, Type.Null()])) } } },
    // The pending counters are counted from the store on every call; the rest is built once from the seed.
    async () => ok({ ...(summary ??= makeSummary(ctx.config.seed)), pending: pendingFrom(ctx.store) }),
  );
}
