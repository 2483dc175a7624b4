import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { fastifyTrustProxy, type Config } from '../config.js';
import { SECURITY_HEADERS } from '../plugins/security.js';
import type { MockContext } from '../mock/context.js';
import { registerEnvelopeErrors } from '../plugins/envelope.js';
import { registerCanonicalPath } from '../plugins/canonical-path.js';
import { registerClientAddress } from '../plugins/client-address.js';
import { onSignOut } from '../plugins/sign-out.js';
import { registerInputHygiene } from '../plugins/input.js';
import { registerLocalizedMessages } from '../plugins/localize.js';
import type { ExchangeObserver } from '../platform/exchange.js';
import { PlatformIdentity, PlatformSessions, type MappableAccount } from '../platform/sessions.js';
import { PlatformLookups } from '../platform/lookup-answer.js';
import { endpointOf, isContractPath } from '../platform/tap.js';
import { actionOfEndpoint } from '../contract/resources.js';
import { ResultCode } from '../contract/envelope.js';
import { registerMockMode, type MockModeOptions } from './mock.js';
import { registerProxyMode } from './proxy.js';
import { SERVED_BY } from './proxy-headers.js';
import type { MockFallback } from './proxy-verdict.js';
import type { RawTaker } from '../relay/index.js';

/**
 * The mock as a backend of hybrid and replay modes: a separate, in-process Fastify instance with
 * the mock's routes, sign-in check, permissions and envelope errors, asked through `inject` (no
 * socket). Keeping it separate leaves the outer app's routing to the proxy, and the mock's own
 * hooks untouched.
 */
export async function createMockBackend(config: Config, deps: AppDeps, options: MockModeOptions = {}): Promise<{ app: FastifyInstance; ctx: MockContext; listRoad: RawTaker | null }> {
  // The client's address as the outer app reads it: the backend answers the client's own request (answerFromMock).
  const app = Fastify({ logger: false, trustProxy: fastifyTrustProxy(config.trustProxy), ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } } });
  registerCanonicalPath(app);
  registerClientAddress(app, config.trustProxy);
  registerEnvelopeErrors(app);
  if (config.messages === 'localized') registerLocalizedMessages(app);
  registerInputHygiene(app);
  // Answers the backend writes to the client's own connection (answerFromMock) carry what the
  // outer app's answers carry: the security headers, and which side served them.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header(SERVED_BY, 'mock');
    done(null, payload);
  });
  deps.onMockBackend?.(app);
  const { listRoad } = await registerMockMode(app, config, deps, options);
  await app.ready();
  return { app, ctx: (app as unknown as { __mockCtx: MockContext }).__mockCtx, listRoad };
}

/** Headers of the backend's answer not copied: they describe the in-process exchange. */
const NOT_COPIED = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * Answers a request the platform already received (and said "not built") from the mock backend,
 * on the raw answer of either road of the relay (server/modes/proxy.ts): asked through `inject`
 * with the same method, URL and headers and the kept body (`body`, undefined when none), as the
 * client at `ip`; status, headers and body are relayed with `x-served-by: mock`.
 */
export async function replayToMock(backend: FastifyInstance, req: IncomingMessage, res: ServerResponse, ip: string, body: Buffer | undefined): Promise<void> {
  const headers: Record<string, string | string[] | undefined> = { ...req.headers };
  delete headers.host;
  // `ip` is the client's address already read from it (server/plugins/client-address.ts).
  delete headers['x-forwarded-for'];
  if (body !== undefined) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const answer = await backend.inject({ method: req.method as 'GET', url: req.url!, headers, remoteAddress: ip, ...(body !== undefined ? { payload: body } : {}) });
  const out: Record<string, string | string[] | number> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_COPIED.has(name)) out[name] = value;
  out[SERVED_BY] = 'mock';
  out['content-length'] = answer.rawPayload.length;
  res.writeHead(answer.statusCode, out);
  res.end(answer.rawPayload);
}

/**
 * Answers `request` from the mock backend with `x-served-by: mock`. When `body` is the request
 * itself (decided before its body was read), the backend answers it on the client's own connection
 * (`routing`: its router, hooks, sign-in check, permissions and envelope errors run on the request
 * as it comes, and write the answer straight to the socket; `inject` cost a simulated
 * request and a copy of every answer). Otherwise (`body` already read: bytes kept in memory, or
 * none) it is asked through `inject` with the same method, URL and headers, and status, headers
 * and body are relayed.
 */
export async function answerFromMock(backend: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: Readable | Buffer | undefined): Promise<void> {
  if (body !== undefined && body === request.raw) {
    reply.hijack();
    backend.routing(request.raw, reply.raw);
    return;
  }
  const headers: Record<string, string | string[] | undefined> = { ...request.headers };
  delete headers.host;
  // `request.ip` is the client's address already read from it (server/plugins/client-address.ts).
  delete headers['x-forwarded-for'];
  if (Buffer.isBuffer(body)) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const res = await backend.inject({ method: request.method as 'GET', url: request.url, headers, remoteAddress: request.ip, ...(body !== undefined ? { payload: body } : {}) });
  reply.code(res.statusCode);
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
  reply.header(SERVED_BY, 'mock');
  await reply.send(res.rawPayload);
}

/**
 * Compiles MOCK_ENDPOINTS globs: `*` matches within one path segment, `**` across segments;
 * everything else literally. `/v1/feedback*` matches `/v1/feedbackType` but not `/v1/feedback/list`.
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Endpoints hybrid mode never answers from the mock: the session is the platform's, so signing
 * in, out, the captcha and the user's identity always come from the platform (the mock issues no
 * token in hybrid mode), whatever the platform answers.
 */
export const PLATFORM_ONLY = new Set(['/v1/admin/login', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image', '/v1/admin/adminInfo']);
const PLATFORM_ONLY_LOWER = new Set([...PLATFORM_ONLY].map((p) => p.toLowerCase()));

/**
 * Whether a canonical path (server/plugins/canonical-path.ts) is one of {@link PLATFORM_ONLY}, in
 * any case and under either API prefix: the platform may read paths case-insensitively or serve
 * `/api/v1` as `/v1`, and a spelling it reads as its sign-in must never reach the mock.
 */
export function isPlatformOnly(path: string): boolean {
  return PLATFORM_ONLY_LOWER.has(path.toLowerCase().replace(/^\/api(?=\/v1\/)/, ''));
}

/** The platform's envelope (`{code, data, message}`, spec §3) in `answer`, or null when it is not one. */
function envelopeIn(answer: Buffer | null): { code: number } | null {
  if (!answer || answer.length === 0) return null;
  try {
    const v = JSON.parse(answer.toString('utf8')) as Record<string, unknown> | null;
    return !!v && typeof v === 'object' && !Array.isArray(v) && typeof v.code === 'number' && 'data' in v ? (v as { code: number }) : null;
  } catch {
    return null;
  }
}

/** Whether a platform answer is the platform's own envelope (`{code, data, message}`, spec §3): its controller answered. */
export function isPlatformEnvelope(answer: Buffer | null): boolean {
  return envelopeIn(answer) !== null;
}

/** Contract actions that only read although their names are not list/info/… (the session's user info, menus, codes, basic data; the bell; totals). */
const READING_ACTIONS = new Set(['adminInfo', 'adminMenus', 'getPermCode', 'gameCategory', 'mine', 'totals']);

/**
 * Whether the contract endpoint of `method path` only reads (GET, lists, details, exports, the
 * session's reads): such a call may be answered twice. Anything else counts as a write; unknown
 * endpoints too.
 */
export function isReadEndpoint(method: string, path: string): boolean {
  const ep = endpointOf(method, path);
  if (!ep) return false;
  if (ep.method === 'GET' || READING_ACTIONS.has(ep.path.split('/').pop() ?? '')) return true;
  const action = actionOfEndpoint(ep);
  return action === 'view' || action === 'export';
}

/**
 * Remembered "not built" answers of the platform (HTTP 404/501 for a contract endpoint), per
 * `METHOD path`, each for `ttlSeconds`; after that the platform is asked again. Also the contract
 * endpoints the platform has answered with a success ({@link prove}): those are built, so a later
 * 404 of theirs is a missing record, never "not built". Both are bounded by the contract: only
 * contract paths are ever kept.
 */
export class FallbackMemory {
  private until = new Map<string, number>();
  private built = new Set<string>();
  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  remember(method: string, path: string): void {
    if (this.ttlSeconds <= 0 || this.proven(method, path)) return;
    // Bounded by the contract: only contract paths are ever remembered.
    this.until.set(`${method} ${path}`, this.now() + this.ttlSeconds * 1000);
  }

  has(method: string, path: string): boolean {
    const key = `${method} ${path}`;
    const t = this.until.get(key);
    if (t === undefined) return false;
    if (t > this.now()) return true;
    this.until.delete(key);
    return false;
  }

  /** Records that the platform answered `method path` with a success: it is built, and no longer remembered as not. */
  prove(method: string, path: string): void {
    const key = `${method} ${path}`;
    this.built.add(key);
    this.until.delete(key);
  }

  /** Whether the platform has answered `method path` with a success. */
  proven(method: string, path: string): boolean {
    return this.built.has(`${method} ${path}`);
  }

  /** Endpoints remembered now, with their expiry (ms since epoch). */
  entries(): { endpoint: string; until: number }[] {
    return [...this.until].filter(([, t]) => t > this.now()).map(([endpoint, until]) => ({ endpoint, until }));
  }
}

/** Platform statuses that may mean "this endpoint is not built (yet)". */
const NOT_BUILT = new Set([404, 501]);

/**
 * Hybrid's routing rule, decided per endpoint on the request's
 * canonical path (server/plugins/canonical-path.ts), in order:
 * 1. {@link isPlatformOnly} paths always go to the platform, however they are spelled.
 * 2. Paths matching MOCK_ENDPOINTS go to the mock, decided before the body is read.
 * 3. Endpoints whose "not built" is remembered (MOCK_FALLBACK_TTL) go to the mock, decided before the body.
 * 4. Everything else goes to the platform. Its answer means "not built" only as HTTP 501, or as an
 *    HTTP 404 that is not its own envelope (no route, e.g. Spring's `{status, error, path}`), for
 *    an endpoint the contract defines and the platform has never answered with a success: a 404
 *    envelope is the platform's controller saying a record is missing, and so is any 404 of an
 *    endpoint that has succeeded before (a 2xx with envelope code 200, a download, or a body
 *    beyond the peek limit; an HTTP 200 refusal such as "session expired" proves nothing, a
 *    gateway answers it for any path); both are relayed and change nothing for anyone. "Not built" is remembered for
 *    the endpoint, and this request is answered by the mock only when that cannot do anything
 *    twice: a read (list, detail, export; never a write the platform received) with no body, or a
 *    JSON/text body of at most the copy limit (256 KB) held whole in memory and fully received by
 *    then. Otherwise the platform's answer is relayed, and the next call goes to the mock before
 *    its body is read.
 * A 404 for a path outside the contract is the platform's answer and is relayed as is.
 */
export function mockFallback(config: Config, backend: FastifyInstance, now: () => number, listRoad: RawTaker | null = null): MockFallback & { memory: FallbackMemory } {
  const globs = config.mockEndpoints.map(globToRegExp);
  const memory = new FallbackMemory(config.mockFallbackTtl, now);
  const routing = (req: IncomingMessage, res: ServerResponse) => backend.routing(req, res);
  return {
    memory,
    early(method, path) {
      if (isPlatformOnly(path)) return false;
      return globs.some((g) => g.test(path)) || memory.has(method, path);
    },
    mayBeNotBuilt: (method, path, status) => NOT_BUILT.has(status) && !isPlatformOnly(path) && isContractPath(path) && !memory.proven(method, path),
    notBuilt(method, path, status, answer) {
      if (!NOT_BUILT.has(status) || isPlatformOnly(path) || !isContractPath(path) || memory.proven(method, path)) return false;
      if (status === 404 && isPlatformEnvelope(answer)) return false;
      memory.remember(method, path);
      return true;
    },
    unproven: (method, path) => isContractPath(path) && !memory.proven(method, path),
    answered(method, path, answer) {
      if (answer === null || envelopeIn(answer)?.code === ResultCode.success) memory.prove(method, path);
    },
    replayable: isReadEndpoint,
    // A plain list call whose platform session is already kept: the mock's raw list road,
    // as mock mode answers it; anything else (a body it will not answer included) the mock's router.
    route: (req, res) => {
      if (listRoad === null || !listRoad(req, res, routing)) routing(req, res);
    },
    replay: (req, res, ip, body) => replayToMock(backend, req, res, ip, body),
  };
}

/**
 * `MODE=hybrid`: proxy mode (server/modes/proxy.ts, same streaming, headers and failures) with the
 * mock store answering where the platform has nothing yet ({@link mockFallback}). The mock accepts
 * the platform's token (server/platform/sessions.ts). Answers carry `x-served-by: platform|mock`.
 * A plain list call sent to the mock whose token's platform session is already kept (checked
 * synchronously, `PlatformSessions.known`) is answered on the mock's raw list road as in mock mode
 * (server/relay/mock-lists.ts, same bytes and rules); the first call of a token, and every refusal,
 * go through the mock's router, which asks the platform.
 */
export async function registerHybridMode(app: FastifyInstance, config: Config, deps: AppDeps, options: { observers?: readonly ExchangeObserver[]; identity?: PlatformIdentity } = {}): Promise<{ fallback: MockFallback & { memory: FallbackMemory } }> {
  const now = deps.now ?? Date.now;
  let ctxRef: MockContext | null = null;
  const identity = options.identity ?? new PlatformIdentity(config.upstreamUrl!, now, config.upstreamConnectTimeoutMs + 10_000);
  const sessions = new PlatformSessions(
    identity,
    {
      accounts: () => (ctxRef ? (ctxRef.store.col('admin').values() as Iterable<MappableAccount>) : []),
      roleKeyOf: (id) => ctxRef?.store.get<{ roleKey: string }>('role', id)?.roleKey,
      // Both only ever go up (every write and reset moves them), so their sum moves when either does.
      version: () => (ctxRef ? ctxRef.store.col('admin').version + ctxRef.store.col('role').version : -1),
    },
    now,
  );
  // A sign-out passing through drops the token's session at once.
  onSignOut(app, (a) => sessions.forget(a));
  const backend = await createMockBackend(config, deps, { resolveSession: (a) => sessions.resolve(a), knownSession: (a) => sessions.known(a) });
  ctxRef = backend.ctx;
  app.addHook('onClose', async () => backend.app.close());
  const fallback = mockFallback(config, backend.app, now, backend.listRoad);
  await registerProxyMode(app, config, { observers: options.observers, fallback, lookups: new PlatformLookups(identity), sessionGate: deps.sessionGate, relayHolds: deps.relayHolds, deleteReader: deps.deleteReader });
  return { fallback };
}
