import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOf } from './canonical-path.js';

/**
 * Sign-out as the console server sees it in proxy and hybrid modes: the session
 * is the platform's, but the server keeps verdicts about tokens (hybrid's mock sessions,
 * server/platform/sessions.ts; the drift page's administrator check, server/platform/drift-routes.ts).
 * When `POST /v1/admin/logout` (either API prefix, any spelling: the canonical path) passes
 * through with an Authorization header, every listener forgets that token: once when the request
 * arrives and again when its answer is done (a verdict asked for in between is not kept either).
 */

/** A listener told the Authorization value of a signed-out session. Must not throw. */
export type SignOutListener = (authorization: string) => void;

const LISTENERS = new WeakMap<FastifyInstance, Set<SignOutListener>>();
const LOGOUT = /^\/(?:api\/)?v1\/admin\/logout$/i;

/** Whether `method path` (a canonical path) is the sign-out endpoint (the raw relay leaves those to Fastify's hooks below). */
export function isSignOut(method: string, path: string): boolean {
  return method === 'POST' && LOGOUT.test(path);
}

/** Adds a listener on the app's sign-outs (the root instance the modes receive). */
export function onSignOut(app: FastifyInstance, listener: SignOutListener): void {
  let set = LISTENERS.get(app);
  if (!set) LISTENERS.set(app, (set = new Set()));
  set.add(listener);
}

/** Tells every listener of `app` that `authorization` signed out. */
export function signedOut(app: FastifyInstance, authorization: string): void {
  for (const fn of LISTENERS.get(app) ?? []) fn(authorization);
}

/** Watches the sign-out endpoint on `app` (proxy and hybrid modes; mock mode revokes its own tokens). */
export function watchSignOuts(app: FastifyInstance): void {
  const tell = (req: FastifyRequest) => {
    const auth = req.headers.authorization;
    if (auth && isSignOut(req.method, pathOf(req))) signedOut(app, auth);
  };
  // Callback style: no promise per request on the proxy's hot path.
  app.addHook('onRequest', (req, _reply, done) => {
    tell(req);
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    tell(req);
    done();
  });
}
