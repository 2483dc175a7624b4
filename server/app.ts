import pino from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { fastifyTrustProxy, type Config } from './config.js';
import type { AppDeps } from './deps.js';
import { registerEnvelopeErrors } from './plugins/envelope.js';
import { registerCanonicalPath } from './plugins/canonical-path.js';
import { registerClientAddress } from './plugins/client-address.js';
import { registerLocalizedMessages } from './plugins/localize.js';
import { registerSecurity } from './plugins/security.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { registerMockMode } from './modes/mock.js';
import { registerPlatformMode } from './modes/platform.js';
import { registerReplayMode } from './modes/replay.js';
import { registerInputHygiene } from './plugins/input.js';
import { connectionOptions, registerConnectionLimits, registerLoadShedding } from './plugins/limits.js';
import { createDriftMonitor, type DriftMonitor } from './platform/drift.js';
import { registerDriftRoutes } from './platform/drift-routes.js';
import { registerAuditTrail } from './audit/index.js';
import { ConsoleDb, type SqlDriver } from './console-db/index.js';
import { EVENT_MIGRATIONS } from './events/hub.js';
import { registerLiveEvents, type LiveEvents } from './events/index.js';
import { registerSessions, SIGN_IN_MIGRATIONS } from './sessions/index.js';
import { registerSavedViews, SAVED_VIEW_MIGRATIONS } from './saved-views/index.js';
import { PREFERENCE_MIGRATIONS, registerPreferences } from './preferences/index.js';
import { APPROVAL_MIGRATIONS, registerApprovals } from './approvals/index.js';
import { registerTrash, TRASH_MIGRATIONS } from './trash/index.js';
import { EXPORT_MIGRATIONS, registerExportJobs } from './exports/index.js';
import type { MockContext } from './mock/context.js';
import { accessLogLine, logUrl } from './relay/access-log.js';

export type { AppDeps } from './deps.js';


/**
 * Logs never contain the Authorization header, cookies or passwords: requests are logged by
 * method, URL and remote address only (see {@link AccessLog}), and the redaction list
 * catches the same names anywhere a plugin might log an object.
 */
function loggerOptions(config: Config, deps: AppDeps): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.password', 'password', 'body.password'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: logUrl(req.url), remoteAddress: req.ip }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * The access log: one `info` line per answered request (method, URL, remote address, status and
 * milliseconds), written when the answer is done, instead of Fastify's two lines through the
 * serializers (they were a good part of every request's cost); an errored answer is one
 * `error` line with the error. Fastify's other lines (error handler, 404, stream errors) stay. It
 * honours a route's `logLevel`, so static files (static-web.ts, `warn`) are not logged.
 *
 * The success line is the JSON pino would write (`level`, `time`, `pid`, `hostname`, `reqId`, the
 * fields, `msg`), put together here and written to the logger's own destination: going through
 * pino's call (bindings, redaction, serializers) cost a sixth of a mock list answer's throughput
 *. Every value is either escaped (`url`) or safe by construction (`method` is an HTTP
 * token, `reqId` Fastify's counter, `remoteAddress` an IP).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as pino.Logger;
    if (!error) {
      if (!log.isLevelEnabled('info')) return;
      const dest = (log as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
      dest.write(accessLogLine(req.id, req.method, req.url, req.ip, reply.statusCode, reply.elapsedTime));
      return;
    }
    log.error({ method: req.method, url: logUrl(req.url), remoteAddress: req.ip, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime), err: error }, 'request errored');
  }
}

/**
 * Builds the console server from a validated config: security headers, `/healthz`, the mode
 * (mock handlers or the proxy to the platform) and the static web bundle with SPA fallback.
 * Tests build the same app and send requests through `inject`.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps),
    logController: new AccessLog(),
    // Receiving a request is limited (plugins/limits.ts); answering is not: uploads, exports and
    // proxied calls may take as long as the client's 1,200,000 ms timeout (spec §9).
    ...connectionOptions(config),
    return503OnClosing: true,
    // Off unless TRUST_PROXY names the reverse proxy in front (README "Behind a reverse proxy").
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } },
  });
  // First hook of all: every path decision below reads the one canonical path.
  registerCanonicalPath(app);
  // Before every hook that reads `request.ip`: the client's address, counted from the right.
  registerClientAddress(app, config.trustProxy);
  registerEnvelopeErrors(app);
  if (config.messages === 'localized') registerLocalizedMessages(app);
  await registerConnectionLimits(app, config);
  registerInputHygiene(app);
  await registerSecurity(app);
  await registerOpenApi(app);

  // `mockMarker`: whether the client shows its "mock" marker on data with `x-served-by: mock`;
  // `audit`: the trail's state (server/audit/trail.ts AuditHealth), `degraded` while it is failing or full;
  // `events`: the live events' state (`failing`: the console database refuses them, no live events).
  app.get('/healthz', async () => {
    const audit = app.auditTrail?.health();
    const status = audit && (audit.state === 'failing' || audit.state === 'full') ? 'degraded' : 'ok';
    const events = app.liveEvents?.hub.health().state;
    return { status, mode: config.mode, mockMarker: config.mockMarker, ...(audit ? { audit } : {}), ...(events ? { events } : {}) };
  });

  // The contract-drift monitor and its /console/drift endpoints, in every mode (mock mode
  // has nothing to check, but the page and its endpoint exist for QA). The proxy hands it each
  // relayed exchange as an observer; only when validation is on, so that switched off, no body is
  // copied for it.
  const drift = createDriftMonitor({ enabled: config.contractValidation, maxExampleBytes: config.driftExampleBytes });
  app.decorate('driftMonitor', drift);
  registerDriftRoutes(app, drift, config);

  // The console's own database (server/console-db): the audit trail's, the live events', the sign-in log's, the saved views', the preferences', the approvals' and the trash's tables.
  const db = await openConsoleDatabase(app, config, deps.consoleDriver);

  // Every audited write, whoever answers it (mock hooks are installed before its routes).
  const audit = await registerAuditTrail(app, config, db?.driver);
  const live = await registerLiveEvents(app, config, db?.driver ?? null, deps.liveEvents);
  app.decorate('liveEvents', live);
  // Who is signed in and every sign-in attempt (server/sessions); the proxy refuses revoked tokens through its gate.
  const sessions = registerSessions(app, config, db?.driver ?? null, deps.now);
  // Each list's saved views, personal or shared with roles (server/saved-views).
  registerSavedViews(app, db?.driver ?? null, sessions, deps.now);
  // Each user's preferences (server/preferences): the settings drawer's choices and the lists' columns.
  registerPreferences(app, db?.driver ?? null, sessions, deps.now);
  // Four eyes on sensitive actions (server/approvals): its gate's hooks come before the mode's handlers and the relay.
  const approvals = registerApprovals(app, config, db?.driver ?? null, deps.now);
  // Deleted records kept for TRASH_DAYS and restored with their ids (server/trash).
  const trash = registerTrash(app, config, db?.driver ?? null, deps.now);
  // Export jobs (server/exports): lists paged through this console into workbooks on disk.
  registerExportJobs(app, config, db?.driver ?? null, sessions, live.hub, deps.exportJobs, deps.now);
  const onMockBackend = deps.onMockBackend ?? ((backend: FastifyInstance) => {
    audit?.onMockBackend(backend);
    live.onMockBackend(backend);
  });

  if (config.mode === 'mock') await registerMockMode(app, config, deps, { rawLists: true });
  else if (config.mode === 'replay') await registerReplayMode(app, config, { ...deps, onMockBackend });
  else await registerPlatformMode(app, config, { ...deps, onMockBackend, sessionGate: sessions.gate ?? undefined, relayHolds: approvals.holds, deleteReader: trash.deleteReader ?? undefined, observers: [...(deps.observers ?? []), ...(drift.enabled ? [drift] : []), ...(audit?.observer ? [audit.observer] : []), ...(live.observer ? [live.observer] : []), ...(sessions.observer ? [sessions.observer] : []), ...(trash.observer ? [trash.observer] : [])] });
  const mockCtx = (app as unknown as { __mockCtx?: MockContext }).__mockCtx;
  if (mockCtx) {
    live.attachMock(mockCtx);
    sessions.attachMock(mockCtx);
    approvals.attachMock(mockCtx);
    trash.attachMock(mockCtx);
  }
  // Last of the close hooks: every feature has written what it keeps.
  if (db) app.addHook('onClose', () => db.close());

  await registerStaticWeb(app, config.distDir, { publicSourceMaps: config.publicSourceMaps });
  await registerLoadShedding(app, config);
  return app;
}

/**
 * Opens and migrates the console database the settings name ({@link ConsoleDb.fromConfig}). An
 * unreachable database fails the start while the audit trail needs it (it would lose every entry);
 * with the trail off the console starts without one (no live events across replicas or restarts).
 */
async function openConsoleDatabase(app: FastifyInstance, config: Config, driver?: SqlDriver): Promise<ConsoleDb | null> {
  const onError = (e: unknown) => app.log.error({ err: e }, 'console database: a PostgreSQL connection failed');
  try {
    const migrations = [...EVENT_MIGRATIONS, ...SIGN_IN_MIGRATIONS, ...SAVED_VIEW_MIGRATIONS, ...PREFERENCE_MIGRATIONS, ...APPROVAL_MIGRATIONS, ...TRASH_MIGRATIONS, ...EXPORT_MIGRATIONS];
    return driver ? await ConsoleDb.open(driver, migrations) : await ConsoleDb.fromConfig(config, migrations, onError);
  } catch (e) {
    if (config.auditDb) throw e;
    app.log.error({ err: e }, 'console database: cannot be opened; live events stay in this process');
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract-drift monitor (server/platform/drift.ts). */
    driftMonitor: DriftMonitor;
    /** Live events (server/events): the hub and its streams. */
    liveEvents?: LiveEvents;
  }
}
