import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import { ResultCode } from '../contract/envelope.js';
import { isPublicMockPath } from '../mock/qa.js';
import { PUBLIC_PATHS } from '../mock/routes/admin.js';
import { API_PREFIXES, sendEnvelope } from '../plugins/envelope.js';
import { answerBytes, readRecording, RecordingIndex } from '../platform/recording.js';
import { contentTypeOf } from '../platform/tap.js';
import { answerFromMock, createMockBackend } from './hybrid.js';
import { SERVED_BY } from './proxy-headers.js';
import { unsafePathReason } from './proxy-verdict.js';
import { pathOf } from '../plugins/canonical-path.js';
import { lookupViewFor, refusalFor, roleSetOf } from '../mock/permissions.js';
import { lookupRequestBody, projectedAnswerBytes } from '../platform/lookup-answer.js';
import type { LookupView } from '../contract/lookups.js';
import type { ConsoleAccount } from '../mock/accounts.js';

/** Largest request body replay reads to find its recording (uploads are matched by path; their bytes are not compared). */
const REPLAY_BODY_LIMIT = 50 * 1024 * 1024;

/** Recorded answer headers that describe the recorded bytes, dropped from a projected answer. */
const PROJECTED_DROPS = new Set(['content-length', 'content-encoding', 'etag', 'content-md5', 'digest']);

/**
 * `MODE=replay RECORD_DIR=…`: serves a recording made in proxy or hybrid mode, offline.
 *
 * - Sign-in is the mock's: the session endpoints (captcha, login, logout) and the QA controls are
 *   answered by the mock backend (recordings hold no usable token), and every other call goes
 *   through the same gate as mock mode: a live mock session (envelope 401
 *   otherwise, as the platform would answer), an enabled account, and a role whose resources
 *   allow the endpoint (HTTP 403 naming the permission otherwise, server/mock/permissions.ts).
 *   Paths are decided on the request's canonical path (server/plugins/canonical-path.ts).
 * - A call is answered by a recording of the session's own role set (who asked when it was
 *   recorded, server/platform/recording.ts): the exact request first (same method, path,
 *   normalized query and body), else the closest recording of the same method and path
 *   (`requestDistance`: differing body fields and query parameters). The status, kept headers and
 *   body are sent byte for byte as recorded, with `x-served-by: replay`. An operator never gets
 *   what was recorded for the administrator. A session whose roles read an entity through a
 *   look-up grant only gets the recorded answer projected to its look-up view, and its list query
 *   narrowed to the shown fields (server/contract/lookups.ts).
 * - No recording for the role set, method and path: REPLAY_FALLBACK=mock (default) answers from the
 *   mock store (`x-served-by: mock`), `404` answers an HTTP 404 envelope naming the endpoint.
 * - `/console/drift` answers the mock's administrators (server/platform/drift-routes.ts).
 * The recording is read once at start.
 */
export async function registerReplayMode(app: FastifyInstance, config: Config, deps: AppDeps): Promise<{ index: RecordingIndex }> {
  const index = new RecordingIndex(readRecording(config.recordDir!));
  app.log.info(`replay: ${index.size} recorded exchanges from ${config.recordDir}`);
  const backend = await createMockBackend(config, deps);
  app.addHook('onClose', async () => backend.app.close());
  // The drift page's administrator check reads the mock's sessions and roles.
  app.decorate('__mockCtx', backend.ctx);
  /** The role set of each request's signed-in account, set by the gate. */
  const rolesOf = new WeakMap<object, string>();
  /** The look-up view of each request whose account reads the entity through a look-up grant only. */
  const viewOf = new WeakMap<object, LookupView>();

  await app.register(async function replayScope(scope) {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REPLAY_BODY_LIMIT }, (_req, body, done) => done(null, body));

    scope.addHook('onRequest', async (req, reply) => {
      const reason = unsafePathReason(req.url.split('?')[0]);
      if (reason) return sendEnvelope(reply, 400, ResultCode.badRequest, reason);
      const path = pathOf(req);
      if (PUBLIC_PATHS.has(path) || isPublicMockPath(path)) {
        const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
        await answerFromMock(backend.app, req, reply, hasBody ? req.raw : undefined);
        return reply;
      }
      const session = backend.ctx.sessions.verify(req.headers.authorization);
      if (!session) return sendEnvelope(reply, 200, ResultCode.unauthorized, { key: 'session.notSignedIn' });
      const refusal = refusalFor(backend.ctx, session, path);
      if (refusal) return sendEnvelope(reply, refusal.status, refusal.code, refusal.message);
      rolesOf.set(req.raw, roleSetOf(backend.ctx.store, backend.ctx.store.get<ConsoleAccount>('admin', session.userId)!));
      const view = lookupViewFor(backend.ctx, session, path);
      if (view !== null) viewOf.set(req.raw, view);
    });

    const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const i = req.url.indexOf('?');
      const path = pathOf(req);
      const query = i < 0 ? '' : req.url.slice(i + 1);
      const body = Buffer.isBuffer(req.body) ? req.body : null;
      const view = viewOf.get(req.raw);
      if (view !== undefined) {
        const narrowed = lookupRequestBody(view, body);
        if ('refusal' in narrowed) return sendEnvelope(reply, 400, ResultCode.badRequest, narrowed.refusal);
      }
      const hit = index.find(req.method, path, query, contentTypeOf(req.headers['content-type']), body, rolesOf.get(req.raw) ?? '');
      if (hit) {
        const r = hit.recording;
        // A look-up caller's answer is the recording projected (server/contract/lookups.ts), with its own length.
        const projected = view !== undefined && r.status < 300 ? projectedAnswerBytes(view, answerBytes(r)) : undefined;
        if (projected === null) return sendEnvelope(reply, 502, 502, { key: 'gateway.unreadableAnswer' });
        reply.code(r.status);
        for (const [name, value] of Object.entries(r.headers)) if (projected === undefined || !PROJECTED_DROPS.has(name.toLowerCase())) reply.header(name, value);
        reply.header(SERVED_BY, 'replay');
        return reply.send(projected ?? answerBytes(r));
      }
      if (config.replayFallback === 'mock') return answerFromMock(backend.app, req, reply, body ?? undefined);
      return sendEnvelope(reply, 404, ResultCode.notFound, { key: 'gateway.noRecording', params: { method: req.method, path } });
    };
    for (const prefix of API_PREFIXES) scope.all(`${prefix}*`, handler);
  });
  return { index };
}
