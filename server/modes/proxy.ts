import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Refusal } from '../contract/messages.js';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { SECURITY_HEADERS } from '../plugins/security.js';
import type { Config } from '../config.js';
import { ResultCode } from '../contract/envelope.js';
import { API_PREFIXES, sendEnvelope } from '../plugins/envelope.js';
import { canonicalPath, pathOf } from '../plugins/canonical-path.js';
import { isSignOut, watchSignOuts } from '../plugins/sign-out.js';
import type { SessionGate } from '../sessions/platform.js';
import { guardRequestBody, loadStateOf, MAX_URL_LENGTH } from '../plugins/limits.js';
import { installRelay, rawAccessLog, writeEnvelope } from '../relay/index.js';
import { wantingObservers, type Exchange, type ExchangeBody, type ExchangeObserver } from '../platform/exchange.js';
import { defaultSortOf, MAX_SORTED_BODY, readSmallBody, withDefaultSort } from '../platform/default-sort.js';
import { REVERT_HEADER } from '../audit/revert-mark.js';
import { staleAgainst, versionedWriteOf, versionOfBody, type VersionedWrite } from '../platform/version-check.js';
import { BodyTap, contentTypeOf, DEFAULT_BODY_CAP, noBody, notifyObservers, routeKeyOf } from '../platform/tap.js';
import { lookupRequestBody, projectedAnswerBytes, type PlatformLookups } from '../platform/lookup-answer.js';
import type { LookupView } from '../contract/lookups.js';

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

/** What proxy mode does besides forwarding. */
export interface PlatformOptions {
  /** Told about every exchange the platform answered, after it was relayed. */
  observers?: readonly ExchangeObserver[];
  /** Copy limit per body for observers and for replaying a request to the mock, in bytes. */
  bodyCap?: number;
  /** Hybrid mode: the mock side. */
  fallback?: MockFallback;
  /**
   * Who reads entities through look-up grants only (server/platform/lookup-answer.ts): their list
   * queries are narrowed and the platform's answers projected before the client sees them. None: every answer relayed as it comes.
   */
  lookups?: PlatformLookups;
  /** The sessions' gate (server/sessions/platform.ts): a revoked token is refused (HTTP 401) before anything is relayed; every relayed call moves its session's `lastSeen`. */
  sessionGate?: SessionGate;
  /** Calls the raw relay leaves to Fastify's road (server/approvals: the gated operations, whose body the console reads). */
  relayHolds?: (method: string, path: string) => boolean;
}

/** Header naming the side that served an answer (`platform`, `mock`, `replay`). */
export const SERVED_BY = 'x-served-by';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, never the end-to-end message,
 * so they are dropped in both directions. `proxy-connection` is the non-standard cousin some
 * clients still send. Names listed in a `Connection` header are dropped as well.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Client-sent forwarding headers are lies until proven otherwise: the console is the edge
 * (`trustProxy: false`), so whatever a browser claims about its address is dropped and our own
 * view of the connection is sent instead. `x-real-ip` is the same claim under another name.
 */
const isForwardingHeader = (name: string) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-');

/** Upstream failures that mean "it answered too slowly" (504) rather than "it is not there" (502). */
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
]);


/** Envelope codes of the gateway failures; the client shows its own §8 message for each. */
const BAD_GATEWAY = 502;
const GATEWAY_TIMEOUT = 504;

/** Largest declared request body read whole before it is relayed (bytes; the list bodies' limit): larger ones stream. */
const WHOLE_BODY_LIMIT = MAX_SORTED_BODY;

/** Largest platform 404/501 answer hybrid reads whole to tell a missing route from a missing record (bytes). */
const NOT_BUILT_PEEK = 64 * 1024;

/** Largest platform answer to a look-up read that is projected (bytes): a longer one is refused whole (502), never relayed. */
const LOOKUP_ANSWER_LIMIT = 32 * 1024 * 1024;

/** Answer headers that describe the platform's bytes, dropped from a projected answer (which gets its own length). */
const PROJECTED_DROPS = new Set(['content-length', 'content-encoding', 'etag', 'content-md5', 'digest']);

/** A relayed head (flat) for a projected body of `length` bytes. */
function projectedHead(head: readonly string[], length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < head.length; i += 2) if (!PROJECTED_DROPS.has(head[i])) out.push(head[i], head[i + 1]);
  out.push('content-length', String(length));
  return out;
}

/** The client's request headers without `Accept-Encoding`: a look-up answer is projected, so the platform sends it plain. */
function plainAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const name in headers) if (name !== 'accept-encoding') out[name] = headers[name];
  return out;
}


/** How many rounds of percent-decoding we undo when looking for hidden dot segments. */
const MAX_DECODE_ROUNDS = 5;

function connectionListed(c: string | string[] | undefined): string[] {
  const value = Array.isArray(c) ? c.join(',') : c;
  return value ? value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : [];
}

/** `Connection` values that name only hop-by-hop headers (dropped anyway): no set of listed names is needed then. */
const PLAIN_CONNECTION = /^\s*(?:keep-alive|close)\s*$/i;

/** The names a `Connection` header lists beyond the hop-by-hop ones, or null when it lists none (the usual `keep-alive`/`close`). */
function listedNames(connection: string | string[] | undefined): Set<string> | null {
  if (connection === undefined || (typeof connection === 'string' && PLAIN_CONNECTION.test(connection))) return null;
  return new Set(connectionListed(connection));
}

/**
 * Copies `headers` without hop-by-hop headers, those named in `Connection` and those `drop`
 * names (one pass, no `delete`: deleting keys turns the copy into a slow dictionary object).
 */
function withoutHopByHop(headers: IncomingHttpHeaders, drop?: (lowerName: string) => boolean): IncomingHttpHeaders {
  const listed = listedNames(headers.connection);
  const out: IncomingHttpHeaders = {};
  for (const name in headers) {
    const n = name.toLowerCase();
    if (HOP_BY_HOP.has(n) || (listed !== null && listed.has(n)) || (drop !== undefined && drop(n))) continue;
    out[n] = headers[name];
  }
  return out;
}

/**
 * The headers sent to the platform, flat (`[name, value, …]`, as undici takes them without walking
 * an object): the client's headers (Authorization included, untouched) minus hop-by-hop and
 * client-claimed forwarding headers, `Host` set to the upstream's (`host`), plus
 * X-Forwarded-For/-Proto describing the connection the console actually saw and X-Forwarded-Host
 * from PUBLIC_HOST (never the client's Host header, which anyone can set; none when PUBLIC_HOST is
 * unset). `contentLength`: undefined sends the client's `Content-Length` as it came, null drops it
 * (a request without a body), a string replaces it (a body the relay re-encoded).
 */
export function upstreamRequestHeadersFor(
  publicHost: string | null,
): (ip: string, protocol: string, headers: IncomingHttpHeaders, host: string, contentLength?: string | null) => (string | string[])[] {
  return (ip, protocol, headers, host, contentLength) => {
    const listed = listedNames(headers.connection);
    const out: (string | string[])[] = ['host', host];
    for (const name in headers) {
      // node:http's header names are lower-case already.
      const value = headers[name];
      if (value === undefined || name === 'host' || HOP_BY_HOP.has(name) || isForwardingHeader(name) || name === REVERT_HEADER || (listed !== null && listed.has(name))) continue;
      if (name === 'content-length' && contentLength !== undefined) continue;
      out.push(name, value);
    }
    if (contentLength != null) out.push('content-length', contentLength);
    out.push('x-forwarded-for', ip, 'x-forwarded-proto', protocol);
    if (publicHost) out.push('x-forwarded-host', publicHost);
    return out;
  };
}

/** Answer headers of the platform never relayed: they describe the platform's software (`Server`, `X-Powered-By`) or set its cookies. */
const DROPPED_ANSWER_HEADERS = new Set(['server', 'x-powered-by', 'set-cookie']);
const isDroppedAnswerHeader = (name: string) => DROPPED_ANSWER_HEADERS.has(name);

/**
 * The platform's answer headers as relayed: hop-by-hop ones dropped, and `Server`, `X-Powered-By`
 * and `Set-Cookie` dropped. Cookies are dropped rather than rewritten because the console never
 * uses them (the session is the Authorization header, spec §3), and a platform cookie with the
 * platform's Domain would either be ignored by the browser or, rewritten, be sent to every path of
 * the console.
 */
export function relayedAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return withoutHopByHop(headers, isDroppedAnswerHeader);
}

/** A raw header name or value of undici's as text (header bytes are Latin-1: one byte, one character). */
const headerText = (x: Buffer | string): string => (typeof x === 'string' ? x : x.toString('latin1'));

/** Header names seen in answers, lower-cased, by {@link nameKey}: most answers carry the same dozen or two. */
const NAMES = new Map<number, string>();
/** Most names {@link NAMES} keeps (a platform sending ever new names gets them decoded each time). */
const MAX_NAMES = 512;
const lowerByte = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b) & 127;
/** A name's length and three of its bytes (lower-cased) in one small integer. */
const nameKey = (x: Buffer) => x.length | (lowerByte(x[0]) << 6) | (lowerByte(x[x.length - 1]) << 13) | (lowerByte(x[x.length >> 1]) << 20);
function sameName(x: Buffer, name: string): boolean {
  for (let i = 0; i < x.length; i++) if (lowerByte(x[i]) !== name.charCodeAt(i) || x[i] > 127) return false;
  return true;
}

/**
 * A raw answer header name, lower-cased. A name seen before comes back as the same string,
 * compared byte by byte rather than decoded (decoding each name of each answer, and
 * hashing each new string to look it up, was most of what relaying the head cost).
 */
function headerName(x: Buffer | string): string {
  if (typeof x === 'string') return x.toLowerCase();
  const n = x.length;
  if (n === 0 || n > 63) return x.toString('latin1').toLowerCase();
  const key = nameKey(x);
  const known = NAMES.get(key);
  if (known !== undefined && known.length === n && sameName(x, known)) return known;
  const name = x.toString('latin1').toLowerCase();
  if (known === undefined && NAMES.size < MAX_NAMES) NAMES.set(key, name);
  return name;
}

/**
 * undici's raw answer headers (`[name, value, …]`, Buffers or strings) as a header object with
 * lower-cased names; a repeated header becomes an array of its values.
 */
function parseRawHeaders(raw: Buffer[] | string[]): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = headerName(raw[i]);
    const value = headerText(raw[i + 1]);
    const had = out[name];
    if (had === undefined) out[name] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[name] = [had, value];
  }
  return out as IncomingHttpHeaders;
}

/**
 * An exchange as the relay hands it to its observers (server/platform/exchange.ts). A class, so
 * every exchange has one shape (an object literal with a getter was built property by
 * property at run time, and its readers' lookups went megamorphic); the header object is made only
 * when an observer reads `answerHeaders` (the recorder when it writes; the audit trail never).
 */
class RelayedExchange implements Exchange {
  readonly servedBy = 'platform' as const;
  private headers: IncomingHttpHeaders | null = null;
  constructor(
    readonly method: string,
    readonly path: string,
    readonly query: string,
    readonly routeKey: string | null,
    readonly requestHeaders: IncomingHttpHeaders,
    readonly request: ExchangeBody,
    readonly status: number,
    readonly rawAnswerHeaders: Buffer[] | string[],
    readonly answer: ExchangeBody,
    readonly clientIp: string,
    readonly at: number,
    readonly recordBefore: Buffer | null = null,
  ) {}

  get answerHeaders(): IncomingHttpHeaders {
    return (this.headers ??= parseRawHeaders(this.rawAnswerHeaders));
  }
}

/** The first value of header `name` (lower-case) in undici's raw headers, or undefined. */
function rawHeaderValue(raw: readonly (Buffer | string)[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (headerName(raw[i]) === name) return headerText(raw[i + 1]);
  return undefined;
}

/** Answer headers the relay never copies from the platform's: hop-by-hop, dropped ({@link relayedAnswerHeaders}), and those it sets itself. */
const NOT_COPIED = new Set([...HOP_BY_HOP, ...DROPPED_ANSWER_HEADERS, ...Object.keys(SECURITY_HEADERS), 'x-served-by']);
/** What every relayed platform answer ends with, flat: the console's security headers and `x-served-by: platform`. */
const OWN_ANSWER_HEADERS: readonly string[] = [...Object.entries(SECURITY_HEADERS).flat(), 'x-served-by', 'platform'];

/**
 * The head of a relayed answer as `res.writeHead` takes it flat (`[name, value, …]`), made once
 * from undici's raw headers: {@link relayedAnswerHeaders}' rules, then the console's security
 * headers (replacing the platform's own) and `x-served-by: platform` (no header object
 * built, copied and merged per answer, and the values of headers the console replaces never
 * decoded). A platform redirect's `Location` loses the upstream's base path (`/platform/v1/x` →
 * `/v1/x`; `path` is the request's canonical path).
 */
export function relayedAnswerHead(raw: readonly (Buffer | string)[], basePath: string, path: string): string[] {
  const n = raw.length;
  const names = new Array<string>(n >> 1);
  let connection: string | string[] | undefined;
  for (let i = 0; i < n; i += 2) {
    const name = headerName(raw[i]);
    names[i >> 1] = name;
    if (name === 'connection') {
      const v = headerText(raw[i + 1]);
      connection = connection === undefined ? v : [connection, v].flat();
    }
  }
  const listed = listedNames(connection);
  const out: string[] = [];
  for (let i = 0; i < n; i += 2) {
    const name = names[i >> 1];
    if (NOT_COPIED.has(name) || (listed !== null && listed.has(name))) continue;
    let value = headerText(raw[i + 1]);
    if (name === 'location' && basePath !== '') {
      const prefix = routePrefixOf(path);
      value = value.replace(basePath + prefix, prefix);
    }
    out.push(name, value);
  }
  for (let i = 0; i < OWN_ANSWER_HEADERS.length; i++) out.push(OWN_ANSWER_HEADERS[i]);
  return out;
}

/** Characters without which {@link unsafePathReason} has nothing to find (no dot, escape, backslash or control). */
// eslint-disable-next-line no-control-regex
const MAYBE_UNSAFE = /[%.\\\u0000-\u001f\u007f]/;

/** The QA controls of mock mode under either API prefix, matched on the canonical path in any case (the platform may read paths case-insensitively). */
const LOCAL_ONLY = /^\/(?:api\/)?v1\/mock(?:\/|$)/i;

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

/**
 * The request body as a stream undici may destroy without taking the client's connection with
 * it. Handing undici the request itself would let a refused or timed-out upstream destroy the
 * incoming request, and with it the socket, before the 502/504 envelope could be written.
 * `pipe` keeps backpressure (nothing is buffered beyond one chunk) and, unlike `pipeline`,
 * leaves the source alone when the destination dies; a client that aborts still ends the copy.
 */
function detachedBody(payload: Readable): PassThrough {
  const body = new PassThrough();
  payload.pipe(body);
  payload.once('error', (err) => body.destroy(err));
  payload.once('close', () => {
    if (!payload.readableEnded) body.destroy(new Error('the client closed the request before its body ended'));
  });
  return body;
}

/** `/v1/x?a=1` → [`/v1/x`, `a=1`]. */
function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i + 1)];
}

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Maps a failed upstream exchange to the envelope the client understands (spec §8), in its
 * language: a timeout waiting for the platform → HTTP 504 / code 504; anything else before an
 * answer arrived (refused, reset, DNS, connect timeout, TLS certificate not trusted) → HTTP 502 /
 * code 502. The detail goes to the log (at warn), never to the client.
 */
function upstreamFailure(req: IncomingMessage, res: ServerResponse, error: unknown, timeoutMs: number, localized: boolean): void {
  const codes = [errorCode(error), errorCode((error as { cause?: unknown } | null)?.cause)];
  if (codes.some((c) => c !== undefined && TIMEOUT_CODES.has(c))) {
    writeEnvelope(req, res, GATEWAY_TIMEOUT, GATEWAY_TIMEOUT, { key: 'gateway.timeout', params: { ms: timeoutMs } }, localized);
    return;
  }
  writeEnvelope(req, res, BAD_GATEWAY, BAD_GATEWAY, { key: 'gateway.unreachable' }, localized);
}

/** The QA controls only answer in mock mode. */
const QA_ONLY_IN_MOCK: Refusal = { key: 'qa.onlyInMock' };

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
function underProxiedPrefix(url: string): boolean {
  for (const prefix of BARE_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const n = prefix.length;
    const c = url.charCodeAt(n);
    // `/`, `?` or the end.
    if (c === 47 || c === 63 || url.length === n) return true;
  }
  return false;
}

/** The proxied prefix of a canonical path, for redirects coming back: `/api/v1`, `/upload` or `/v1`. */
function routePrefixOf(path: string): string {
  if (path.startsWith('/api/v1')) return '/api/v1';
  if (path.startsWith('/upload')) return '/upload';
  return '/v1';
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

/** One proxied request as the relay needs it, from either road. */
interface RelayCall {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** The request target as received (path and query). */
  url: string;
  /** The canonical path (server/plugins/canonical-path.ts). */
  path: string;
  /** The client's address as the console reads it (TRUST_PROXY honoured). */
  ip: string;
  protocol: string;
  log: FastifyBaseLogger;
  /** A versioned write let through: the record's `info` answer the check read (observers make its changes from it). */
  recordBefore?: Buffer;
}

/**
 * Proxy mode (architecture "proxy mode"; our own relay on an undici pool, answered from
 * the server's `request` event): `/v1`, `/api/v1` and `/upload` and everything under them go to
 * `config.upstreamUrl`, whose path (e.g. `/platform`) is prepended. Registers no mock route; static
 * web, `/healthz`, security headers and the envelope 404 for other paths stay the app's.
 *
 * - Two roads, one set of rules ({@link proxiedRequestVerdict}) and one relay: plain requests are
 *   taken from the node:http `request` event (server/relay) and relayed without Fastify's request
 *   pipeline; the rest go through Fastify's hooks and the proxy's routes, which hand the same
 *   relay the request. The access-log line is the same on both (server/relay/access-log.ts).
 * - Bodies are never parsed (`bodyLimit` and JSON parsing never apply: multipart uploads, Excel
 *   exports), except a list request without a sort, given its entity's default sort
 *   (server/platform/default-sort.ts). Answers stream; a request body streams too unless its
 *   declared length is at most {@link WHOLE_BODY_LIMIT} (16 KB), when it is read whole and sent as one buffer.
 * - Request headers: see {@link upstreamRequestHeadersFor}; answer headers: {@link relayedAnswerHeaders}.
 * - The QA controls (`/v1/mock/*`, `/api/v1/mock/*`) answer 404 however the path is spelled (the request's canonical path, server/plugins/canonical-path.ts).
 * - Upstream TLS certificates are verified.
 * - Timeouts: connect `upstreamConnectTimeoutMs`; waiting for the answer's headers and between
 *   body chunks `upstreamTimeoutMs` (spec §9 client timeout 1,200,000 ms); a request body silent
 *   for `bodyTimeoutMs` is cut (408). No retries: the client decides whether to try again.
 * - Failures: unreachable → HTTP 502 envelope, too slow → HTTP 504 envelope (spec §8), in the
 *   client's language; a path that would leave its prefix → HTTP 400 envelope naming `path`.
 * - Observers are told after the answer is sent.
 *
 * @throws Error when `config.upstreamUrl` is missing (loadConfig already refuses that).
 */
export async function registerProxyMode(app: FastifyInstance, config: Config, options: PlatformOptions = {}): Promise<void> {
  if (!config.upstreamUrl) throw new Error(`UPSTREAM_URL is required when MODE is "${config.mode}"`);
  const observers = options.observers ?? [];
  const fallback = options.fallback ?? null;
  const lookups = options.lookups ?? null;
  const gate = options.sessionGate ?? null;
  const cap = options.bodyCap ?? DEFAULT_BODY_CAP;
  const localized = config.messages === 'localized';
  const checkedByPlatform = config.platformChecksVersion;
  const NONE: ExchangeObserver[] = [];
  const upstream = new URL(config.upstreamUrl);
  // loadConfig strips trailing slashes, so the base path is '' or '/platform'.
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const toRequestHeaders = upstreamRequestHeadersFor(config.publicHost);
  const upstreamHost = upstream.host;
  const timeoutMs = config.upstreamTimeoutMs;

  // Closed with the app, so shutdown (and tests) do not wait.
  const pool = new Pool(upstream.origin, {
    connect: { timeout: config.upstreamConnectTimeoutMs, rejectUnauthorized: true },
    headersTimeout: config.upstreamTimeoutMs,
    bodyTimeout: config.upstreamTimeoutMs,
  });
  app.addHook('onClose', (_i, done) => {
    pool.destroy().then(
      () => done(),
      () => done(),
    );
  });

  /**
   * Relays one request to the platform and its answer back (both roads end here), once it is known
   * whether the caller reads through a look-up view (an entity read of a user holding no screen of
   * its area: the platform's user info for the token, asked when not yet kept).
   */
  const relayExchange = (call: RelayCall): void => {
    const view = lookups === null ? null : lookups.viewOf(call.req.headers.authorization, call.path);
    if (!(view instanceof Promise)) return relayWithView(call, view);
    view
      .then((v) => relayWithView(call, v))
      .catch((err: unknown) => {
        call.log.warn({ err }, 'look-up relay failed');
        if (!call.res.headersSent) writeEnvelope(call.req, call.res, BAD_GATEWAY, BAD_GATEWAY, { key: 'gateway.unreachable' }, localized);
      });
  };

  /**
   * Relays one request (see {@link relayExchange}). The body is copied (bounded) when an observer
   * wants the exchange or hybrid may replay it to the mock; a list request without a sort is read
   * whole and given its default sort. With a look-up `view`, the body is read whole and narrowed
   * (server/platform/lookup-answer.ts: a filter or sort of a hidden field refused, HTTP 400 naming
   * it, nothing sent), the platform is asked for a plain answer, and a 2xx answer is read whole and
   * sent projected (HTTP 502 when it cannot be read as JSON or is over LOOKUP_ANSWER_LIMIT).
   */
  const relayWithView = (call: RelayCall, view: LookupView | null): void => {
    const { req, method, url } = call;
    const path = splitUrl(url)[0];
    // Keyed once: the observers' interest and the exchange they are handed share it.
    const routeKey = observers.length > 0 ? routeKeyOf(method, path) : null;
    const watchers = observers.length > 0 ? wantingObservers(observers, method, path, routeKey) : NONE;
    // An observer that cannot keep the exchange (the audit trail failing) refuses it before anything is relayed.
    for (let i = 0; i < watchers.length; i++) {
      const refused = watchers[i].admit?.(method, path, routeKey, call.res) ?? null;
      if (refused !== null) return void writeEnvelope(req, call.res, refused.status, refused.code, refused.refusal, localized);
    }
    const reqHeaders = view === null ? req.headers : plainAnswerHeaders(req.headers);
    const te = reqHeaders['transfer-encoding'];
    const cl = reqHeaders['content-length'];
    const hasBody = te !== undefined || (cl !== undefined && cl !== '0');
    if (view !== null && hasBody && !(te === undefined && Number(cl) > 0 && Number(cl) <= WHOLE_BODY_LIMIT))
      return void writeEnvelope(req, call.res, 413, 413, { field: 'body', key: 'request.tooLarge', params: { detail: `Request body is too large (a look-up read takes at most ${WHOLE_BODY_LIMIT} bytes)` } }, localized);
    const sort = hasBody ? defaultSortOf(method, path, reqHeaders) : null;
    // A write of one record carrying its version is read whole and checked first (server/platform/version-check.ts).
    const versioned = hasBody && sort === null && !checkedByPlatform ? versionedWriteOf(method, path, reqHeaders) : null;
    const copied = hasBody && (fallback !== null || watchers.length > 0);
    // A body of a declared small length is read whole before it is sent, as a list's is for its
    // sort: undici then writes one buffer instead of piping a stream through a second one, and a
    // copy (observers, hybrid) is the very bytes sent, with no listener beside the relay's
    // (in CPU per relayed write a streamed body is the costliest part of the relay, and of
    // auditing it). Longer and chunked bodies (uploads, imports) stream, a tap beside them.
    const whole = view !== null || sort !== null || versioned !== null || (te === undefined && Number(cl) > 0 && Number(cl) <= WHOLE_BODY_LIMIT);
    let tap: BodyTap | null = null;
    if (copied) {
      const t = new BodyTap(contentTypeOf(reqHeaders['content-type']), cap);
      tap = t;
      if (!whole) {
        // A 'data' listener beside the relay's own reading sees the same chunks and neither pauses nor buffers it.
        req.on('data', (c: Buffer) => t.push(c));
        req.once('end', () => (t.ended = true));
      }
    }
    const handler = new RelayHandler(call, watchers, tap, routeKey, view);
    const target = basePath + url;
    // `contentLength`: see upstreamRequestHeadersFor (undefined: as it came; null: none; else the re-encoded body's).
    const dispatch = (body: Readable | Buffer | null, contentLength?: string | null) =>
      pool.dispatch({ path: target, method: method as 'GET', headers: toRequestHeaders(call.ip, call.protocol, reqHeaders, upstreamHost, contentLength) as string[], body }, handler);
    if (!hasBody) return void dispatch(null, null);
    if (!whole) return void dispatch(detachedBody(req));
    readSmallBody(req, (err, bytes) => {
      if (err) return void handler.onError(err);
      // Observers get the client's own bytes.
      if (tap !== null) {
        tap.push(bytes);
        tap.ended = true;
      }
      let sent = bytes;
      if (view !== null) {
        const narrowed = lookupRequestBody(view, bytes);
        if ('refusal' in narrowed) return void writeEnvelope(req, call.res, 400, ResultCode.badRequest, narrowed.refusal, localized);
        sent = narrowed.bytes ?? bytes;
      }
      if (versioned !== null) return void checkVersion(call, versioned, sent, dispatch);
      const sorted = sort === null ? null : withDefaultSort(sent, sort);
      if (sorted !== null) sent = sorted;
      // Re-encoded with its new length.
      if (sent === bytes) dispatch(bytes);
      else dispatch(sent, String(sent.length));
    });
  };

  /**
   * A write of one record (`bytes`, read whole) made on a version: the record's version is read
   * through the entity's `info` on the platform, with the client's own headers (its session), and a
   * stale write is answered 409 with the record as it is now, never relayed; a fresh one, or one
   * whose record cannot be read (the platform then answers the write itself), is sent without its
   * version field; a write without a version as it came (server/platform/version-check.ts).
   */
  const checkVersion = (call: RelayCall, w: VersionedWrite, bytes: Buffer, send: (body: Buffer, contentLength?: string) => void): void => {
    const v = versionOfBody(bytes, w);
    if (v === null) return send(bytes);
    const infoBody = Buffer.from(JSON.stringify({ id: v.id }));
    // The client's headers (its session, language) without `Accept-Encoding`: the answer is read here, not relayed.
    const flat = toRequestHeaders(call.ip, call.protocol, call.req.headers, upstreamHost, String(infoBody.length)) as string[];
    const headers: string[] = [];
    for (let i = 0; i < flat.length; i += 2) if (flat[i] !== 'accept-encoding') headers.push(flat[i], flat[i + 1]);
    pool
      .request({ path: basePath + w.infoPath, method: 'POST', headers, body: infoBody })
      .then(async (answer) => {
        const text = await answer.body.text();
        let info: unknown = null;
        try {
          info = JSON.parse(text);
        } catch {
          // Not an envelope: the platform answers the write itself.
        }
        // The record as it was: the audit trail makes the write's changes from it.
        if (info !== null) call.recordBefore = Buffer.from(text);
        return info;
      })
      .catch((err: unknown) => {
        call.log.warn({ err }, 'version check: the record could not be read; the write is relayed as it came');
        return null;
      })
      .then((info) => {
        if (call.res.destroyed) return;
        const stale = staleAgainst(info, w, v.id, v.sent);
        if (stale !== null) return writeEnvelope(call.req, call.res, 200, ResultCode.conflict, stale.refusal, localized, { conflict: stale.conflict });
        send(v.relayed, String(v.relayed.length));
      });
  };

  /**
   * Hybrid: a 404/501 of a contract endpoint is read whole (it is small; at most
   * {@link NOT_BUILT_PEEK} bytes) so the mock side can tell "the platform has no such route" from
   * "the platform has no such record" ({@link MockFallback.notBuilt}). A request the platform
   * received that changes something (a write) is never answered again by the mock. Returns true
   * when the mock answers (the platform's answer is then dropped).
   */
  const answeredByMock = (call: RelayCall, tap: BodyTap | null, status: number, answer: Buffer | null): boolean => {
    if (!fallback) return false;
    const { method, path } = call;
    if (!fallback.notBuilt(method, path, status, answer)) return false;
    // Replayed to the mock only when nothing can go twice: a read whose body is none, or held
    // whole in memory and fully received (so the platform saw all of it and answered "not
    // here"). Otherwise the platform's 404/501 is relayed and the next call goes to the mock
    // before its body is read.
    const body = tap ? (tap.ended ? tap.bytes() : null) : undefined;
    if (body === null || !fallback.replayable(method, path)) return false;
    fallback.replay(call.req, call.res, call.ip, body).catch((err: unknown) => {
      call.log.warn({ err }, 'hybrid: mock fallback failed');
      if (!call.res.headersSent) writeEnvelope(call.req, call.res, 502, BAD_GATEWAY, { key: 'gateway.mockFailed' }, localized);
    });
    return true;
  };

  /** Tells the observers about an exchange the platform answered, once its answer was sent. */
  const observed = (call: RelayCall, watchers: ExchangeObserver[], reqTap: BodyTap | null, routeKey: string | null, status: number, raw: Buffer[] | string[], answer: BodyTap) => {
    const [p, q] = splitUrl(call.url);
    const requestHeaders = call.req.headers;
    const request = reqTap ? reqTap.result() : noBody(contentTypeOf(requestHeaders['content-type']));
    notifyObservers(watchers, new RelayedExchange(call.method, p, q, routeKey, requestHeaders, request, status, raw, answer.result(), call.ip, Date.now(), call.recordBefore ?? null), call.log);
  };

  /** undici's dispatch handler of one relayed exchange: the answer is written straight to the client's socket from undici's chunks. */
  class RelayHandler {
    private abort: ((err?: Error) => void) | null = null;
    private status = 0;
    /** undici's raw answer headers, kept for observers (their exchange's `answerHeaders`). */
    private raw: Buffer[] | string[] = [];
    /** The head to write ({@link relayedAnswerHead}), made when the answer's headers came. */
    private head: string[] = [];
    private started = false;
    private peeking: Buffer[] | null = null;
    private peeked = 0;
    private tap: BodyTap | null = null;
    /** Hybrid: a 2xx answer's JSON body copied as it streams, for {@link MockFallback.answered} (null: not copied). */
    private probe: Buffer[] | null = null;
    private probed = 0;
    private resume: (() => void) | null = null;
    private waiting = false;
    /** A 2xx answer to a look-up read, held whole to be projected (null: relayed as it comes). */
    private held: Buffer[] | null = null;
    private heldBytes = 0;
    /** The held answer is compressed or too long: it is refused (502), never relayed. */
    private unreadable = false;
    constructor(
      private readonly call: RelayCall,
      private readonly watchers: ExchangeObserver[],
      private readonly requestTap: BodyTap | null,
      /** The contract's route key of the request's path, when observers were asked (else null). */
      private readonly routeKey: string | null,
      /** The caller's look-up view of an entity read, or null (a full read). */
      private readonly view: LookupView | null = null,
    ) {}

    onConnect(abort: (err?: Error) => void): void {
      this.abort = abort;
      const { req, res } = this.call;
      if (req.destroyed && !req.complete) return abort();
      // A client that goes away cancels the platform's request (its connection is not held until the body timeout).
      // (`on`, not `once`: an answer closes once, and `once` wraps every listener in one more.)
      res.on('close', () => {
        if (!res.writableFinished && this.abort) this.abort();
      });
    }

    onHeaders(status: number, rawHeaders: Buffer[] | string[], resume: () => void): boolean {
      if (status < 200) return true;
      this.status = status;
      this.resume = resume;
      // Made now: undici's raw headers are not the relay's to keep while a hybrid answer is peeked at.
      this.head = relayedAnswerHead(rawHeaders, basePath, this.call.path);
      const watchers = this.watchers;
      if (watchers.length > 0) {
        this.raw = rawHeaders;
        this.tap = new BodyTap(contentTypeOf(rawHeaderValue(rawHeaders, 'content-type')), cap, watchers.some((o) => o.binaryAnswers));
      }
      if (fallback !== null) {
        const { method, path } = this.call;
        if (fallback.mayBeNotBuilt(method, path, status)) {
          this.peeking = [];
          return true;
        }
        // A success of an endpoint not yet seen succeeding: its 404s from now on are missing records.
        if (status < 300 && fallback.unproven(method, path)) {
          if (/json/i.test(rawHeaderValue(rawHeaders, 'content-type') ?? '')) this.probe = [];
          else fallback.answered(method, path, null);
        }
      }
      if (this.view !== null && status < 300) {
        const encoding = rawHeaderValue(rawHeaders, 'content-encoding');
        this.unreadable = encoding !== undefined && encoding.trim().toLowerCase() !== 'identity';
        this.held = [];
        return true;
      }
      return this.start();
    }

    /** Writes the answer's head to the client. */
    private start(): boolean {
      this.started = true;
      const { req, res } = this.call;
      const head = this.head;
      // An HTTP/1 connection cannot be reused until its request body has been consumed.
      if (!req.complete) head.push('connection', 'close');
      res.writeHead(this.status, head);
      if (this.watchers.length > 0) {
        const { call, watchers, requestTap, routeKey, status, raw, tap } = this;
        res.once('finish', () => observed(call, watchers, requestTap, routeKey, status, raw, tap!));
      }
      return this.flowing(!res.writableNeedDrain);
    }

    /** `ok` false: undici pauses until the client's socket drains (one listener then, none per answer otherwise). */
    private flowing(ok: boolean): boolean {
      if (!ok && !this.waiting) {
        this.waiting = true;
        this.call.res.once('drain', () => {
          this.waiting = false;
          this.resume?.();
        });
      }
      return ok;
    }

    onData(chunk: Buffer): boolean {
      this.tap?.push(chunk);
      if (this.held !== null) {
        if (this.unreadable) return true;
        this.held.push(chunk);
        this.heldBytes += chunk.length;
        if (this.heldBytes > LOOKUP_ANSWER_LIMIT) {
          this.unreadable = true;
          this.held = [];
        }
        return true;
      }
      if (this.probe !== null) {
        this.probe.push(chunk);
        this.probed += chunk.length;
        if (this.probed > NOT_BUILT_PEEK) {
          this.probe = null;
          fallback!.answered(this.call.method, this.call.path, null);
        }
      }
      if (this.peeking !== null) {
        this.peeking.push(chunk);
        this.peeked += chunk.length;
        if (this.peeked <= NOT_BUILT_PEEK) return true;
        // Too long to be "not built": relayed as it comes.
        const held = this.peeking;
        this.peeking = null;
        this.start();
        let ok = true;
        for (const c of held) ok = this.call.res.write(c);
        return this.flowing(ok);
      }
      return this.flowing(this.call.res.write(chunk));
    }

    onComplete(): void {
      const res = this.call.res;
      if (this.probe !== null) {
        const whole = Buffer.concat(this.probe, this.probed);
        this.probe = null;
        fallback!.answered(this.call.method, this.call.path, whole);
      }
      if (this.held !== null) {
        const projected = this.unreadable ? null : projectedAnswerBytes(this.view!, Buffer.concat(this.held, this.heldBytes));
        this.held = null;
        if (projected === null) return void writeEnvelope(this.call.req, res, BAD_GATEWAY, BAD_GATEWAY, { key: 'gateway.unreadableAnswer' }, localized);
        this.head = projectedHead(this.head, projected.length);
        this.start();
        res.end(projected);
        return;
      }
      if (this.peeking !== null) {
        const whole = Buffer.concat(this.peeking, this.peeked);
        this.peeking = null;
        if (answeredByMock(this.call, this.requestTap, this.status, whole)) return;
        this.start();
        res.end(whole);
        return;
      }
      res.end();
    }

    onError(err: Error): void {
      this.abort = null;
      const { req, res, log } = this.call;
      if (this.started) {
        // The answer was under way: the client sees it cut, as it would without us.
        log.warn({ err }, 'platform answer failed mid-way');
        res.destroy(err);
        return;
      }
      log.warn({ err }, 'response errored');
      // (`req.destroyed` says nothing here: a request read to its end is destroyed by Node.)
      if (res.headersSent || res.destroyed) return;
      upstreamFailure(req, res, err, timeoutMs, localized);
    }
  }

  // ── Road 1: the raw relay, from the server's `request` event ──────────────────────────────────
  const load = loadStateOf(app);
  const trustProxy = config.trustProxy !== false;
  const accessLog = rawAccessLog(app);
  const ctxRaw = { fallback, raw: true, shedding: false, trustProxy };
  installRelay(app, (req, res) => {
    const method = req.method!;
    const url = req.url!;
    ctxRaw.shedding = load.shedding;
    const path = splitUrl(url)[0];
    const verdict = proxiedRequestVerdict({ method, url, path }, ctxRaw);
    if (verdict.to === 'fastify' || verdict.to === 'refuse') return false;
    if (options.relayHolds?.(method, path)) return false;
    // A revoked token is Fastify's to refuse (in the client's language).
    if (gate !== null && gate.refusalOf(req.headers.authorization) !== null) return false;
    gate?.seen(req.headers.authorization);
    const ip = req.socket.remoteAddress ?? '';
    accessLog(req, res, ip);
    guardRequestBody(req, config.bodyTimeoutMs, () => app.log.info('request body timed out'), () => res.headersSent);
    if (verdict.to === 'mock') fallback!.route(req, res);
    else relayExchange({ req, res, method, url, path, ip, protocol: (req.socket as TLSSocket).encrypted ? 'https' : 'http', log: app.log });
    return true;
  });

  // ── Road 2: Fastify's, for what the raw relay left (odd spellings, refusals, sign-out, shedding, TRUST_PROXY, inject) ──
  const ctxFastify = { fallback, raw: false, shedding: false, trustProxy };
  // The QA controls belong to mock mode: the platform has none, and an upstream 401 for them
  // would sign the user out. The console's Mock panel probes this path to know the mode.
  app.all('/v1/mock/*', (_req, reply) => sendEnvelope(reply, 404, ResultCode.notFound, QA_ONLY_IN_MOCK));
  // The same for every spelling a server behind us may read as that path (`/v1//mock/reset`,
  // `/v1/Mock/reset`, `/v1/mock%2freset`, `/api/v1/mock/reset`), on any route.
  // Callback-style hooks here and below: an async hook costs a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    if (LOCAL_ONLY.test(pathOf(req))) return void sendEnvelope(reply, 404, ResultCode.notFound, QA_ONLY_IN_MOCK);
    done();
  });
  // A token ended on the Online users screen is refused by the console until it expires, whatever the platform would say.
  if (gate !== null) {
    app.addHook('onRequest', (req, reply, done) => {
      const path = pathOf(req);
      if (underProxiedPrefix(path) && !isSignOut(req.method, path)) {
        const refused = gate.refusalOf(req.headers.authorization);
        if (refused !== null) return void sendEnvelope(reply, 401, ResultCode.unauthorized, refused);
        gate.seen(req.headers.authorization);
      }
      done();
    });
  }

  // A sign-out passing through drops every verdict kept about its token.
  watchSignOuts(app);

  await app.register(async function proxyScope(scope) {
    // Bodies are the relay's to read: no parser, no size limit, no buffering.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.addHook('onRequest', (req, reply, done) => {
      const verdict = proxiedRequestVerdict({ method: req.method, url: req.url, path: pathOf(req) }, ctxFastify);
      if (verdict.to === 'refuse') return void sendEnvelope(reply, verdict.status, verdict.code, verdict.refusal);
      if (verdict.to === 'mock') {
        // Decided before the body is read, so an upload meant for the mock never reaches the platform:
        // the mock answers on the client's connection (the request ends here; done is not called).
        reply.hijack();
        fallback!.route(req.raw, reply.raw);
        return;
      }
      done();
    });

    const relayRoute = (request: FastifyRequest, reply: FastifyReply) => {
      // From here on the answer is the relay's, written to the raw response (Fastify still logs it when done).
      reply.hijack();
      relayExchange({ req: request.raw, res: reply.raw, method: request.method, url: request.url, path: pathOf(request), ip: request.ip, protocol: request.protocol, log: request.log });
    };
    for (const apiPrefix of API_PREFIXES) {
      const prefix = apiPrefix.slice(0, -1);
      scope.all(prefix, relayRoute);
      scope.all(`${prefix}/*`, relayRoute);
    }
  });
}
