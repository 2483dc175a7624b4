import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { MockContext } from '../mock/context.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { mockAdminVerifier, platformAdminVerifier } from '../platform/drift-routes.js';
import { captureMock, platformIdentity, platformObserver } from './capture.js';
import { registerAuditRoutes } from './routes.js';
import { auditKeyOf } from './key.js';
import { AuditStore, openAuditDriver, type SqlDriver } from './store.js';
import { AuditTrail } from './trail.js';

export { AuditTrail, type AuditHealth, type AuditVerifyResult } from './trail.js';
export { auditKeyOf } from './key.js';
export { AuditStore, openAuditDriver, postgresDriver, sqliteDriver, sqliteWorkerDriver, type SqlDriver } from './store.js';

/**
 * The audit trail of a console server, in every mode: opens (and migrates) its store,
 * serves `/console/auditLog/*`, and answers how to capture — mock mode's hooks are installed here
 * (call before the mock's routes are registered); proxy and hybrid get the observer to hand the
 * proxy, and hybrid's in-process mock backend gets the same hooks (`onMockBackend`). Null when `AUDIT_DB=off`. The queue is written and the store closed when the app closes.
 * The store is the console's database (`shared`, server/console-db: SQLite in `AUDIT_DB`, or PostgreSQL
 * in `CONSOLE_DATABASE_URL`), or a connection of its own when none is handed; an unreachable PostgreSQL
 * fails the start (the trail would otherwise lose every entry), and so does a key that is not the
 * trail's (`AUDIT_KEY`, or the key file made at first start). The chain's head is logged after each
 * batch (`auditHead: "<id>:<hash>"`, for `npm run audit:verify -- --expect-head`); the store's
 * failures, its recovery and 80 % of `AUDIT_MAX_MB` are logged once each time.
 */
export async function registerAuditTrail(app: FastifyInstance, config: Config, shared?: SqlDriver): Promise<{ trail: AuditTrail; observer: ExchangeObserver | null; onMockBackend: (backend: FastifyInstance) => void } | null> {
  if (!config.auditDb) return null;
  const driver = shared ?? (await openAuditDriver(config, (e) => app.log.error({ err: e }, 'audit trail: a PostgreSQL connection failed')));
  let store: AuditStore;
  try {
    store = await AuditStore.open(driver, auditKeyOf(config, (msg) => app.log.warn(msg)));
  } catch (e) {
    if (!shared) await driver.close().catch(() => undefined);
    throw e;
  }
  const trail = new AuditTrail(store, {
    retentionDays: config.auditRetentionDays,
    onFailure: config.auditOnFailure,
    maxBytes: Math.round(config.auditMaxMb * 1048576),
    onDrop: (n) => app.log.warn({ dropped: n }, 'audit trail: queue full, entries dropped (recorded as a gap)'),
    onError: (e) => app.log.error({ err: e, onFailure: config.auditOnFailure }, config.auditOnFailure === 'refuse' ? 'audit trail: the store refuses its entries; audited writes are refused until it takes them again' : 'audit trail: the store refuses its entries; audited writes go on, their entries kept to write again'),
    onRecover: () => app.log.warn('audit trail: the store takes its entries again'),
    onNearlyFull: (size) => app.log.warn({ sizeMb: Math.round(size / 1048576), maxMb: config.auditMaxMb }, 'audit trail: 80 % of AUDIT_MAX_MB used'),
    onHead: (head) => app.log.info({ auditHead: `${head.id}:${head.hash}`, entries: head.id }, 'audit trail: head'),
  });
  app.decorate('auditTrail', trail);
  app.addHook('onClose', async () => {
    await trail.close();
    // A shared connection is the console database's, closed by its owner after every feature.
    if (!shared) await store.close();
  });
  const upstream = config.mode !== 'mock' && config.mode !== 'replay' ? config.upstreamUrl : null;
  registerAuditRoutes(app, trail, upstream ? platformAdminVerifier(upstream, { timeoutMs: Math.min(config.upstreamTimeoutMs, 10_000) }) : mockAdminVerifier(app));
  const ctxOf = (a: FastifyInstance) => () => (a as unknown as { __mockCtx?: MockContext }).__mockCtx;
  // Hybrid: what the in-process mock answers (fallbacks, MOCK_ENDPOINTS) is kept by the same hooks.
  const onMockBackend = (backend: FastifyInstance) => captureMock(backend, trail, ctxOf(backend));
  if (config.mode === 'mock') {
    captureMock(app, trail, ctxOf(app));
    return { trail, observer: null, onMockBackend };
  }
  return { trail, observer: upstream ? platformObserver(trail, platformIdentity(upstream)) : null, onMockBackend };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail (server/audit), absent when `AUDIT_DB=off`. */
    auditTrail?: AuditTrail;
  }
}
