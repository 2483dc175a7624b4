import type { LookupView } from '../contract/lookups.js';
import type { Refusal } from '../contract/messages.js';
import type { Config } from '../config.js';
import { CaptchaStore } from './captcha.js';
import { HOOKS } from './hooks/index.js';
import { FaultStore } from './qa.js';
import { SessionStore, type Session } from './sessions.js';
import { Crud } from './store/crud.js';
import { MockStore } from './store/store.js';
import { loadFixtureTables } from './store/fixtures.js';
import { DemoTraffic } from './traffic.js';

/** What every mock route needs: config, clock, sessions and captchas, the seeded store and its CRUD, QA faults. */
export interface MockContext {
  config: Config;
  now: () => number;
  sessions: SessionStore;
  captcha: CaptchaStore;
  /** Every contract entity's records, seeded from `config.seed` at `config.scale`. */
  store: MockStore;
  /** Generic CRUD with the domain hooks over `store`. */
  crud: Crud;
  /** Faults injected by the QA controls. */
  faults: FaultStore;
  /** The live demo traffic (server/mock/traffic.ts): on from the start with `DEMO_TRAFFIC`, else off until the QA control starts it. */
  traffic: DemoTraffic;
  /** Hear every sign-in attempt the mock's login decides (the sign-in log, server/sessions); must not throw. */
  signIns: Set<(attempt: MockSignIn) => void>;
}

/** A sign-in attempt as the mock's login decided it: `refusal` when refused, `locked` when refused for too many attempts. */
export interface MockSignIn {
  username: string;
  ip: string;
  userAgent: string | undefined;
  outcome: 'success' | 'failure' | 'locked';
  refusal?: Refusal;
  atMs: number;
}

export function createMockContext(config: Config, now: () => number = Date.now): MockContext {
  const store = new MockStore(config.seed, config.scale, config.fixturesDir ? loadFixtureTables(config.fixturesDir) : {}, config.cacheDir, config.seedDate);
  const crud = new Crud(store, HOOKS, now);
  return {
    config,
    now,
    sessions: new SessionStore(config.tokenTtl, now),
    captcha: new CaptchaStore(now, config.mockCaptchaCode, config.captchaPerClient),
    store,
    crud,
    faults: new FaultStore(),
    traffic: new DemoTraffic({ store, crud, now }, { enabled: config.demoTraffic > 0, perMinute: config.demoTraffic || undefined }),
    signIns: new Set(),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (mock mode), set by the auth hook for every protected endpoint. */
    session: Session | null;
    /**
     * The look-up view of an entity read the session reaches through a look-up grant only
     * (server/mock/permissions.ts `lookupViewFor`), set by the permission hook; null for a full read.
     */
    lookupView: LookupView | null;
  }
}
