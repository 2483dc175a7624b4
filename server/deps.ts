import type { FastifyInstance } from 'fastify';
import type { ExchangeObserver } from './platform/exchange.js';
import type { SqlDriver } from './console-db/driver.js';
import type { LiveEventsOptions } from './events/index.js';
import type { SessionGate } from './sessions/platform.js';
import type { DeleteReader } from './modes/proxy.js';
import type { ExportJobsOptions } from './exports/index.js';

/**
 * Hooks tests use to control time and capture logs; production passes nothing. Its own module so
 * that `buildApp` (app.ts) and the modes it registers (modes/*) share it without importing each other.
 */
export interface AppDeps {
  /** Current time in ms (mock token expiry, captcha expiry). */
  now?: () => number;
  /** Where log lines go (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** Proxy/hybrid: more observers of platform exchanges (tests; the drift monitor). */
  observers?: ExchangeObserver[];
  /** Hybrid/replay: called with the in-process mock backend before its routes are registered (the audit trail's hooks). */
  onMockBackend?: (backend: FastifyInstance) => void;
  /** The console database's driver instead of the one the settings name (tests: replicas on one PGlite); closed with the app. */
  consoleDriver?: SqlDriver;
  /** Live events' timings and bounds (tests, the bench). */
  liveEvents?: LiveEventsOptions;
  /** Proxy/hybrid: the sessions' gate the relay asks before each call (set by buildApp, server/sessions). */
  sessionGate?: SessionGate;
  /** Proxy/hybrid: calls the relay leaves to Fastify, whose hooks read their body (set by buildApp, server/approvals: the gated operations). */
  relayHolds?: (method: string, path: string) => boolean;
  /** Proxy/hybrid: what the relay hands the trash before a delete (set by buildApp, server/trash). */
  deleteReader?: DeleteReader;
  /** Export jobs' page size and a hook before each page (tests, the bench). */
  exportJobs?: ExportJobsOptions;
}
