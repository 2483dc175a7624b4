import type { ServerResponse } from 'node:http';
import { startUpstream, type Upstream } from '../upstream.js';

/**
 * A small platform for the guard tests: tokens and who they are,
 * sign-out that kills a token, administrator-only lists (`/v1/admin/list`, `/v1/cdkCode/list`:
 * envelope 403 for others), a per-role `feedbackType/listAll`, a member endpoint that answers a missing record with the
 * platform's own HTTP 404 envelope, a list, and a write that is not built (HTTP 501, Spring style).
 *
 * | token | user |
 * |---|---|
 * | `Bearer adm` | `admin`, role `super` |
 * | `Bearer ops` | `ops`, role `operator` |
 * | `Bearer fake-admin` | `admin`, role `operator` only (item 6) |
 */
export const USERS: Record<string, { userId: number; username: string; roles: { id: string; name: string }[] }> = {
  'Bearer adm': { userId: 1, username: 'admin', roles: [{ id: 'super', name: 'Super' }] },
  'Bearer ops': { userId: 2, username: 'ops', roles: [{ id: 'operator', name: 'Operator' }] },
  'Bearer fake-admin': { userId: 3, username: 'admin', roles: [{ id: 'operator', name: 'Operator' }] },
};
/** A value only the administrator's answers hold (admin list, CDK codes). */
export const ADMIN_ONLY_MARK = 'only-for-admins-3e1';
/** The name of the one member row the platform lists (to tell its answers from the mock's). */
export const PLATFORM_MEMBER = 'platform-member-7';

const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startGuardPlatform(): Promise<Upstream & { signedOut: Set<string> }> {
  const signedOut = new Set<string>();
  const up = await startUpstream((req, res) => {
    const path = req.url.split('?')[0];
    const auth = String(req.headers.authorization ?? '');
    const user = signedOut.has(auth) ? undefined : USERS[auth];
    if (!user) return send(res, 200, { code: 401, data: null, message: 'Session expired' });
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(req.body.toString('utf8') || '{}');
    } catch {
      /* empty */
    }
    switch (`${req.method} ${path}`) {
      case 'POST /v1/admin/adminInfo':
        return send(res, 200, { code: 200, data: { ...user, nickName: user.username, btnPermission: [] }, message: 'ok' });
      case 'POST /v1/admin/logout':
        signedOut.add(auth);
        return send(res, 200, { code: 200, data: null, message: 'ok' });
      case 'POST /v1/admin/list':
      case 'POST /v1/cdkCode/list': {
        if (!user.roles.some((r) => r.id === 'super')) return send(res, 200, { code: 403, data: null, message: 'permission: administrators only' });
        const rows = path === '/v1/admin/list' ? [{ id: 1, username: ADMIN_ONLY_MARK }] : [{ id: 1, code: ADMIN_ONLY_MARK }];
        return send(res, 200, { code: 200, data: { list: rows, total: 1 }, message: 'ok' });
      }
      case 'POST /v1/feedbackType/listAll':
        return send(res, 200, { code: 200, data: [{ id: 1, typeName: `types for ${user.roles.map((r) => r.id).join('+')}` }], message: 'ok' });
      case 'POST /v1/member/list':
        return send(res, 200, { code: 200, data: { list: [{ id: 7, nickName: PLATFORM_MEMBER }], total: 1 }, message: 'ok' });
      case 'POST /v1/member/info':
        // A missing record: the platform's controller answers, with its own envelope, as HTTP 404.
        if (body.id !== 7) return send(res, 404, { code: 404, data: null, message: 'id: no such member' });
        return send(res, 200, { code: 200, data: { id: 7, nickName: PLATFORM_MEMBER }, message: 'ok' });
      case 'POST /v1/member/update':
        return send(res, 501, { timestamp: '2026-11-26T08:00:00.000+00:00', status: 501, error: 'Not Implemented', path });
      default:
        return send(res, 404, { timestamp: '2026-11-26T08:00:00.000+00:00', status: 404, error: 'Not Found', path });
    }
  });
  return Object.assign(up, { signedOut });
}
