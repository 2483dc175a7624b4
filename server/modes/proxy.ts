import type { IncomingHttpHeaders } from 'node:http';
import type { Refusal } from '../contract/messages.js';
import { PassThrough, Stream, type Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { SECURITY_HEADERS } from '../plugins/security.js';
import type { Config } from '../config.js';
import { ResultCode } from '../contract/envelope.js';
import { API_PREFIXES, sendEnvelope } from '../plugins/envelope.js';
import { pathOf } from '../plugins/canonical-path.js';
import { watchSignOuts } from '../plugins/sign-out.js';
import { wantingObservers, type Exchange, type ExchangeObserver } from '../platform/exchange.js';
import { defaultSortOf, readSmallBody, withDefaultSort } from '../platform/default-sort.js';
import { BodyTap, contentTypeOf, DEFAULT_BODY_CAP, noBody, notifyObservers, routeKeyOf } from '../platform/tap.js';

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
   * The platform answered `status` with `answer` (its whole body, or null when larger than the
   * peek limit): whether that means the endpoint is not built (a 501, or a 404 that is not the
   * platform's own envelope, i.e. no route rather than no record); when true the endpoint is
   * remembered for MOCK_FALLBACK_TTL.
   */
  notBuilt(method: string, path: string, status: number, answer: Buffer | null): boolean;
  /** Whether a request the platform already received may be answered again by the mock: reads only, never a write. */
  replayable(method: string, path: string): boolean;
  /**
   * Answers `request` from the mock: `body` is the request body (the unread stream when decided
   * early, the kept bytes when replayed after a platform 404/501, undefined when there is none).
   */
  answer(request: FastifyRequest, reply: FastifyReply, body: Readable | Buffer | undefined): Promise<void>;
}

/** What proxy mode does besides forwarding (issue 14). */
export interface PlatformOptions {
  /** Told about every exchange the platform answered, after it was relayed. */
  observers?: readonly ExchangeObserver[];
  /** Copy limit per body for observers and for replaying a request to the mock, in bytes. */
  bodyCap?: number;
  /** Hybrid mode: the mock side. */
  fallback?: MockFallback;
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

/** Largest platform 404/501 answer hybrid reads whole to tell a missing route from a missing record (bytes). */
const NOT_BUILT_PEEK = 64 * 1024;


/** How many rounds of percent-decoding we undo when looking for hidden dot segments. */
const MAX_DECODE_ROUNDS = 5;

function connectionListed(headers: IncomingHttpHeaders): string[] {
  const c = headers.connection;
  const value = Array.isArray(c) ? c.join(',') : c;
  return value ? value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : [];
}

/**
 * Copies `headers` without hop-by-hop headers, those named in `Connection` and those `drop`
 * names (one pass, no `delete`: deleting keys turns the copy into a slow dictionary object).
 */
function withoutHopByHop(headers: IncomingHttpHeaders, drop?: (lowerName: string) => boolean): IncomingHttpHeaders {
  // Most messages list nothing in Connection: no Set then.
  const listed = headers.connection === undefined ? null : new Set(connectionListed(headers));
  const out: IncomingHttpHeaders = {};
  for (const name in headers) {
    const n = name.toLowerCase();
    if (HOP_BY_HOP.has(n) || (listed !== null && listed.has(n)) || (drop !== undefined && drop(n))) continue;
    out[n] = headers[name];
  }
  return out;
}

/**
 * The headers sent to the platform: the client's headers (Authorization included, untouched)
 * minus hop-by-hop and client-claimed forwarding headers, plus X-Forwarded-For/-Proto describing
 * the connection the console actually saw and X-Forwarded-Host from PUBLIC_HOST (never the
 * client's Host header, which anyone can set; none when PUBLIC_HOST is unset). `host` was already
 * set to the upstream's by the relay.
 */
export function upstreamRequestHeadersFor(publicHost: string | null): (request: FastifyRequest, headers: IncomingHttpHeaders) => IncomingHttpHeaders {
  return (request, headers) => {
    const out = withoutHopByHop(headers, isForwardingHeader);
    out['x-forwarded-for'] = request.ip;
    out['x-forwarded-proto'] = request.protocol;
    if (publicHost) out['x-forwarded-host'] = publicHost;
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

/**
 * undici's raw answer headers (`[name, value, …]`, Buffers or strings) as a header object with
 * lower-cased names; a repeated header becomes an array of its values.
 */
function parseRawHeaders(raw: Buffer[] | string[]): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toString().toLowerCase();
    const value = raw[i + 1].toString('latin1' as never);
    const had = out[name];
    if (had === undefined) out[name] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[name] = [had, value];
  }
  return out as IncomingHttpHeaders;
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
 * Maps a failed upstream exchange to the envelope the client understands (spec §8): a timeout
 * waiting for the platform → HTTP 504 / code 504; anything else before an answer arrived
 * (refused, reset, DNS, connect timeout, TLS certificate not trusted) → HTTP 502 / code 502.
 * The detail goes to the log (at warn), never to the client.
 */
function upstreamFailure(reply: FastifyReply, error: unknown, timeoutMs: number): void {
  const codes = [errorCode(error), errorCode((error as { cause?: unknown } | null)?.cause)];
  if (codes.some((c) => c !== undefined && TIMEOUT_CODES.has(c))) {
    sendEnvelope(reply, GATEWAY_TIMEOUT, GATEWAY_TIMEOUT, { key: 'gateway.timeout', params: { ms: timeoutMs } });
    return;
  }
  sendEnvelope(reply, BAD_GATEWAY, BAD_GATEWAY, { key: 'gateway.unreachable' });
}

/**
 * Proxy mode (architecture "proxy mode"; issue 22: our own relay on an undici pool): `/v1`,
 * `/api/v1` and `/upload` and everything under them go to `config.upstreamUrl`, whose path
 * (e.g. `/platform`) is prepended. Registers no mock route; static web, `/healthz`, security
 * headers and the envelope 404 for other paths stay the app's.
 *
 * - Bodies are streams both ways: inside the proxy scope every content type is handed over
 *   unparsed, so `bodyLimit` and JSON parsing never apply (multipart uploads, Excel exports).
 * - Request headers: see {@link upstreamRequestHeadersFor}; answer headers: {@link relayedAnswerHeaders}.
 * - The QA controls (`/v1/mock/*`, `/api/v1/mock/*`) answer 404 however the path is spelled (the request's canonical path, server/plugins/canonical-path.ts).
 * - Upstream TLS certificates are verified.
 * - Timeouts: connect `upstreamConnectTimeoutMs`; waiting for the answer's headers and between
 *   body chunks `upstreamTimeoutMs` (spec §9 client timeout 1,200,000 ms). No retries: the
 *   client decides whether to try again.
 * - Failures: unreachable → HTTP 502 envelope, too slow → HTTP 504 envelope (spec §8); a path
 *   that would leave its prefix → HTTP 400 envelope naming `path`.
 *
 * @throws Error when `config.upstreamUrl` is missing (loadConfig already refuses that).
 */
export async function registerProxyMode(app: FastifyInstance, config: Config, options: PlatformOptions = {}): Promise<void> {
  if (!config.upstreamUrl) throw new Error(`UPSTREAM_URL is required when MODE is "${config.mode}"`);
  const observers = options.observers ?? [];
  const fallback = options.fallback ?? null;
  const cap = options.bodyCap ?? DEFAULT_BODY_CAP;
  // Nothing below costs anything per request unless someone watches or the mock may answer.
  const tapping = observers.length > 0 || fallback !== null;
  /** The request body's tap of each request whose body is being read (kept with the raw request, gone with it). */
  const requestTaps = new WeakMap<IncomingMessage, BodyTap>();
  /** The observers that want the exchange of each request, asked once ({@link ExchangeObserver.wants}). */
  const wanted = new WeakMap<IncomingMessage, ExchangeObserver[]>();
  const NONE: ExchangeObserver[] = [];
  const watchersOf = (raw: IncomingMessage, method: string, url: string): ExchangeObserver[] => {
    let w = wanted.get(raw);
    if (w === undefined) {
      const path = splitUrl(url)[0];
      w = observers.length > 0 ? wantingObservers(observers, method, path, routeKeyOf(method, path)) : NONE;
      wanted.set(raw, w);
    }
    return w;
  };
  const upstream = new URL(config.upstreamUrl);
  // loadConfig strips trailing slashes, so the base path is '' or '/platform'.
  const basePath = upstream.pathname.replace(/\/+$/, '');

  // The QA controls belong to mock mode: the platform has none, and an upstream 401 for them
  // would sign the user out. The console's Mock panel probes this path to know the mode.
  const qaOnlyInMock: Refusal = { key: 'qa.onlyInMock' };
  app.all('/v1/mock/*', (_req, reply) => sendEnvelope(reply, 404, ResultCode.notFound, qaOnlyInMock));
  // The same for every spelling a server behind us may read as that path (`/v1//mock/reset`,
  // `/v1/Mock/reset`, `/v1/mock%2freset`, `/api/v1/mock/reset`).
  // Callback-style hooks here and below: an async hook costs a promise per request on the proxy's hot path.
  app.addHook('onRequest', (req, reply, done) => {
    // The request's one canonical path (server/plugins/canonical-path.ts).
    if (LOCAL_ONLY.test(pathOf(req))) return void sendEnvelope(reply, 404, ResultCode.notFound, qaOnlyInMock);
    done();
  });

  // Issue 24 item 13: a sign-out passing through drops every verdict kept about its token.
  watchSignOuts(app);

  await app.register(async function proxyScope(scope) {
    // Each proxied call is one access-log line, the app's (AccessLog in server/app.ts: method, URL,
    // address, status, ms), like every other request: no per-scope log hook, no request/reply
    // serializers or redaction walk per call (issue 13 proxy row).
    // Hand every body over as a stream: no parser, no size limit, no buffering.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (req, payload, done) => {
      // A list request without a sort gets its entity's default sort (issue 21); read whole, it is small.
      const sort = defaultSortOf(req.method, splitUrl(req.url)[0], req.headers);
      const body = sort ? null : detachedBody(payload);
      // The request body is copied when an observer wants the exchange, or hybrid may replay it to the mock.
      if (fallback !== null || watchersOf(req.raw, req.method, req.url).length > 0) {
        // A second 'data' listener on a stream `pipe` already drives: it sees the same chunks and
        // neither pauses nor buffers the relay.
        const tap = new BodyTap(contentTypeOf(req.headers['content-type']), cap);
        requestTaps.set(req.raw, tap);
        payload.on('data', (c: Buffer) => tap.push(c));
        payload.once('end', () => (tap.ended = true));
      }
      if (body) return void done(null, body);
      readSmallBody(payload, (err, bytes) => {
        if (err) return void done(err);
        // A parsed object is re-encoded by the relay with its new content-length; the bytes as they came otherwise.
        done(null, withDefaultSort(bytes, sort!) ?? new PassThrough().end(bytes));
      });
    });

    scope.addHook('onRequest', (req, reply, done) => {
      const path = splitUrl(req.url)[0];
      const reason = unsafePathReason(path);
      if (reason) return void sendEnvelope(reply, 400, ResultCode.badRequest, reason);
      // Hybrid: decided before the body is read, so an upload meant for the mock never reaches the platform.
      if (fallback && fallback.early(req.method, pathOf(req))) {
        // The mock's answer ends the request here (done is not called); a failure goes to the error handler.
        // The request goes as it is, its body unread: the mock answers it on the client's connection.
        fallback.answer(req, reply, req.raw).then(
          () => {},
          (err: unknown) => done(err as Error),
        );
        return;
      }
      done();
    });

    // The relay (issue 22): our own route on an undici pool, instead of @fastify/http-proxy and
    // reply-from (which re-parsed the query, built three URLs and a retry wrapper per call). The
    // answer is written straight to the socket from undici's chunks (no stream in between), copied
    // for observers by the same callback.
    const pool = new Pool(upstream.origin, {
      connect: { timeout: config.upstreamConnectTimeoutMs, rejectUnauthorized: true },
      headersTimeout: config.upstreamTimeoutMs,
      bodyTimeout: config.upstreamTimeoutMs,
    });
    // Close the upstream connection pool with the app, so shutdown (and tests) do not wait.
    scope.addHook('onClose', (_i, done) => {
      pool.destroy().then(() => done(), () => done());
    });
    /** `/v1`, `/api/v1` or `/upload`: the prefix of the route that matched. */
    const routePrefixOf = (request: FastifyRequest): string => {
      const url = request.routeOptions.url ?? '';
      return url.endsWith('/*') ? url.slice(0, -2) : url;
    };
    const toRequestHeaders = upstreamRequestHeadersFor(config.publicHost);
    const timeoutMs = config.upstreamTimeoutMs;
    const relayHandler = (request: FastifyRequest, reply: FastifyReply) => {
      const headers = toRequestHeaders(request, request.headers);
      headers.host = upstream.host;
      let body = request.body as Readable | Record<string, unknown> | undefined;
      if (body === undefined || body === null) {
        body = undefined;
        delete headers['content-length'];
      } else if (!(body instanceof Stream)) {
        // A list request given its default sort: re-encoded with its new length.
        const text = JSON.stringify(body);
        headers['content-length'] = String(Buffer.byteLength(text));
        body = Buffer.from(text) as unknown as Readable;
      }
      const handler = new RelayHandler(request, reply, onAnswerStart, timeoutMs);
      pool.dispatch({ path: basePath + request.url, method: request.method as 'GET', headers: headers as Record<string, string>, body: (body as Readable | Buffer | undefined) ?? null }, handler);
    };

    /**
     * Decides, when the platform's answer headers arrived, how the answer goes on: `peek` (hybrid:
     * a 404/501 that may mean "not built", read whole first) or relayed, with the observers that
     * want it (none: the plain relay).
     */
    const onAnswerStart = (request: FastifyRequest, status: number): { peek: boolean; watchers: ExchangeObserver[] } => ({
      peek: fallback !== null && fallback.mayBeNotBuilt(request.method, pathOf(request), status),
      watchers: tapping ? watchersOf(request.raw, request.method, request.url) : NONE,
    });

    /**
     * Hybrid (issue 24 item 5): a 404/501 of a contract endpoint is read whole (it is small; at most
     * {@link NOT_BUILT_PEEK} bytes) so the mock side can tell "the platform has no such route" from
     * "the platform has no such record" ({@link MockFallback.notBuilt}). A request the platform
     * received that changes something (a write) is never answered again by the mock. Returns true
     * when the mock answers (the platform's answer is then dropped).
     */
    const answeredByMock = (request: FastifyRequest, reply: FastifyReply, status: number, answer: Buffer | null): boolean => {
      if (!fallback) return false;
      const path = pathOf(request);
      if (!fallback.notBuilt(request.method, path, status, answer)) return false;
      // Replayed to the mock only when nothing can go twice: a read whose body is none, or held
      // whole in memory and fully received (so the platform saw all of it and answered "not
      // here"). Otherwise the platform's 404/501 is relayed and the next call goes to the mock
      // before its body is read.
      const reqTap = requestTaps.get(request.raw);
      const body = reqTap ? (reqTap.ended ? reqTap.bytes() : null) : undefined;
      if (body === null || !fallback.replayable(request.method, path)) return false;
      fallback.answer(request, reply, body).catch((err: unknown) => {
        request.log.warn({ err }, 'hybrid: mock fallback failed');
        if (!reply.sent) sendEnvelope(reply, 502, BAD_GATEWAY, { key: 'gateway.mockFailed' });
      });
      return true;
    };

    /** Tells the observers about an exchange the platform answered, once its answer was sent. */
    const observed = (request: FastifyRequest, watchers: ExchangeObserver[], status: number, headers: IncomingHttpHeaders, answer: BodyTap) => {
      const reqTap = requestTaps.get(request.raw);
      const [p, q] = splitUrl(request.url);
      const exchange: Exchange = {
        method: request.method,
        path: p,
        query: q,
        routeKey: routeKeyOf(request.method, p),
        requestHeaders: request.headers,
        request: reqTap ? reqTap.result() : noBody(contentTypeOf(request.headers['content-type'])),
        status,
        answerHeaders: headers,
        answer: answer.result(),
        servedBy: 'platform',
        clientIp: request.ip,
        at: Date.now(),
      };
      notifyObservers(watchers, exchange, request.log);
    };

    class RelayHandler {
      private abort: ((err?: Error) => void) | null = null;
      private status = 0;
      private headers: IncomingHttpHeaders = {};
      private started = false;
      private peeking: Buffer[] | null = null;
      private peeked = 0;
      private tap: BodyTap | null = null;
      private watchers: ExchangeObserver[] = NONE;
      private resume: (() => void) | null = null;
      constructor(
        private readonly request: FastifyRequest,
        private readonly reply: FastifyReply,
        private readonly decide: typeof onAnswerStart,
        private readonly timeoutMs: number,
      ) {}

      onConnect(abort: (err?: Error) => void): void {
        this.abort = abort;
        const raw = this.request.raw;
        if (raw.destroyed && !raw.complete) return abort();
        // A client that goes away cancels the platform's request (its connection is not held until the body timeout).
        this.reply.raw.once('close', () => {
          if (!this.reply.raw.writableFinished && this.abort) this.abort();
        });
      }

      onHeaders(status: number, rawHeaders: Buffer[] | string[], resume: () => void): boolean {
        if (status < 200) return true;
        this.status = status;
        this.resume = resume;
        this.headers = parseRawHeaders(rawHeaders);
        const { peek, watchers } = this.decide(this.request, status);
        this.watchers = watchers;
        if (watchers.length > 0) this.tap = new BodyTap(contentTypeOf(this.headers['content-type']), cap, watchers.some((o) => o.binaryAnswers));
        if (peek) {
          this.peeking = [];
          return true;
        }
        return this.start();
      }

      /** Writes the answer's head to the client; from here on the reply is ours, not Fastify's. */
      private start(): boolean {
        this.started = true;
        const reply = this.reply;
        const out: Record<string, string | string[] | number | undefined> = { ...(reply.getHeaders() as Record<string, string>), ...relayedAnswerHeaders(this.headers), ...SECURITY_HEADERS };
        out[SERVED_BY] = 'platform';
        // The platform's redirects come back without its base path (`/platform/v1/x` → `/v1/x`).
        const location = out.location;
        if (basePath !== '' && typeof location === 'string') {
          const prefix = routePrefixOf(this.request);
          out.location = location.replace(basePath + prefix, prefix);
        }
        // An HTTP/1 connection cannot be reused until its request body has been consumed.
        if (!this.request.raw.complete) out.connection = 'close';
        reply.hijack();
        const res = reply.raw;
        res.writeHead(this.status, out as IncomingHttpHeaders);
        res.on('drain', () => this.resume?.());
        if (this.watchers.length > 0) {
          const { request, watchers, status, headers, tap } = this;
          res.once('finish', () => observed(request, watchers, status, headers, tap!));
        }
        return !res.writableNeedDrain;
      }

      onData(chunk: Buffer): boolean {
        this.tap?.push(chunk);
        if (this.peeking !== null) {
          this.peeking.push(chunk);
          this.peeked += chunk.length;
          if (this.peeked <= NOT_BUILT_PEEK) return true;
          // Too long to be "not built": relayed as it comes.
          const held = this.peeking;
          this.peeking = null;
          let ok = this.start();
          for (const c of held) ok = this.reply.raw.write(c);
          return ok;
        }
        return this.reply.raw.write(chunk);
      }

      onComplete(): void {
        if (this.peeking !== null) {
          const whole = Buffer.concat(this.peeking, this.peeked);
          this.peeking = null;
          if (answeredByMock(this.request, this.reply, this.status, whole)) return;
          this.start();
          this.reply.raw.end(whole);
          return;
        }
        this.reply.raw.end();
      }

      onError(err: Error): void {
        this.abort = null;
        if (this.started) {
          // The answer was under way: the client sees it cut, as it would without us.
          this.request.log.warn({ err }, 'platform answer failed mid-way');
          this.reply.raw.destroy(err);
          return;
        }
        this.request.log.warn({ err }, 'response errored');
        if (this.reply.sent || this.request.raw.destroyed) return;
        upstreamFailure(this.reply, err, this.timeoutMs);
      }
    }

    for (const apiPrefix of API_PREFIXES) {
      const prefix = apiPrefix.slice(0, -1);
      scope.all(prefix, relayHandler);
      scope.all(`${prefix}/*`, relayHandler);
    }
  });
}
