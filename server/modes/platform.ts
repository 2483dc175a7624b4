import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { Recorder } from '../platform/recorder.js';
import type { UserInfo } from '../contract/auth.js';
import { PlatformIdentity, roleSetOfInfo } from '../platform/sessions.js';
import { PlatformLookups } from '../platform/lookup-answer.js';
import { onSignOut } from '../plugins/sign-out.js';
import { registerHybridMode } from './hybrid.js';
import { registerProxyMode } from './proxy.js';

/**
 * The observers of platform traffic the settings ask for: the recorder when RECORD_DIR is set
 * (proxy/hybrid). The contract-drift monitor joins this list when it is switched on.
 */
export function observersFor(config: Config, app: FastifyInstance, identity?: PlatformIdentity): ExchangeObserver[] {
  const out: ExchangeObserver[] = [];
  if (config.recordDir && (config.mode === 'proxy' || config.mode === 'hybrid')) {
    // Recordings are kept per role set of who asked; a token the platform does not know is not recorded.
    const who = identity ?? new PlatformIdentity(config.upstreamUrl!, Date.now, config.upstreamConnectTimeoutMs + 10_000);
    // The role set of each user info, worked out once (the recorder asks it per exchange).
    const sets = new WeakMap<UserInfo, string>();
    const roleSet = (info: UserInfo | null): string | null => {
      if (!info) return null;
      let set = sets.get(info);
      if (set === undefined) sets.set(info, (set = roleSetOfInfo(info)));
      return set;
    };
    const recorder = new Recorder(
      config.recordDir,
      config.recordMaxMb * 1024 * 1024,
      app.log,
      async (authorization) => roleSet(await who.userInfo(authorization)),
      (authorization) => {
        const info = who.keptInfo(authorization);
        return info === undefined ? undefined : roleSet(info);
      },
    );
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
  // Who a token belongs to, asked of the platform once per token per minute, shared by the recorder,
  // hybrid's sessions and the look-up views of the relay; a sign-out passing through forgets the token.
  const identity = new PlatformIdentity(config.upstreamUrl!, deps.now ?? Date.now, config.upstreamConnectTimeoutMs + 10_000);
  onSignOut(app, (a) => identity.forget(a));
  const observers = [...observersFor(config, app, identity), ...(deps.observers ?? [])];
  if (config.mode === 'hybrid') await registerHybridMode(app, config, deps, { observers, identity });
  else await registerProxyMode(app, config, { observers, lookups: new PlatformLookups(identity), sessionGate: deps.sessionGate, relayHolds: deps.relayHolds });
}
