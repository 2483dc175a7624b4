import type { Refusal } from '../../contract/messages.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CaptchaImageQuery, LoginPayload } from '../../contract/auth.js';
import { ResultCode } from '../../contract/envelope.js';
import { ok, sendEnvelope } from '../../plugins/envelope.js';
import { verifyConsoleAccountAsync, type ConsoleAccount } from '../accounts.js';
import { grantsOf, menuEntriesOf, userInfoFrom } from '../permissions.js';
import type { AnyRow } from '../store/seed.js';
import { makeBasicData } from '../basic-data.js';
import type { MockContext, MockSignIn } from '../context.js';
import { summariseUserAgent } from '../../sessions/client.js';
import { AttemptLimiter, TOKEN_HEAD } from '../sessions.js';
import { clientKeyOf } from '../captcha.js';

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
  const gone = (reply: FastifyReply) => sendEnvelope(reply, 200, ResultCode.unauthorized, { key: 'session.expired' });

  app.get('/v1/captcha/token', async (req) => {
    // Quotas per client address (req.ip honours TRUST_PROXY), never one shared cap.
    return ok(ctx.captcha.issue(clientKeyOf(req.ip)));
  });

  app.get('/v1/captcha/image', { schema: { querystring: CaptchaImageQuery } }, async (req, reply) => {
    const svg = ctx.captcha.image((req.query as { token: string }).token);
    if (!svg) return sendEnvelope(reply, 404, ResultCode.notFound, { field: 'token', key: 'login.captchaUnknown' });
    return reply.type('image/svg+xml').header('Cache-Control', 'no-store').send(svg);
  });

  // Attempts per client address per minute, and failed sign-ins per username (known or
  // not, so the answer never tells which exist) within LOGIN_LOCK_SECONDS. The address is
  // the client's own behind a trusted proxy (TRUST_PROXY); an attempt counts against it only once
  // its captcha is right (a junk flood with wrong captchas spends only its own captchas); and
  // failures lock the (address, username) pair, not the username from everywhere, so ten requests
  // a quarter hour cannot keep `admin` out. Every attempt still needs a fresh captcha.
  const perAddress = new AttemptLimiter(ctx.config.loginRatePerIp, 60_000, ctx.now);
  const perAccount = new AttemptLimiter(ctx.config.loginFailuresPerAccount, ctx.config.loginLockSeconds * 1000, ctx.now);
  /** Envelope code 429 with HTTP 200 so the login form shows the message; `data.retryAfter` in seconds. */
  const tooMany = (reply: FastifyReply, wait: number, message: Refusal) =>
    sendEnvelope(reply.header('Retry-After', String(wait)), 200, 429, message, { retryAfter: wait });

  /** Tells the sign-in log how an attempt ended (the name as typed). */
  const heard = (req: FastifyRequest, username: string, outcome: MockSignIn['outcome'], refusal?: Refusal) => {
    for (const fn of ctx.signIns) fn({ username, ip: req.ip, userAgent: req.headers['user-agent'], outcome, refusal, atMs: ctx.now() });
  };

  app.post('/v1/admin/login', { schema: { body: LoginPayload } }, async (req, reply) => {
    const body = req.body as LoginPayload;
    const client = clientKeyOf(req.ip);
    const addressWait = perAddress.waitSeconds(client);
    if (addressWait) {
      const refusal: Refusal = { key: 'login.tooManyFromAddress', params: { wait: addressWait } };
      heard(req, body.username.trim(), 'locked', refusal);
      return tooMany(reply, addressWait, refusal);
    }
    if (!ctx.captcha.verify(body.captchaToken, body.captchaCode)) {
      const refusal: Refusal = { field: 'captchaCode', key: 'login.captchaWrong' };
      heard(req, body.username.trim(), 'failure', refusal);
      return sendEnvelope(reply, 200, ResultCode.badRequest, refusal);
    }
    perAddress.hit(client);
    const username = body.username.trim();
    const key = `${client}\u0000${username.toLowerCase()}`;
    const accountWait = perAccount.waitSeconds(key);
    if (accountWait) {
      const refusal: Refusal = { field: 'username', key: 'login.tooManyForAccount', params: { wait: accountWait } };
      heard(req, username, 'locked', refusal);
      return tooMany(reply, accountWait, refusal);
    }
    const account = await verifyConsoleAccountAsync(accounts(), username, body.password);
    if ('refused' in account) {
      perAccount.hit(key);
      // Recorded on the account for administrators (System account: failedLoginCount).
      let row: ConsoleAccount | undefined;
      for (const r of accounts()) if (r.username === username) row = r;
      if (row) {
        const failed = ((row as unknown as AnyRow).failedLoginCount as number | undefined) ?? 0;
        ctx.store.col('admin').replace({ ...(row as unknown as AnyRow), failedLoginCount: failed + 1, lastFailedLoginTime: ctx.crud.now() });
      }
      heard(req, username, 'failure', account.refused);
      return sendEnvelope(reply, 200, ResultCode.badRequest, account.refused);
    }
    perAccount.clear(key);
    ctx.store.col('admin').replace({ ...(account as unknown as AnyRow), lastLoginTime: ctx.crud.now(), failedLoginCount: 0 });
    const s = ctx.sessions.issue(account.id, account.username, { ip: req.ip, client: summariseUserAgent(req.headers['user-agent']) });
    heard(req, account.username, 'success');
    return ok({ token: s.token, tokenHead: TOKEN_HEAD });
  });

  // The token dies as the request arrives, before any body is read, so no body
  // (or a bad one) can keep it alive; a request without a body has nothing to parse, whatever its
  // Content-Type says (the client may send `application/json` with no body), and is answered 200.
  app.post(
    '/v1/admin/logout',
    {
      onRequest: (req, _reply, done) => {
        ctx.sessions.revoke(req.headers.authorization);
        const length = req.headers['content-length'];
        if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) delete req.headers['content-type'];
        done();
      },
    },
    async () => ok(null),
  );

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
  // screens show after the next sign-in. Brands have no screen of their own: seeded once, on the
  // first call (faker is not loaded at start).
  let brands: ReturnType<typeof makeBasicData>['goodsBrand'] | null = null;
  app.post('/v1/admin/gameCategory', { schema: { body: Type.Optional(Type.Any()) } }, async () => {
    const enabled = <T>(name: string) => [...ctx.store.col(name).values()].filter((r) => r.status === undefined || r.status === 1) as T[];
    return ok({
      goodsCategory: enabled<{ id: number; name: string }>('goodsCategory').map(({ id, name }) => ({ id, name })),
      goodsBrand: (brands ??= makeBasicData(ctx.config.seed).goodsBrand),
      gameTag: enabled<{ tagName: string; tagIdentity: string }>('gameTag').map(({ tagName, tagIdentity }) => ({ tagName, tagIdentity })),
      gamePlatform: enabled<{ platformName: string; platformIdentity: string }>('gamePlatform').map(({ platformName, platformIdentity }) => ({ platformName, platformIdentity })),
      memberLevel: enabled<{ id: number; gradeName: string }>('memberGrade').map(({ id, gradeName }) => ({ id, name: gradeName })),
    });
  });
}
