import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config.js';
import type { Refusal } from '../contract/messages.js';
import { rawMessage } from './localize.js';
import { sendEnvelope } from './envelope.js';

/**
 * Connection limits: no client may hold the server by being slow, by
 * opening many connections or by sending oversized lines, and every refusal is the
 * `{code, data, message}` envelope, including the ones Node answers before Fastify sees a request.
 *
 * - Headers must arrive within `headersTimeoutMs`, the whole request within `requestTimeoutMs`, and a
 *   body may not stay silent for more than `bodyTimeoutMs` (408 envelope). Answers are not limited:
 *   a proxied response may take `upstreamTimeoutMs` (spec §9 1,200,000 ms).
 * - Idle keep-alive connections close after `keepAliveTimeoutMs`; at most `maxConnections` are open.
 * - A URL longer than MAX_URL_LENGTH answers 414; headers beyond MAX_HEADER_BYTES answer 431.
 * - Load shedding: while the event loop lags more than `shedEventLoopDelayMs`, requests answer a 503
 *   envelope with Retry-After (`/healthz` too: a health check should see the pressure).
 */

/** Longest URL (path and query) accepted; lists send short queries, so 8 KB is plenty. */
export const MAX_URL_LENGTH = 8192;
/** Node's limit on the request line plus headers (its default is 16 KB; a URL up to 8 KB fits with room). */
export const MAX_HEADER_BYTES = 32 * 1024;

/** The Fastify server options these limits need (merged into the app's options). */
export function connectionOptions(config: Config): Partial<FastifyHttpOptions<http.Server>> {
  return {
    requestTimeout: config.requestTimeoutMs,
    // Socket inactivity is not limited as such: a proxied answer may take upstreamTimeoutMs.
    connectionTimeout: 0,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      maxHeaderSize: MAX_HEADER_BYTES,
      // How often Node checks the request and headers timeouts (its default, 30 s, would let a
      // trickling client live that much longer than the limit says).
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    clientErrorHandler: envelopeClientError,
    frameworkErrors: (err, _req, reply) => sendEnvelope(reply, 400, 400, { field: 'path', key: 'request.badPath', params: { detail: err.message } }),
  };
}

/** A raw HTTP answer carrying the envelope, for errors Node raises before a request exists. */
function rawEnvelope(status: number, refusal: Refusal): string {
  const body = JSON.stringify({ code: status, data: null, message: rawMessage(refusal), field: null, params: {}, ...refusal });
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** Fastify `clientErrorHandler`: timeouts (408), oversized headers (431) and bad requests (400) as envelopes. */
export function envelopeClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = rawEnvelope(408, { key: 'request.timeout' });
  else if (err.code === 'HPE_HEADER_OVERFLOW') answer = rawEnvelope(431, { key: 'request.headersTooLarge', params: { max: MAX_HEADER_BYTES } });
  else answer = rawEnvelope(400, { key: 'request.unreadable' });
  this.log.debug({ code: err.code }, 'client error');
  closeWith(socket, answer);
}

/** Writes a last answer and closes the connection once it is flushed (a bare destroy would drop it). */
function closeWith(socket: Socket, answer: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(answer, () => socket.destroy());
  // A peer that never reads must not keep the socket either.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Registers the limits that need hooks: the URL length, the body silence timer and the connection cap. */
export async function registerConnectionLimits(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onReady', async () => {
    app.server.maxConnections = config.maxConnections;
  });

  // Callback style: an async hook costs a promise per request on the proxy's hot path.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.length > MAX_URL_LENGTH) return void sendEnvelope(reply, 414, 414, { key: 'request.uriTooLong', params: { max: MAX_URL_LENGTH } });
    guardRequestBody(req.raw, config.bodyTimeoutMs, () => req.log.info('request body timed out'), () => reply.raw.headersSent);
    done();
  });

}

/**
 * The body silence limit of one request (shared by Fastify's hook above and the raw relay,
 * server/relay): a request with a body that stays silent for `bodyTimeoutMs` holds a request, its
 * buffers and a connection, so its connection is closed with the 408 envelope (or cut when an
 * answer was already started: `answered`). A request without a body, or already whole, costs nothing.
 */
export function guardRequestBody(raw: http.IncomingMessage, bodyTimeoutMs: number, onTimedOut: () => void, answered: () => boolean): void {
  const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
  if (!hasBody || raw.complete) return;
  // A body that came in the packet of its headers is whole once this read's parsing is done: no timer
  // then (a timer and two listeners per request were a visible part of a proxied call's cost). Not
  // `process.nextTick`: node's server parses a socket's data in C++ and calls into JavaScript once for
  // the headers and again for the body, running the tick queue in between, so a tick still found
  // every such body unread and set the timer for every request.
  setImmediate(watchBodySilence, raw, bodyTimeoutMs, onTimedOut, answered);
}

function watchBodySilence(raw: http.IncomingMessage, bodyTimeoutMs: number, onTimedOut: () => void, answered: () => boolean): void {
  const socket = raw.socket as Socket | null;
  if (raw.complete || raw.destroyed || !socket || typeof socket.setTimeout !== 'function') return;
  const onSilence = () => {
    if (raw.complete) return;
    onTimedOut();
    if (!answered() && !socket.destroyed) closeWith(socket, rawEnvelope(408, { key: 'request.bodyTimeout', params: { ms: bodyTimeoutMs } }));
    else socket.destroy();
  };
  // On the request, not the socket: Node then leaves the socket to us instead of destroying it.
  raw.setTimeout(bodyTimeoutMs, onSilence);
  const clear = () => {
    socket.setTimeout(0);
    raw.removeListener('timeout', onSilence);
  };
  raw.once('end', clear);
  raw.once('close', clear);
}

/** Whether the server is shedding load now (see {@link registerLoadShedding}), per app: read by the raw relay. */
export interface LoadState {
  shedding: boolean;
}
const LOAD_STATES = new WeakMap<FastifyInstance, LoadState>();

/** The load state of `app` (the root instance), created on first use: the relay reads what the shedding's check writes. */
export function loadStateOf(app: FastifyInstance): LoadState {
  let s = LOAD_STATES.get(app);
  if (!s) LOAD_STATES.set(app, (s = { shedding: false }));
  return s;
}

/** How often the event loop's lag is sampled for load shedding, in ms. */
const SHED_SAMPLE_MS = 100;
/** Weight of the newest sample: one long pause (a big export, a GC) does not shed; lag that lasts does. */
const SHED_WEIGHT = 0.25;

/**
 * Load shedding (`@fastify/under-pressure`): while the event loop's smoothed lag stays above
 * `shedEventLoopDelayMs`, every request answers a 503 envelope with `Retry-After: 5`. The lag is
 * averaged over samples (SHED_WEIGHT) so a single long pause does not turn the next requests
 * away, but a server that keeps falling behind does. Registered last in buildApp, so the seeded
 * store's build does not count.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  if (config.shedEventLoopDelayMs <= 0) return;
  let last = performance.now();
  let lag = 0;
  const state = loadStateOf(app);
  await app.register(underPressure, {
    healthCheckInterval: SHED_SAMPLE_MS,
    healthCheck: async () => {
      const now = performance.now();
      lag = (1 - SHED_WEIGHT) * lag + SHED_WEIGHT * Math.max(0, now - last - SHED_SAMPLE_MS);
      last = now;
      state.shedding = lag > config.shedEventLoopDelayMs;
      return !state.shedding;
    },
    pressureHandler: (_req, reply) => {
      reply.header('Retry-After', '5');
      sendEnvelope(reply, 503, 503, { key: 'request.busy', params: { lag: Math.round(lag), wait: 5 } });
    },
  });
}
