import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { ResultCode } from '../contract/envelope.js';
import { isApiPath, sendEnvelope } from '../plugins/envelope.js';
import { pathOf, registerCanonicalPath } from '../plugins/canonical-path.js';
import { createMockContext } from '../mock/context.js';
import { PUBLIC_PATHS, registerAdminRoutes } from '../mock/routes/admin.js';
import { registerSummaryRoutes } from '../mock/routes/summary.js';
import { isPublicMockPath, registerFaultInjection } from '../mock/qa.js';
import { registerContractRoutes } from '../mock/routes/contract.js';
import { registerPermissions } from '../mock/permissions.js';
import type { Session } from '../mock/sessions.js';
import { installMockListRoad, mockListTaker, type SessionOf } from '../relay/mock-lists.js';
import type { RawTaker } from '../relay/index.js';

/** How mock mode is embedded by hybrid and replay modes (server/modes/hybrid.ts). */
export interface MockModeOptions {
  /**
   * Hybrid: sessions the mock did not issue (the platform's token, server/platform/sessions.ts),
   * asked only when the token is not one of the mock's own.
   */
  resolveSession?: (authorization: string | undefined) => Promise<Session | null>;
  /**
   * The console's own mock mode (buildApp): plain list calls are answered from the server's
   * `request` event (server/relay/mock-lists.ts). Not for the backends of hybrid and replay.
   */
  rawLists?: boolean;
  /**
   * Hybrid (with `resolveSession`): the platform's session of a token when it is already kept,
   * synchronously (`PlatformSessions.known`). Plain list calls the relay hands the mock are then
   * answered on the raw road as in mock mode (server/relay/mock-lists.ts), returned as `listRoad`.
   */
  knownSession?: SessionOf;
}

/** What registering mock mode gives its embedder: hybrid's raw list road (see {@link MockModeOptions.knownSession}), else null. */
export interface MockMode {
  listRoad: RawTaker | null;
}

/**
 * Mock mode: faker-seeded handlers for every endpoint. An `onRequest` hook refuses every API
 * call but the public ones without a live token, with envelope code 401 (spec §8) and HTTP 200,
 * the way the platform answers. Every API answer carries `x-served-by: mock`.
 */
export async function registerMockMode(app: FastifyInstance, config: Config, deps: AppDeps, options: MockModeOptions = {}): Promise<MockMode> {
  // Already the app's first hook when built by buildApp or createMockBackend; this keeps mock mode whole on its own.
  registerCanonicalPath(app);
  const ctx = createMockContext(config, deps.now);
  ctx.traffic.logTo(app.log);
  // Tests read captcha codes the way a person reads the image.
  app.decorate('__mockCtx', ctx);
  app.decorateRequest('session', null);
  app.decorateRequest('lookupView', null);
  registerFaultInjection(app, ctx);
  // Once serving (not for inject-only apps) and asked for data: the lists' indexes are then built
  // between requests, not in a first search. Not at boot: without a snapshot the first read of the
  // data generates it, which must not delay the first /healthz.
  let listening = false;
  let stopPreparing: (() => void) | null = null;
  app.addHook('onListen', (done) => {
    listening = true;
    done();
  });
  app.addHook('onClose', (_app, done) => {
    listening = false;
    stopPreparing?.();
    ctx.traffic.stop();
    done();
  });
  const startPreparing = () => {
    if (listening && !stopPreparing) stopPreparing = ctx.store.prepareInSlices();
  };
  if (options.rawLists && !options.resolveSession) installMockListRoad(app, config, ctx, startPreparing);
  // Hybrid: the road is the relay's to call (its verdict, body guard and access log come first).
  const listRoad = options.resolveSession && options.knownSession ? mockListTaker(app, config, ctx, { startPreparing, sessionOf: options.knownSession, relayed: true }) : null;
  app.addHook('onRequest', async (req, reply) => {
    // The canonical path: what the router will answer, however the client spelled it.
    const p = pathOf(req);
    if (!isApiPath(p)) return;
    startPreparing();
    // The demo traffic's timer (DEMO_TRAFFIC, or a QA control's setting) runs from the first API call.
    ctx.traffic.begin();
    reply.header('x-served-by', 'mock');
    if (PUBLIC_PATHS.has(p) || isPublicMockPath(p)) return;
    // Hybrid: the session is the platform's only; the mock issues none there.
    req.session = options.resolveSession ? null : ctx.sessions.touch(req.headers.authorization);
    if (!req.session && options.resolveSession) req.session = await options.resolveSession(req.headers.authorization);
    if (!req.session) {
      // A session ended on the Online users screen is told so, in HTTP 401 (the client shows the server's message on the login page).
      const by = options.resolveSession ? null : ctx.sessions.revokedBy(req.headers.authorization);
      if (by) return sendEnvelope(reply, 401, ResultCode.unauthorized, { key: by === 'admin' ? 'session.revokedByAdmin' : 'session.revokedElsewhere' });
      return sendEnvelope(reply, 200, ResultCode.unauthorized, { key: 'session.notSignedIn' });
    }
  });
  registerPermissions(app, ctx);
  await registerAdminRoutes(app, ctx);
  await registerSummaryRoutes(app, ctx);
  await registerContractRoutes(app, ctx);
  return { listRoad };
}
