import { Type } from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { defineEnum, F } from './fields.js';
import { eventTicket, presenceList, presenceUpdate } from './events.js';
import { SESSION_ENDPOINTS, SESSION_ENTITIES } from './sessions.js';
import { SAVED_VIEW_ENDPOINTS } from './saved-views.js';
import { PREFERENCE_ENDPOINTS } from './preferences.js';
import { APPROVAL_ENDPOINTS, APPROVAL_ENTITIES } from './approvals.js';
import { TRASH_ENDPOINTS, TRASH_ENTITIES } from './trash.js';
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
    changes: F.text(20000, { description: 'changed fields as JSON {field: [before, after]} (by record id when several), each side redacted, a side over 8,000 characters kept as "[too large to keep]"' }),
    prevHash: F.text(64, { description: "the previous entry's hash (hex), which this entry's hash covers: the chain a verify walks" }),
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

/** Why a changed field of an entry is not restored by a revert. */
export const RevertSkipReason = Type.Union([Type.Literal('secret'), Type.Literal('tooLarge'), Type.Literal('notEditable')], {
  description: 'secret: its value was redacted in the trail; tooLarge: too large to keep; notEditable: the entity\'s update does not take it',
});

/**
 * What restoring the version before an entry would write (`auditLog.revertPreview`): the record it
 * names, the version the record has now (send it back with `auditLog.revert`), and field by field
 * the value now and the value restored; fields the entry changed that cannot be restored, and why.
 * `unknown`: later changes of the record whose values the trail does not hold (they are not undone).
 */
export const AuditRevertPreview = Type.Object({
  entryId: Type.Integer(),
  entity: Type.String(),
  recordId: Type.Integer(),
  version: Type.Union([Type.String(), Type.Integer(), Type.Null()], { description: "the record's version now (its versionField)" }),
  changes: Type.Array(Type.Object({ field: Type.String(), now: Type.Unknown(), restored: Type.Unknown() })),
  skipped: Type.Array(Type.Object({ field: Type.String(), reason: RevertSkipReason })),
  unknown: Type.Integer({ minimum: 0 }),
});

/** `auditLog.revertPreview`: the entry, and which record when it names several. */
export const AuditRevertPreviewPayload = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'the audit entry whose version before is restored' }),
    recordId: Type.Optional(Type.Integer({ minimum: 1, description: 'which record, when the entry names several (default: its first)' })),
  },
  { additionalProperties: false },
);

/** `auditLog.revert`: the entry whose before-version is restored and the record's version the preview answered. */
export const AuditRevertPayload = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'the audit entry whose version before is restored' }),
    recordId: Type.Optional(Type.Integer({ minimum: 1, description: 'which record, when the entry names several (default: its first)' })),
    version: Type.Union([Type.String({ maxLength: 32 }), Type.Integer()], { description: "the record's version as auditLog.revertPreview answered it" }),
  },
  { additionalProperties: false },
);

/** Console-served actions of the audit trail (not the platform's). */
export const auditActions = [
  defineAction({ name: 'auditLog.verify', path: '/console/auditLog/verify', area: 'system', summary: 'Check the hash chain of the audit trail; names the first broken entry', payloadOptional: true, result: AuditVerifyResult }),
  defineAction({
    name: 'auditLog.revertPreview',
    path: '/console/auditLog/revertPreview',
    area: 'system',
    summary: "What restoring the version before an entry would change: each field's value now and restored, and what cannot be restored; changes nothing",
    payload: AuditRevertPreviewPayload,
    result: AuditRevertPreview,
  }),
  defineAction({
    name: 'auditLog.revert',
    path: '/console/auditLog/revert',
    area: 'system',
    summary: "Restore the version before an entry: its values written back through the entity's update, as the caller (permissions, the version check: 409 when the record changed since the preview) and recorded in the trail with revertOf",
    payload: AuditRevertPayload,
    result: Type.Record(Type.String(), Type.Unknown(), { description: 'the record as its update answers it' }),
  }),
];

/** The console's own entities and endpoints (outside the platform contract's ENTITIES/ENDPOINTS). */
export const CONSOLE_ENTITIES = [auditLog, ...SESSION_ENTITIES, ...APPROVAL_ENTITIES, ...TRASH_ENTITIES] as const;
export const CONSOLE_ENDPOINTS = [...auditLog.endpoints, ...auditActions, eventTicket, presenceUpdate, presenceList, ...SESSION_ENDPOINTS, ...SAVED_VIEW_ENDPOINTS, ...PREFERENCE_ENDPOINTS, ...APPROVAL_ENDPOINTS, ...TRASH_ENDPOINTS, ...EXPORT_ENDPOINTS];
