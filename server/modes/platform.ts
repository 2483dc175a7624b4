import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { Recorder } from '../platform/recorder.js';
import { registerHybridMode } from './hybrid.js';
import { registerProxyMode } from './proxy.js';

/**
 * The observers of platform traffic the settings ask for: the recorder when RECORD_DIR is set
 * (proxy/hybrid). The contract-drift monitor joins this list when it is switched on.
 */
export function observersFor(config: Config, app: FastifyInstance): ExchangeObserver[] {
  const out: ExchangeObserver[] = [];
  if (config.recordDir && (config.mode === 'proxy' || config.mode === 'hybrid')) {
    const recorder = new Recorder(config.recordDir, config.recordMaxMb * 1024 * 1024, app.log);
    app.decorate('platformRecorder', recorder);
    // Exchanges still queued are written before the app closes (SIGTERM, tests).
    app.addHook('onClose', async () => recorder.flush());
    out.push(recorder);
  }
  return out;
}

/**
 * Proxy or hybrid mode with their observers: those the settings ask for ({@link observersFor})
 * and any passed in `deps.observers` (tests, the drift monitor).
 */
export async function registerPlatformMode(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  const observers = [...observersFor(config, app), ...(deps.observers ?? [])];
  if (config.mode === 'hybrid') await registerHybridMode(app, config, deps, { observers });
  else await registerProxyMode(app, config, { observers });
}
