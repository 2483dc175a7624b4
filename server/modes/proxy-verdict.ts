import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Refusal } from '../contract/messages.js';
import { ResultCode } from '../contract/envelope.js';
import { API_PREFIXES } from '../plugins/envelope.js';
import { canonicalPath } from '../plugins/canonical-path.js';
import { isSignOut } from '../plugins/sign-out.js';
import { MAX_URL_LENGTH } from '../plugins/limits.js';

/**
 * What becomes of a request in proxy and hybrid mode (server/modes/proxy.ts), from its request
 * line alone: relayed to the platform, answered by the mock (hybrid's side, {@link MockFallback}),
 * refused (the QA controls, a path that would leave its prefix), or left to Fastify's pipeline.
 */

/**
 * Hybrid mode's mock side as the proxy sees it (server/modes/hybrid.ts implements it): which
 * requests the mock answers without asking the platform, which platform answers mean "not built
 * yet", and answering from the mock.
 */
export interface MockFallback {
  /** Decided before the body is read: the mock answers (MOCK_ENDPOINTS, or a remembered 404/501). `path` is canonical. */
  early(method: string, path: string): boolean;
  /**
   * Whether a platform answer of `status` might mean "not built" (404/501 of a contract endpoint
   * that is not the platform's alone): only then is the answer read whole for {@link notBuilt}.
   */
  mayBeNotBuilt(method: string, path: string, status: number): boolean;
  /**
   * Whether a 2xx answer of `method path` could prove the endpoint built: a contract endpoint not
   * yet seen succeeding. Only then is the answer's body copied (up to the peek limit) for {@link answered}.
   */
  unproven(method: string, path: string): boolean;
  /**
   * The platform answered an {@link unproven} endpoint with a 2xx: `answer` is its whole JSON body,
   * or null when the body is not JSON (a download, an image) or longer than the peek limit.
   */
  answered(method: string, path: string, answer: Buffer | null): void;
  /**
   * The platform answered `status` with `answer` (its whole body, or null when larger than the
   * peek limit): whether that means the endpoint is not built (a 501, or a 404 that is not the
   * platform's own envelope, i.e. no route rather than no record); when true the endpoint is
   * remembered for MOCK_FALLBACK_TTL.
   */
  notBuilt(method: string, path: string, status: number, answer: Buffer | null): boolean;
  /** Whether a request the platform already received may be answered again by the mock: reads only, never a write. */
  replayable(method: string, path: string): boolean;
  /**
   * Answers a request decided {@link early} from the mock, on the client's own connection: its
   * body unread, the mock's router, hooks, sign-in check and permissions run on it as it comes (a
   * plain list call whose platform session is already kept: the mock's raw list road).
   */
  route(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Answers a request again from the mock after the platform said "not built": `body` is the kept
   * request body (undefined when there was none); `ip` the client's address as the console reads it.
   */
  replay(req: IncomingMessage, res: ServerResponse, ip: string, body: Buffer | undefined): Promise<void>;
}

/** How many rounds of percent-decoding we undo when looking for hidden dot segments. */
const MAX_DECODE_ROUNDS = 5;

/** Characters without which {@link unsafePathReason} has nothing to find (no dot, escape, backslash or control). */
// eslint-disable-next-line no-control-regex
const MAYBE_UNSAFE = /[%.\\\u0000-\u001f\u007f]/;

/** The QA controls of mock mode under either API prefix, matched on the canonical path in any case (the platform may read paths case-insensitively). */
export const LOCAL_ONLY = /^\/(?:api\/)?v1\/mock(?:\/|$)/i;

/**
 * Why a proxied path must be refused, or null when it is fine. A path is refused when any
 * segment is `.` or `..` after undoing percent-encoding as many times as it was applied
 * (`%2e%2e`, `%252e%252e`), with `\` read as `/` and `;params` ignored (`..;`), because some
 * servers behind us decode twice or treat those the same as `/..`. `//` stays allowed: the
 * path still starts with the proxied prefix (the relay prepends the upstream's base path to it).
 */
export function unsafePathReason(rawPath: string): Refusal | null {
  if (!MAYBE_UNSAFE.test(rawPath)) return null;
  let p = rawPath;
  for (let round = 0; ; round++) {
    const segments = p.replace(/\\/g, '/').split('/');
    if (segments.some((seg) => /^\.\.?$/.test(seg.split(';')[0]))) return { field: 'path', key: 'request.pathDots' };
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(p)) return { field: 'path', key: 'request.pathControlChars' };
    // Byte-wise decoding never throws on malformed sequences, so `%zz%2e%2e` cannot hide dots.
    const decoded = p.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === p) return null;
    if (round === MAX_DECODE_ROUNDS) return { field: 'path', key: 'request.pathEncodedTooOften' };
    p = decoded;
  }
}

/** `/v1/x?a=1` → [`/v1/x`, `a=1`]. */
export function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i + 1)];
}

/** The QA controls only answer in mock mode. */
export const QA_ONLY_IN_MOCK: Refusal = { key: 'qa.onlyInMock' };

/** What becomes of a request: see {@link proxiedRequestVerdict}. */
export type ProxyVerdict =
  | { to: 'platform' }
  | { to: 'mock' }
  | { to: 'refuse'; status: number; code: number; refusal: Refusal }
  /** Not decided here: Fastify's pipeline (its hooks, router and the proxy's routes) takes it. */
  | { to: 'fastify' };
const TO_PLATFORM: ProxyVerdict = { to: 'platform' };
const TO_MOCK: ProxyVerdict = { to: 'mock' };
const TO_FASTIFY: ProxyVerdict = { to: 'fastify' };

/** Methods the proxy's routes accept (Fastify's `all`); anything else is Fastify's to refuse. */
const RELAYED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** The proxied prefixes without their slash (`/v1`, `/api/v1`, `/upload`). */
const BARE_PREFIXES = API_PREFIXES.map((p) => p.slice(0, -1));

/** Whether a request target is under a proxied prefix as the router reads it (`/v1`, `/v1/…`, `/v1?…`, same for `/api/v1` and `/upload`). */
export function underProxiedPrefix(url: string): boolean {
  for (const prefix of BARE_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const n = prefix.length;
    const c = url.charCodeAt(n);
    // `/`, `?` or the end.
    if (c === 47 || c === 63 || url.length === n) return true;
  }
  return false;
}

/**
 * The one place proxy and hybrid decide what becomes of a request, from its
 * request line alone, shared by the raw relay and Fastify's road:
 *
 * - `raw` (the node:http `request` event, before Fastify): only the plain case is decided here —
 *   a proxied prefix, a method of the proxy's routes, a URL within MAX_URL_LENGTH, a path already in
 *   its canonical spelling (server/plugins/canonical-path.ts) that is not the sign-out endpoint, no
 *   load shedding, no TRUST_PROXY (the client's address then needs Fastify's proxy-addr); anything
 *   else, and every refusal, goes to Fastify (`fastify`), whose hooks answer it in the client's
 *   language and keep the sign-out, shedding, URL-length and trusted-proxy rules.
 * - Fastify's road (`raw` false; the app's and the proxy scope's `onRequest` hooks, the canonical path known):
 * 1. the QA controls (`/v1/mock/*`, `/api/v1/mock/*`, any spelling or case) → 404 `qa.onlyInMock`;
 * 2. a path that would leave its prefix ({@link unsafePathReason}) → 400 naming `path`;
 * 3. hybrid's early decision ({@link MockFallback.early}) → `mock`, before the body is read;
 * 4. everything else → `platform`.
 */
export function proxiedRequestVerdict(
  req: { method: string; url: string; path: string },
  ctx: { fallback: MockFallback | null; raw: boolean; shedding: boolean; trustProxy: boolean },
): ProxyVerdict {
  const { method, path } = req;
  if (ctx.raw) {
    const url = req.url;
    if (ctx.shedding || ctx.trustProxy || url.length > MAX_URL_LENGTH || !RELAYED_METHODS.has(method) || !underProxiedPrefix(url)) return TO_FASTIFY;
    if (canonicalPath(path) !== path || path.includes('#') || isSignOut(method, path)) return TO_FASTIFY;
  }
  if (LOCAL_ONLY.test(path)) return ctx.raw ? TO_FASTIFY : { to: 'refuse', status: 404, code: ResultCode.notFound, refusal: QA_ONLY_IN_MOCK };
  const rawPath = ctx.raw ? path : splitUrl(req.url)[0];
  const reason = unsafePathReason(rawPath);
  if (reason) return ctx.raw ? TO_FASTIFY : { to: 'refuse', status: 400, code: ResultCode.badRequest, refusal: reason };
  if (ctx.fallback !== null && ctx.fallback.early(method, path)) return TO_MOCK;
  return TO_PLATFORM;
}
