import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AppDeps } from '../app.js';
import { ResultCode } from '../contract/envelope.js';
import { isApiPath, sendEnvelope } from '../plugins/envelope.js';
import { createMockContext } from '../mock/context.js';
import { PUBLIC_PATHS, registerAdminRoutes } from '../mock/routes/admin.js';
import { registerSummaryRoutes } from '../mock/routes/summary.js';

/**
 * Mock mode: faker-seeded handlers for every endpoint. An `onRequest` hook refuses every API
 * call but the public ones without a live token, with envelope code 401 (spec §8) and HTTP 200,
 * the way the platform answers.
 */
export async function registerMockMode(app: FastifyInstance, config: Config, deps: AppDeps) {
  const ctx = createMockContext(config, deps.now);
  // Tests read captcha codes the way a person reads the image.
  app.decorate('__mockCtx', ctx);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(req.url)) return;
    const p = req.url.split('?')[0];
    if (PUBLIC_PATHS.has(p)) return;
    req.session = ctx.sessions.verify(req.headers.authorization);
    if (!req.session) return sendEnvelope(reply, 200, ResultCode.unauthorized, 'Session expired or not signed in');
  });
  await registerAdminRoutes(app, ctx);
  await registerSummaryRoutes(app, ctx);
}
