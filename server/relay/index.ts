import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Refusal } from '../contract/messages.js';
import { SECURITY_HEADERS } from '../plugins/security.js';
import { entityOfUrl, langOf, localizedMessage, rawMessage } from '../plugins/localize.js';
import { accessLogLine, accessLogWriter } from './access-log.js';

/**
 * The raw relay: requests the proxy can decide from their request line alone are
 * answered from the node:http server's `request` event, before Fastify builds a request, a reply
 * and runs its hooks; everything else reaches Fastify as before. What is decided, and how, lives in
 * server/modes/proxy-verdict.ts (`proxiedRequestVerdict`) and server/modes/proxy.ts (`relayExchange`), shared by both roads.
 */

/**
 * Takes a request from the server's `request` event: true when it answered (or will), false to leave
 * it to Fastify. A taker that said true may still hand the request to Fastify later with `toFastify`
 * (the mock's list road, server/relay/mock-lists.ts, after reading a body it does not answer).
 */
export type RawTaker = (req: IncomingMessage, res: ServerResponse, toFastify: (req: IncomingMessage, res: ServerResponse) => void) => boolean;

/**
 * Puts `take` in front of Fastify on `app`'s HTTP server: Fastify's listener of the `request`
 * event (installed when the app was built) is called for every request `take` leaves. While the
 * app closes, every request goes to Fastify (its `return503OnClosing` answer).
 */
export function installRelay(app: FastifyInstance, take: RawTaker): void {
  const server = app.server;
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) throw new Error(`the relay expects Fastify's one request listener, found ${listeners.length}`);
  const fastify = listeners[0];
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !take(req, res, fastify)) fastify(req, res);
  });
}

/**
 * Writes the `{code, data, message, field, key, params}` envelope of `refusal` on a raw answer,
 * byte for byte what `sendEnvelope` and the localize hook make of it through Fastify: the message
 * in the request's `Accept-Language` (or raw with MESSAGES=raw), with the security headers; `extra`
 * adds members of the envelope (a stale write's `conflict`).
 */
export function writeEnvelope(req: IncomingMessage, res: ServerResponse, status: number, code: number, refusal: Refusal, localized: boolean, extra: Record<string, unknown> = {}): void {
  const r = { field: refusal.field ?? null, key: refusal.key, params: refusal.params ?? {} };
  const message = localized ? localizedMessage(r, langOf(req.headers['accept-language']), entityOfUrl(req.url ?? '')) : rawMessage(r);
  const body = JSON.stringify({ code, data: null, message, ...r, ...extra });
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** What the access-log line of a raw answer needs when the answer is done (kept on the answer: no closure per request). */
interface PendingLine {
  write: (line: string) => void;
  n: number;
  method: string;
  url: string;
  ip: string | undefined;
  t0: number;
}
const PENDING_LINE = Symbol('relay.accessLog');
type LoggedResponse = ServerResponse & { [PENDING_LINE]?: PendingLine };

/** The one `finish` listener of every logged raw answer (`this` is the answer). */
function writePendingLine(this: LoggedResponse): void {
  const p = this[PENDING_LINE];
  if (p === undefined) return;
  this[PENDING_LINE] = undefined;
  p.write(accessLogLine(`relay-${p.n.toString(36)}`, p.method, p.url, p.ip, this.statusCode, performance.now() - p.t0));
}

/**
 * The access log of the raw relay: the same line Fastify's log controller writes
 * ({@link accessLogLine}), when the answer is done; nothing when the app's level is above `info`.
 */
export function rawAccessLog(app: FastifyInstance): (req: IncomingMessage, res: ServerResponse, ip: string | undefined, startedAt?: number) => void {
  const log = app.log as pino.Logger;
  const dest = (log as unknown as Record<symbol, { write(line: string): unknown } | undefined>)[pino.symbols.streamSym];
  const write = dest === undefined ? null : accessLogWriter(dest);
  let next = 0;
  // `startedAt` (performance.now()): when the request came, for a taker that logs only once it knows it answers.
  return (req, res, ip, startedAt) => {
    if (write === null || !log.isLevelEnabled('info')) return;
    (res as LoggedResponse)[PENDING_LINE] = { write, n: next++, method: req.method!, url: req.url!, ip, t0: startedAt ?? performance.now() };
    // `on`, not `once`: an answer finishes once, and `once` wraps each listener in another.
    res.on('finish', writePendingLine);
  };
}
