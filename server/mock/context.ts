import type { Config } from '../config.js';
import { CaptchaStore } from './captcha.js';
import { SessionStore, type Session } from './sessions.js';

/** What every mock route needs: config, clock, sessions and captchas. */
export interface MockContext {
  config: Config;
  now: () => number;
  sessions: SessionStore;
  captcha: CaptchaStore;
}

export function createMockContext(config: Config, now: () => number = Date.now): MockContext {
  return { config, now, sessions: new SessionStore(config.tokenTtl, now), captcha: new CaptchaStore(now, config.mockCaptchaCode) };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (mock mode), set by the auth hook for every protected endpoint. */
    session: Session | null;
  }
}
