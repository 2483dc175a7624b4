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
import { SERVED_BY, unsafePathReason } from './proxy.js';

/** Largest request body replay reads to find its recording (uploads are matched by path; their bytes are not compared). */
const REPLAY_BODY_LIMIT = 50 * 1024 * 1024;

/**
 * `MODE=replay RECORD_DIR=…` (issue 14): serves a recording made in proxy or hybrid mode, offline.
 *
 * - Sign-in is the mock's: the session endpoints (captcha, login, logout) and the QA controls are
 *   answered by the mock backend (recordings hold no usable token), and every other call needs a
 *   live mock session (envelope 401 otherwise, as the platform would answer).
 * - A call is answered by its recording: the exact request first (same method, path, normalized
 *   query and body), else the closest recording of the same method and path (server/platform/
 *   recording.ts `requestDistance`: differing body fields and query parameters). The status,
 *   kept headers and body are sent byte for byte as recorded, with `x-served-by: replay`.
 * - No recording for the method and path: REPLAY_FALLBACK=mock (default) answers from the mock
 *   store (`x-served-by: mock`), `404` answers an HTTP 404 envelope naming the endpoint.
 * The recording is read once at start.
 */
export async function registerReplayMode(app: FastifyInstance, config: Config, deps: AppDeps): Promise<{ index: RecordingIndex }> {
  const index = new RecordingIndex(readRecording(config.recordDir!));
  app.log.info(`replay: ${index.size} recorded exchanges from ${config.recordDir}`);
  const backend = await createMockBackend(config, deps);
  app.addHook('onClose', async () => backend.app.close());

  await app.register(async function replayScope(scope) {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REPLAY_BODY_LIMIT }, (_req, body, done) => done(null, body));

    scope.addHook('onRequest', async (req, reply) => {
      const path = req.url.split('?')[0];
      const reason = unsafePathReason(path);
      if (reason) return sendEnvelope(reply, 400, ResultCode.badRequest, reason);
      if (PUBLIC_PATHS.has(path) || isPublicMockPath(path)) {
        const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
        await answerFromMock(backend.app, req, reply, hasBody ? req.raw : undefined);
        return reply;
      }
      if (!backend.ctx.sessions.verify(req.headers.authorization)) return sendEnvelope(reply, 200, ResultCode.unauthorized, { key: 'session.notSignedIn' });
    });

    const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const i = req.url.indexOf('?');
      const path = i < 0 ? req.url : req.url.slice(0, i);
      const query = i < 0 ? '' : req.url.slice(i + 1);
      const body = Buffer.isBuffer(req.body) ? req.body : null;
      const hit = index.find(req.method, path, query, contentTypeOf(req.headers['content-type']), body);
      if (hit) {
        const r = hit.recording;
        reply.code(r.status);
        for (const [name, value] of Object.entries(r.headers)) reply.header(name, value);
        reply.header(SERVED_BY, 'replay');
        return reply.send(answerBytes(r));
      }
      if (config.replayFallback === 'mock') return answerFromMock(backend.app, req, reply, body ?? undefined);
      return sendEnvelope(reply, 404, ResultCode.notFound, { key: 'gateway.noRecording', params: { method: req.method, path } });
    };
    for (const prefix of API_PREFIXES) scope.all(`${prefix}*`, handler);
  });
  return { index };
}
