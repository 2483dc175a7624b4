import { Type } from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { defineEnum, F } from './fields.js';

/**
 * Sessions and the sign-in log: the console's own endpoints (never relayed to the platform), served
 * by server/sessions in every mode under `/console/session/*` and `/console/signInLog/*`.
 *
 * - `consoleSession`: who is signed in. Mock mode lists the mock's sessions; proxy and hybrid list
 *   the sessions that signed in through this console (the platform has no endpoint listing them).
 *   Administrators see every session, other users their own; `current` marks the caller's.
 * - `consoleSession.revoke`: ends one session at once. Administrators may end any but the current
 *   one (sign-out ends that); other users only their own other sessions. The ended token's next call answers envelope 401
 *   `session.revokedByAdmin` (or `session.revokedElsewhere` when its own user ended it).
 * - `signInLog`: every sign-in, failure and lock-out through this console, kept in the console's
 *   database as long as the audit trail's entries (`AUDIT_RETENTION_DAYS`); administrators only.
 */

/** How a sign-in attempt ended: signed in, refused (wrong name, password or captcha), locked out (too many attempts). */
export const SignInResult = defineEnum('signInResult', [
  [1, 'success', '成功', 'Signed in'],
  [0, 'failure', '失败', 'Failed'],
  [2, 'locked', '已锁定', 'Locked out'],
]);

export const consoleSession = defineEntity({
  name: 'consoleSession',
  area: 'system',
  title: { zh_CN: '在线用户', en: 'Online users' },
  fields: {
    username: F.text(64),
    roles: F.text(255, { description: 'role names, comma-separated (empty when the console cannot tell)' }),
    ip: F.text(64, { description: 'client address at sign-in (honours TRUST_PROXY)' }),
    client: F.text(128, { description: 'browser and system, summarised from the User-Agent' }),
    since: F.datetime({ description: 'signed in at' }),
    lastSeen: F.datetime({ description: 'last API call through this console' }),
    current: F.bool({ description: "true for the caller's own session" }),
  },
  label: 'username',
  base: 'consoleSession',
  filters: { username: 'like' },
  sortable: ['since', 'lastSeen', 'username'],
  ops: { list: '/console/session/list', info: false, listAll: false, add: false, update: false, del: false, updateStatus: false },
});

export const signInLog = defineEntity({
  name: 'signInLog',
  area: 'system',
  title: { zh_CN: '登录日志', en: 'Sign-in log' },
  fields: {
    username: F.text(64, { description: 'the name typed (known or not)' }),
    result: SignInResult.schema(),
    ip: F.text(64, { description: 'client address (honours TRUST_PROXY)' }),
    client: F.text(128, { description: 'browser and system, summarised from the User-Agent' }),
    message: F.text(255, { description: 'why a failed or locked attempt was refused' }),
  },
  label: 'username',
  base: 'signInLog',
  filters: { username: 'like', result: 'eq', createTime: 'range' },
  sortable: ['createTime', 'username'],
  ops: { list: '/console/signInLog/list', info: false, listAll: false, add: false, update: false, del: false, updateStatus: false },
  large: true,
});

export const sessionRevoke = defineAction({
  name: 'consoleSession.revoke',
  path: '/console/session/revoke',
  area: 'system',
  summary: "End a session at once (administrators: any but the current one; others: their own other sessions); its token's next call answers 401",
  payload: Type.Object({ id: F.id({ description: 'the session, as `id` of consoleSession.list' }) }, { additionalProperties: false }),
});

/** The session endpoints as the contract lists them (/docs, the typed client). */
export const SESSION_ENTITIES = [consoleSession, signInLog] as const;
export const SESSION_ENDPOINTS = [...consoleSession.endpoints, ...signInLog.endpoints, sessionRevoke];
