import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import type { Config } from '../config.js';
import { ResultCode } from '../contract/envelope.js';
import { API_PREFIXES, sendEnvelope } from '../plugins/envelope.js';
import { pathOf } from '../plugins/canonical-path.js';
import { isSignOut, watchSignOuts } from '../plugins/sign-out.js';
import type { SessionGate } from '../sessions/platform.js';
import { guardRequestBody, loadStateOf } from '../plugins/limits.js';
import { installRelay, rawAccessLog, writeEnvelope } from '../relay/index.js';
import { wantingObservers, type ExchangeObserver } from '../platform/exchange.js';
import { defaultSortOf, MAX_SORTED_BODY, readSmallBody, withDefaultSort } from '../platform/default-sort.js';
import { staleAgainst, versionedWriteOf, versionOfBody, type VersionedWrite } from '../platform/version-check.js';
import { BodyTap, contentTypeOf, DEFAULT_BODY_CAP, noBody, notifyObservers, routeKeyOf } from '../platform/tap.js';
import { lookupRequestBody, projectedAnswerBytes, type PlatformLookups } from '../platform/lookup-answer.js';
import type { LookupView } from '../contract/lookups.js';
import { plainAnswerHeaders, projectedHead, rawHeaderValue, RelayedExchange, relayedAnswerHead, upstreamRequestHeadersFor } from './proxy-headers.js';
import { LOCAL_ONLY, proxiedRequestVerdict, QA_ONLY_IN_MOCK, splitUrl, underProxiedPrefix, type MockFallback } from './proxy-verdict.js';

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
  /** The trash (server/trash/platform.ts): the records a delete names are read before it is relayed. */
  deleteReader?: DeleteReader;
}

/**
 * What the trash asks of the relay in proxy and hybrid mode: before a delete it keeps is relayed,
 * the records it names are read through the entity's `info` on the platform with the caller's own
 * headers, and handed over; whether the delete then succeeded is the trash's observer's to tell.
 */
export interface DeleteReader {
  /** The entity's `info` path when `path` is a delete the trash keeps (`POST`), else null. */
  infoPathOf(method: string, path: string): string | null;
  /** The records read before the delete (those the platform answered; others left out), keyed by the request's headers object. */
  keep(requestHeaders: IncomingHttpHeaders, records: Record<string, unknown>[]): void;
}

/** Most records a delete is read for before it is relayed (a larger batch keeps its first ones). */
const DELETE_READ_MAX = 100;

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
  const deleteReader = options.deleteReader ?? null;
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
    // A delete the trash keeps is read whole and its records read first (see DeleteReader).
    const deleting = hasBody && sort === null && versioned === null && deleteReader !== null && te === undefined && Number(cl) > 0 && Number(cl) <= WHOLE_BODY_LIMIT ? deleteReader.infoPathOf(method, path) : null;
    const copied = hasBody && (fallback !== null || watchers.length > 0);
    // A body of a declared small length is read whole before it is sent, as a list's is for its
    // sort: undici then writes one buffer instead of piping a stream through a second one, and a
    // copy (observers, hybrid) is the very bytes sent, with no listener beside the relay's
    // (in CPU per relayed write a streamed body is the costliest part of the relay, and of
    // auditing it). Longer and chunked bodies (uploads, imports) stream, a tap beside them.
    const whole = view !== null || sort !== null || versioned !== null || deleting !== null || (te === undefined && Number(cl) > 0 && Number(cl) <= WHOLE_BODY_LIMIT);
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
      if (deleting !== null) return void readBeforeDelete(call, deleting, sent, () => (sent === bytes ? dispatch(bytes) : dispatch(sent, String(sent.length))));
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
   * A delete the trash keeps (`bytes`, read whole): each record it names (`ids`, at most
   * {@link DELETE_READ_MAX}) is read through the entity's `info` on the platform with the client's own
   * headers and handed to the trash ({@link DeleteReader.keep}); then the delete is sent, whatever the
   * reads answered (a record that cannot be read is not kept).
   */
  const readBeforeDelete = (call: RelayCall, infoPath: string, bytes: Buffer, send: () => void): void => {
    let ids: number[] = [];
    try {
      const body = JSON.parse(bytes.toString('utf8')) as { ids?: unknown };
      if (Array.isArray(body?.ids)) ids = body.ids.filter((x): x is number => Number.isSafeInteger(x) && (x as number) > 0).slice(0, DELETE_READ_MAX);
    } catch {
      // Not JSON: the platform answers it.
    }
    if (!ids.length) return send();
    const read = async (id: number): Promise<Record<string, unknown> | null> => {
      const infoBody = Buffer.from(JSON.stringify({ id }));
      const flat = toRequestHeaders(call.ip, call.protocol, call.req.headers, upstreamHost, String(infoBody.length)) as string[];
      const headers: string[] = [];
      for (let i = 0; i < flat.length; i += 2) if (flat[i] !== 'accept-encoding') headers.push(flat[i], flat[i + 1]);
      const answer = await pool.request({ path: basePath + infoPath, method: 'POST', headers, body: infoBody });
      const env = JSON.parse(await answer.body.text()) as { code?: unknown; data?: unknown };
      return env?.code === 200 && env.data && typeof env.data === 'object' && !Array.isArray(env.data) ? (env.data as Record<string, unknown>) : null;
    };
    Promise.all(ids.map((id) => read(id).catch(() => null)))
      .then((records) => deleteReader!.keep(call.req.headers, records.filter((r): r is Record<string, unknown> => r !== null)))
      .catch((err: unknown) => call.log.warn({ err }, 'trash: the records of a delete could not be read; it is relayed without them'))
      .finally(() => {
        if (!call.res.destroyed) send();
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
