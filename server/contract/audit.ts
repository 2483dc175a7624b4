import { Type } from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { defineEnum, F } from './fields.js';
import { eventTicket } from './events.js';
import { SESSION_ENDPOINTS, SESSION_ENTITIES } from './sessions.js';
import { EXPORT_ENDPOINTS } from './exports.js';

/**
 * The audit trail: every operator write of the contract, in every mode, kept by the
 * console server itself (SQLite under the data folder, or PostgreSQL) — not a platform entity. Its
 * endpoints live under `/console/auditLog/*`, outside the prefixes the proxy relays, so they answer
 * in mock, proxy, hybrid and replay mode alike; administrators only. Entries are read-only.
 */

/** How a recorded write ended: done (envelope code 200), refused (any other code or HTTP error). */
export const AuditOutcome = defineEnum('auditOutcome', [
  [1, 'done', '成功', 'Done'],
  [0, 'refused', '被拒绝', 'Refused'],
]);

export const auditLog = defineEntity({
  name: 'auditLog',
  area: 'system',
  title: { zh_CN: '操作审计', en: 'Audit log' },
  fields: {
    userId: Type.Integer({ minimum: 0, description: 'the console account (0 when the caller was not signed in)' }),
    username: F.text(64),
    roles: F.text(255, { description: 'role keys, comma-separated' }),
    ip: F.text(64, { description: 'client address (honours TRUST_PROXY)' }),
    operation: F.text(64, { description: "the contract's operation name, e.g. order.refund" }),
    area: F.text(32),
    entity: F.text(32, { description: 'the entity the operation writes, when it names one' }),
    targetIds: F.text(255, { description: 'record ids the operation names, comma-separated' }),
    outcome: AuditOutcome.schema(),
    code: Type.Integer({ description: 'envelope code answered' }),
    status: Type.Integer({ description: 'HTTP status answered' }),
    message: F.text(255, { description: "the answer's message when refused" }),
    servedBy: F.text(16, { description: 'who answered: mock or platform (console: an entry of the trail itself, a gap or a count of anonymous attempts)' }),
    fields: F.text(20000, { description: 'the request fields, redacted, as JSON' }),
    changes: F.text(20000, { description: 'mock-served writes: changed fields as JSON {field: [before, after]}, redacted' }),
    hash: F.text(64, { description: 'HMAC-SHA256 of every column of this entry and the previous hash, under the trail key (hex)' }),
  },
  label: 'operation',
  base: 'auditLog',
  filters: { username: 'like', operation: 'like', area: 'eq', entity: 'eq', targetIds: 'like', outcome: 'eq', createTime: 'range' },
  sortable: ['createTime', 'username', 'operation'],
  searchable: ['operation', 'username', 'targetIds', 'fields'],
  ops: { list: '/console/auditLog/list', info: '/console/auditLog/info', listAll: false, add: false, update: false, del: false, updateStatus: false },
  large: true,
});

/**
 * The chain's check: `ok` when every entry's keyed hash follows from the previous one and the sealed
 * head and anchor hold; else the first broken entry. `gaps`: entries the trail recorded as lost;
 * `head`: the last entry (compare with the `auditHead` the server logs).
 */
export const AuditVerifyResult = Type.Object({
  ok: Type.Boolean(),
  count: Type.Integer({ description: 'entries checked' }),
  firstBroken: Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), reason: Type.String() })]),
  gaps: Type.Object({ entries: Type.Integer({ description: 'gap entries in the chain' }), lost: Type.Integer({ description: 'entries they record as lost' }) }),
  head: Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), hash: Type.String() })]),
});

/** Console-served actions of the audit trail (not the platform's). */
export const auditActions = [
  defineAction({ name: 'auditLog.verify', path: '/console/auditLog/verify', area: 'system', summary: 'Check the hash chain of the audit trail; names the first broken entry', payloadOptional: true, result: AuditVerifyResult }),
];

/** The console's own entities and endpoints (outside the platform contract's ENTITIES/ENDPOINTS). */
export const CONSOLE_ENTITIES = [auditLog, ...SESSION_ENTITIES] as const;
export const CONSOLE_ENDPOINTS = [...auditLog.endpoints, ...auditActions, eventTicket, ...SESSION_ENDPOINTS, ...EXPORT_ENDPOINTS];
