import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The one canonical spelling of a request's path, computed once per
 * request and read by every decision made on a path: the QA switch and faults (server/mock/qa.ts),
 * the sign-in check and permissions of mock mode, hybrid's platform-only paths, MOCK_ENDPOINTS and
 * remembered fallbacks, replay's public paths and recordings, the recorder.
 *
 * Fastify's router (find-my-way 9, `safeDecodeURI`) routes on the path decoded once with
 * `decodeURI` rules: every escape undone except the reserved ones (`%2F`, `%3F`, `%23`, `%25`…,
 * kept encoded), case-sensitive, no dot-segment or doubled-slash handling. So a decision made on the
 * raw spelling (`/v1/%6dock/faults/add`) and the route that answers (`/v1/mock/faults/add`) could
 * disagree. Whenever the router matches a route, the canonical path below equals that route's path
 * (the router's decoding is a part of this one); other spellings match no route and only meet
 * stricter decisions. The canonical path is at least as decoded as anything behind us may read it: every
 * percent escape undone (repeatedly, as a server decoding twice would), `\` read as `/`, `;params`
 * of a segment dropped (servlet containers do), runs of `/` collapsed. `.` and `..` segments are
 * kept as they are: every reader behind us either refuses them (proxy and replay: HTTP 400 naming
 * `path`, server/modes/proxy-verdict.ts `unsafePathReason`) or matches them literally (the mock's router
 * resolves none, and no route has such a segment), so resolving them here would only make a
 * decision about a path nobody answers. Case is kept: the mock's router is case-sensitive, and decisions against a
 * case-insensitive reader (the platform, for the QA block in proxy mode) compare lower case.
 * Escapes of bytes ≥ 0x80 decode to single Latin-1 characters: only the ASCII shape matters here.
 */

/** How many rounds of percent-decoding are undone (more is refused by the proxy's path check). */
const MAX_DECODE_ROUNDS = 5;
/** Characters or sequences without which a path is its own canonical form. */
const NEEDS_WORK = /[%\\;]|\/\//;

/** The canonical form of a path without its query (see the module comment). `/v1//%6Dock;a/reset` → `/v1/mock/reset`. */
export function canonicalPath(rawPath: string): string {
  if (!NEEDS_WORK.test(rawPath)) return rawPath;
  let p = rawPath;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    // Byte-wise, so a malformed sequence (`%zz`, a lone UTF-8 byte) never throws.
    const decoded = p.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === p) break;
    p = decoded;
  }
  return p.replace(/\\/g, '/').replace(/;[^/]*/g, '').replace(/\/{2,}/g, '/');
}

/** The canonical path of a request URL (query removed). */
export function canonicalPathOfUrl(url: string): string {
  const i = url.indexOf('?');
  return canonicalPath(i < 0 ? url : url.slice(0, i));
}

/**
 * Sets `request.canonicalPath` on every request, in the first `onRequest` hook of `app` (call it
 * before any other hook is added). Idempotent per instance.
 */
export function registerCanonicalPath(app: FastifyInstance): void {
  if (app.hasRequestDecorator('canonicalPath')) return;
  app.decorateRequest('canonicalPath', '');
  // Callback style: no promise per request on the proxy's hot path.
  app.addHook('onRequest', (req, _reply, done) => {
    req.canonicalPath = canonicalPathOfUrl(req.url);
    done();
  });
}

/** The canonical path of a request: the decoration when set, else computed (a request of an app without the hook). */
export function pathOf(req: FastifyRequest): string {
  return req.canonicalPath || canonicalPathOfUrl(req.url);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's canonical path (server/plugins/canonical-path.ts), without the query. */
    canonicalPath: string;
  }
}
