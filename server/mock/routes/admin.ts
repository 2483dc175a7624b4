import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { CaptchaImageQuery, LoginPayload } from '../../contract/auth.js';
import { ResultCode } from '../../contract/envelope.js';
import { ok, sendEnvelope } from '../../plugins/envelope.js';
import { accountById, authenticate, routesFor, userInfoOf } from '../accounts.js';
import { makeBasicData } from '../basic-data.js';
import type { MockContext } from '../context.js';
import { TOKEN_HEAD } from '../sessions.js';
import { toMenuEntries } from '../menus.js';

/** Endpoints reachable without a token. */
export const PUBLIC_PATHS = new Set(['/v1/admin/login', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image']);

/**
 * Session endpoints of spec §7 in mock mode: login with a one-time captcha, logout, user info,
 * permission codes, menus, basic data. Every other endpoint needs a live token (envelope 401).
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: MockContext) {
  const basicData = makeBasicData(ctx.config.seed);

  app.get('/v1/captcha/token', async () => ok(ctx.captcha.issue()));

  app.get('/v1/captcha/image', { schema: { querystring: CaptchaImageQuery } }, async (req, reply) => {
    const svg = ctx.captcha.image((req.query as { token: string }).token);
    if (!svg) return sendEnvelope(reply, 404, ResultCode.notFound, 'token: captcha expired or unknown, fetch a new one');
    return reply.type('image/svg+xml').header('Cache-Control', 'no-store').send(svg);
  });

  app.post('/v1/admin/login', { schema: { body: LoginPayload } }, async (req, reply) => {
    const body = req.body as LoginPayload;
    if (!ctx.captcha.verify(body.captchaToken, body.captchaCode)) {
      return sendEnvelope(reply, 200, ResultCode.badRequest, 'captchaCode: wrong or expired captcha, try the new one');
    }
    const account = authenticate(body.username.trim(), body.password);
    if (!account) return sendEnvelope(reply, 200, ResultCode.badRequest, 'username: wrong account or password');
    const s = ctx.sessions.issue(account.userId, account.username);
    return ok({ token: s.token, tokenHead: TOKEN_HEAD });
  });

  app.post('/v1/admin/logout', async (req) => {
    ctx.sessions.revoke(req.headers.authorization);
    return ok(null);
  });

  const account = (userId: number) => accountById(userId)!;

  app.post('/v1/admin/adminInfo', async (req) => ok(userInfoOf(account(req.session!.userId))));

  app.post('/v1/getPermCode', async (req) => ok(userInfoOf(account(req.session!.userId)).btnPermission));

  app.post('/v1/admin/adminMenus', async (req) => ok(toMenuEntries(routesFor(account(req.session!.userId).roles.map((r) => r.id)))));

  app.post('/v1/admin/gameCategory', { schema: { body: Type.Optional(Type.Any()) } }, async () => ok(basicData));
}
