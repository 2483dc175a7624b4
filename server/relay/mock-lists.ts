import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { Config } from '../config.js';
import { ENTITIES, type AnyEntity, type EntityName } from '../contract/index.js';
import { auditedEndpoint } from '../audit/capture.js';
import type { MockContext } from '../mock/context.js';
import { lookupViewFor, refusalFor } from '../mock/permissions.js';
import type { Session } from '../mock/sessions.js';
import { listAnswerBytes } from '../mock/routes/crud.js';
import { contractValidatorCompiler } from '../mock/routes/validator.js';
import { guardRequestBody, loadStateOf } from '../plugins/limits.js';
import { inputProblem } from '../plugins/input.js';
import { SECURITY_HEADERS } from '../plugins/security.js';
import { installRelay, rawAccessLog, type RawTaker } from './index.js';

/**
 * The raw road of mock list answers: a plain `POST /v1/<entity>/list` in mock
 * mode is answered from the node:http server's `request` event, before Fastify builds a request and a
 * reply and runs its hooks, the way the relay answers proxied calls (server/relay/index.ts). What is
 * decided, and how, is {@link mockListVerdict} (before the body) and {@link mockListBody} (the body),
 * built from the very checks Fastify's road runs (`sessions.verify` and `refusalFor` of the sign-in
 * and permission hooks, the shedding state, the contract validator compiled from the route's schema,
 * the input hygiene check); the answer is {@link listAnswerBytes}, which Fastify's list route sends too.
 * Anything not plain (odd spelling, a query string, no or another content type, a body over the limit
 * or chunked, bad JSON, a refusal, a caller reading through a look-up grant, a fault set by QA, shedding, TRUST_PROXY, an error of the store)
 * goes to Fastify, whose hooks answer it byte for byte as before: when the body was already read, it
 * is handed to Fastify's body parser again ({@link PREREAD}).
 * Hybrid mode calls the same road ({@link mockListTaker}) for what its relay sends to the mock, on
 * the mock backend, with the platform's session when it is already kept (server/modes/hybrid.ts).
 */

/** Fastify's default `bodyLimit` (the app sets none): a longer body is Fastify's to refuse (413). */
export const LIST_BODY_LIMIT = 1024 * 1024;

/** One list endpoint the raw road may answer. */
interface ListRoute {
  name: EntityName;
  schema: TSchema;
  validate: ((data: unknown) => unknown) & { errors?: unknown };
}

/**
 * The list endpoints of the contract by path, as the mock's router has them, without the audited
 * ones (none today: lists only read, server/audit/capture.ts) whose answers the trail's hooks watch.
 */
function listRoutes(): Map<string, ListRoute> {
  const routes = new Map<string, ListRoute>();
  for (const e of ENTITIES as readonly AnyEntity[])
    for (const ep of e.endpoints) {
      if (ep.op !== 'list' || ep.method !== 'POST' || !ep.payload || auditedEndpoint('POST', ep.path)) continue;
      const validate = contractValidatorCompiler({ schema: ep.payload, method: 'POST', url: ep.path, httpPart: 'body' }) as ListRoute['validate'];
      routes.set(ep.path, { name: e.name as EntityName, schema: ep.payload, validate });
    }
  return routes;
}

/** Content types Fastify's JSON parser takes that the raw road takes too (anything else, Fastify decides). */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8', 'application/json; charset=UTF-8']);

/**
 * The session the sign-in hook would find for an Authorization value, known synchronously: a
 * session, or null/undefined when the raw road leaves the request to Fastify's (none, or one only
 * an asynchronous question can tell: hybrid's platform session not yet kept).
 */
export type SessionOf = (authorization: string | undefined) => Session | null | undefined;

/** What becomes of a request: answered here as a list (`route`, `session`), or Fastify's. */
export type MockListVerdict = { to: 'list'; route: ListRoute; session: Session } | { to: 'fastify' };
const TO_FASTIFY: MockListVerdict = { to: 'fastify' };

/**
 * The one place the raw road decides whether a mock request is a plain list call it may answer,
 * from its request line and headers, with the rules of Fastify's road:
 * - the path exactly as a list route of the router has it (no query, no other spelling: the
 *   canonical path would be the same, and Fastify's hooks read that one);
 * - load shedding off, no QA fault set (the fault hook may answer instead), no TRUST_PROXY (the
 *   client's address then needs Fastify's proxy-addr);
 * - a live session (the sign-in hook's `sessions.verify`; hybrid: the platform's session when
 *   already kept, `ctx.sessionOf`), whose account may call the path (the permission hook's `refusalFor`)
 *   and reads the full records (a look-up caller's view, `lookupViewFor`, is the routed road's to answer);
 * - a JSON content type and a `Content-Length` within the body limit, not chunked.
 * Every refusal (401, 403, 413, 415, 503, a fault) is Fastify's to answer, in the client's language.
 */
export function mockListVerdict(
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  routes: ReadonlyMap<string, ListRoute>,
  ctx: { mock: MockContext; shedding: boolean; trustProxy: boolean; sessionOf?: SessionOf },
): MockListVerdict {
  if (req.method !== 'POST' || ctx.shedding || ctx.trustProxy) return TO_FASTIFY;
  const route = routes.get(req.url!);
  if (route === undefined || ctx.mock.faults.size > 0) return TO_FASTIFY;
  const h = req.headers;
  const type = h['content-type'];
  const length = h['content-length'];
  if (type === undefined || !JSON_TYPES.has(type) || length === undefined || h['transfer-encoding'] !== undefined) return TO_FASTIFY;
  const n = Number(length);
  if (!(n > 0 && n <= LIST_BODY_LIMIT)) return TO_FASTIFY;
  const session = ctx.sessionOf === undefined ? ctx.mock.sessions.touch(h.authorization) : ctx.sessionOf(h.authorization);
  if (!session || refusalFor(ctx.mock, session, req.url!) !== null || lookupViewFor(ctx.mock, session, req.url!) !== null) return TO_FASTIFY;
  return { to: 'list', route, session };
}

/**
 * The list query of a received body as Fastify's road would hand it to the route, or null when that
 * road would refuse or treat it differently (then Fastify takes it): JSON text that secure-json-parse
 * accepts alike (no `__proto__` or `constructor` keys, no byte-order mark), an object, clean text
 * (the input hygiene hook, server/plugins/input.ts), and valid against the route's contract schema
 * with its defaults filled in (the contract validator, server/mock/routes/validator.ts).
 */
export function mockListBody(route: ListRoute, text: string): Record<string, unknown> | null {
  if (text.charCodeAt(0) === 0xfeff || text.includes('__proto__') || text.includes('constructor')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  if (inputProblem(body, '', 0) !== null) return null;
  const checked = route.validate(body) as { value: Record<string, unknown> } | false;
  return checked === false ? null : checked.value;
}

/** Most answers {@link AnswerCache} keeps, and most bytes (a list page is a few KB; the bound keeps RSS bounded). */
const ANSWERS_KEPT = 256;
const ANSWER_BYTES_KEPT = 4 * 1024 * 1024;

/**
 * The raw road's answers by endpoint and body text, each valid while its table's version (a write
 * or reset moves it, server/mock/store/collection.ts) is the one it was computed at: a list asked
 * again in the same words (a page reloaded, a poll, the bench) costs a lookup, not parsing,
 * checking and assembling the page again. A body's validity and defaults depend on its text and the
 * schema alone, so a kept text was valid. Least recently used dropped first, within
 * ANSWERS_KEPT and ANSWER_BYTES_KEPT. The bytes are those of {@link listAnswerBytes}.
 */
export class AnswerCache {
  private kept = new Map<string, { version: number; bytes: Buffer }>();
  private size = 0;

  get(key: string, version: number): Buffer | undefined {
    const hit = this.kept.get(key);
    if (hit === undefined) return undefined;
    this.kept.delete(key);
    if (hit.version !== version) {
      this.size -= hit.bytes.length;
      return undefined;
    }
    this.kept.set(key, hit);
    return hit.bytes;
  }

  set(key: string, version: number, bytes: Buffer): void {
    const old = this.kept.get(key);
    if (old !== undefined) {
      this.kept.delete(key);
      this.size -= old.bytes.length;
    }
    if (bytes.length > ANSWER_BYTES_KEPT / 16) return;
    while (this.kept.size >= ANSWERS_KEPT || this.size + bytes.length > ANSWER_BYTES_KEPT) {
      const [k, v] = this.kept.entries().next().value!;
      this.kept.delete(k);
      this.size -= v.bytes.length;
    }
    this.kept.set(key, { version, bytes });
    this.size += bytes.length;
  }
}

/** A request whose body the raw road read before handing it to Fastify: the bytes, read again by Fastify's parser. */
const PREREAD = Symbol('mock list body read');
type Preread = IncomingMessage & { [PREREAD]?: Buffer };

/** How a {@link mockListTaker} is set up, besides the mock it answers from. */
export interface MockListRoadOptions {
  /** Mock mode's own start of the background preparation, called as its hook calls it for an API request. */
  startPreparing: () => void;
  /** The sign-in hook's session, synchronously (default: the mock's own sessions); see {@link SessionOf}. */
  sessionOf?: SessionOf;
  /**
   * The request comes from a relay that already guards its body and writes its access-log line
   * (hybrid: the proxy's relay hands over what MOCK_ENDPOINTS sends to the mock): the road does neither.
   */
  relayed?: boolean;
}

/**
 * The raw road of `app` (the mock's Fastify instance: mock mode's own app, or hybrid's mock backend)
 * as a taker of requests (see the module comment): true when it answered (or will), false to leave
 * the request, unread, to whoever called it; a body it read and does not answer goes to `toFastify`
 * with the bytes kept for `app`'s parser. Installs that parser hook on `app`, so it is called before
 * `app` is ready.
 */
export function mockListTaker(app: FastifyInstance, config: Config, mock: MockContext, options: MockListRoadOptions): RawTaker {
  const { startPreparing, relayed = false } = options;
  const routes = listRoutes();
  const load = loadStateOf(app);
  const accessLog = relayed ? null : rawAccessLog(app);
  const ctx = { mock, shedding: false, trustProxy: config.trustProxy !== false, sessionOf: options.sessionOf };
  // The answer's headers as Fastify's road sends them (x-served-by from the mock's hook, the type
  // from the route, the security headers from their onSend hook), set out once.
  const head: (string | number)[] = ['x-served-by', 'mock', 'content-type', 'application/json; charset=utf-8'];
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) head.push(k, v);
  head.push('content-length', 0);
  const lengthAt = head.length - 1;
  const answers = new AnswerCache();

  // A body read here and handed to Fastify is parsed from the same bytes.
  app.addHook('preParsing', (req, _reply, payload, done) => {
    const bytes = (req.raw as Preread)[PREREAD];
    if (bytes === undefined) return void done(null, payload);
    const again = new Readable({ read() {} });
    again.push(bytes);
    again.push(null);
    done(null, again);
  });

  return (req, res, toFastify) => {
    const t0 = performance.now();
    ctx.shedding = load.shedding;
    const verdict = mockListVerdict(req, routes, ctx);
    if (verdict.to === 'fastify') return false;
    startPreparing();
    const { route } = verdict;
    if (!relayed) guardRequestBody(req, config.bodyTimeoutMs, () => app.log.info('request body timed out'), () => res.headersSent);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => {
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      const text = bytes.toString('utf8');
      const key = req.url + '\u0000' + text;
      const col = mock.store.col(route.name);
      let answer = answers.get(key, col.version) ?? null;
      if (answer === null) {
        const body = mockListBody(route, text);
        if (body !== null) {
          try {
            answer = listAnswerBytes(mock, route.name, body);
            answers.set(key, col.version, answer);
          } catch {
            // A refusal of the store (MockError) or a failure: Fastify's route answers or logs it.
          }
        }
      }
      if (answer === null) {
        (req as Preread)[PREREAD] = bytes;
        toFastify(req, res);
        return;
      }
      accessLog?.(req, res, req.socket.remoteAddress ?? '', t0);
      const h = head.slice();
      h[lengthAt] = answer.length;
      res.writeHead(200, h as string[]);
      res.end(answer);
    });
    return true;
  };
}

/**
 * Installs the raw road in front of `app` (mock mode, a listening server; `inject` never reaches it):
 * see the module comment. `startPreparing` is mock mode's own start of the background preparation,
 * called as its hook calls it for an API request.
 */
export function installMockListRoad(app: FastifyInstance, config: Config, mock: MockContext, startPreparing: () => void): void {
  installRelay(app, mockListTaker(app, config, mock, { startPreparing }));
}
