import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CaptchaImageQuery, LoginPayload } from '../../contract/auth.js';
import { ResultCode } from '../../contract/envelope.js';
import { ok, sendEnvelope } from '../../plugins/envelope.js';
import { verifyConsoleAccount, type ConsoleAccount } from '../accounts.js';
import { grantsOf, menuEntriesOf, userInfoFrom } from '../permissions.js';
import type { AnyRow } from '../store/seed.js';
import { makeBasicData } from '../basic-data.js';
import type { MockContext } from '../context.js';
import { TOKEN_HEAD } from '../sessions.js';

/** Endpoints reachable without a token. */
export const PUBLIC_PATHS = new Set(['/v1/admin/login', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image']);

/**
 * Session endpoints of spec §7 in mock mode: login with a one-time captcha, logout, user info,
 * permission codes, menus, basic data. Every other endpoint needs a live token (envelope 401).
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: MockContext) {
  const accounts = () => ctx.store.col('admin').values() as Iterable<ConsoleAccount>;
  /** The signed-in account, or null when it was deleted or disabled since sign-in. */
  const current = (req: FastifyRequest): ConsoleAccount | null => {
    const row = ctx.store.get<ConsoleAccount>('admin', req.session!.userId);
    return row && row.status === 1 ? row : null;
  };
  const gone = (reply: FastifyReply) => sendEnvelope(reply, 200, ResultCode.unauthorized, 'Session expired or account no longer active');

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
    const account = verifyConsoleAccount(accounts(), body.username.trim(), body.password);
    if ('refused' in account) return sendEnvelope(reply, 200, ResultCode.badRequest, account.refused);
    ctx.store.col('admin').replace({ ...(account as unknown as AnyRow), lastLoginTime: ctx.crud.now() });
    const s = ctx.sessions.issue(account.id, account.username);
    return ok({ token: s.token, tokenHead: TOKEN_HEAD });
  });

  app.post('/v1/admin/logout', async (req) => {
    ctx.sessions.revoke(req.headers.authorization);
    return ok(null);
  });

  // Roles, buttons and menus come from the role data (server/mock/permissions.ts), read afresh each call.
  const infoOf = (row: ConsoleAccount) => userInfoFrom(ctx.store, row);

  app.post('/v1/admin/adminInfo', async (req, reply) => {
    const row = current(req);
    return row ? ok(infoOf(row)) : gone(reply);
  });

  app.post('/v1/getPermCode', async (req, reply) => {
    const row = current(req);
    return row ? ok(infoOf(row).btnPermission) : gone(reply);
  });

  app.post('/v1/admin/adminMenus', async (req, reply) => {
    const row = current(req);
    return row ? ok(menuEntriesOf(ctx.store, grantsOf(ctx.store, row))) : gone(reply);
  });

  // Spec §3 basic data, read from the store so edits on the category, tag, platform and grade
  // screens show after the next sign-in. Brands have no screen of their own: seeded once.
  const brands = makeBasicData(ctx.config.seed).goodsBrand;
  app.post('/v1/admin/gameCategory', { schema: { body: Type.Optional(Type.Any()) } }, async () => {
    const enabled = <T>(name: string) => [...ctx.store.col(name).values()].filter((r) => r.status === undefined || r.status === 1) as T[];
    return ok({
      goodsCategory: enabled<{ id: number; name: string }>('goodsCategory').map(({ id, name }) => ({ id, name })),
      goodsBrand: brands,
      gameTag: enabled<{ tagName: string; tagIdentity: string }>('gameTag').map(({ tagName, tagIdentity }) => ({ tagName, tagIdentity })),
      gamePlatform: enabled<{ platformName: string; platformIdentity: string }>('gamePlatform').map(({ platformName, platformIdentity }) => ({ platformName, platformIdentity })),
      memberLevel: enabled<{ id: number; gradeName: string }>('memberGrade').map(({ id, gradeName }) => ({ id, name: gradeName })),
    });
  });
}
