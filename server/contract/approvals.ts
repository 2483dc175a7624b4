import { Type } from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { defineEnum, F } from './fields.js';

/**
 * Four eyes on sensitive actions: the console's own endpoints under `/console/approval/*` (never
 * relayed), served by server/approvals in every mode, and the declaration of which platform
 * operations wait for a second person and from what threshold ({@link APPROVAL_RULES}).
 *
 * - A call of a declared operation above its threshold, when someone else could approve it, is not carried out: it becomes a pending
 *   approval (who, what, why, the payload and the record's state then) and answers envelope code
 *   {@link APPROVAL_SENT_CODE} (`approval.sent`, `params.id` the approval) instead of success.
 * - Another user with the approver permission (administrators, or a role holding the resource
 *   `/console/approval/approve`) approves or rejects it with a reason; the requester cannot decide
 *   their own, and a decided or expired approval (`APPROVAL_HOURS`) cannot be decided again.
 * - On approval the original write runs as the requester; when the record changed since the
 *   request, the approver is told (`approval.changed`) and approves again with `confirm: true`.
 *   A reveal (its answer is a secret for the requester's eyes) is not run for the approver: its
 *   approval lets the requester's next identical call through once.
 */

/** The envelope code of a call kept for approval (HTTP 200; nothing written). */
export const APPROVAL_SENT_CODE = 202;

/** Where an approval stands: pending, then approved (and run), rejected, expired unanswered, or approved but refused when run. */
export const ApprovalStatus = defineEnum('approvalStatus', [
  [0, 'pending', '待审批', 'Pending'],
  [1, 'approved', '已通过', 'Approved'],
  [2, 'rejected', '已驳回', 'Rejected'],
  [3, 'expired', '已过期', 'Expired'],
  [4, 'failed', '通过但执行失败', 'Approved, refused when run'],
]);

/** Which setting a rule's threshold is (server/config.ts `approvalThresholds`); `privilegedRole` has none: every grant waits. */
export type ApprovalThreshold = 'refundCents' | 'walletCents' | 'revealCount' | 'voidCount' | 'privilegedRole';

/** Reads an endpoint of the contract as the requester (`data` of a code 200 answer, else undefined). */
export type ApprovalAsk = (path: string, body: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;

type Body = Record<string, unknown>;

/**
 * One operation that waits for a second person above a threshold.
 * - `measure`: what the call amounts to (cents, a count, or the privileged roles it grants); the
 *   call waits when it is above the threshold. Undefined when the records it needs cannot be read:
 *   the call then goes on and its own rules answer it (a missing record, a refused permission).
 * - `state`: the record's state the approval keeps and compares when it is decided.
 * - `grant`: a read (a reveal): approval lets the requester's next identical call through once.
 */
export interface ApprovalRule {
  operation: string;
  path: string;
  threshold: ApprovalThreshold;
  grant?: boolean;
  measure(body: Body, ask: ApprovalAsk): Promise<number | undefined>;
  state(body: Body, ask: ApprovalAsk): Promise<unknown>;
}

/** Role keys whose grant always waits for a second person: the super administrator and System. */
export const PRIVILEGED_ROLE_KEYS = ['super', 'system'] as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const info = (entity: string, idField = 'id') => (body: Body, ask: ApprovalAsk) => (Number.isInteger(body[idField]) ? ask(`/v1/${entity}/info`, { id: body[idField] as number }) : Promise.resolve(undefined));

/** An order's state: the order and its refunds (a refund's amount depends on both). */
const orderDetail = async (body: Body, ask: ApprovalAsk) => (Number.isInteger(body.id) ? ask('/v1/order/detail', { id: body.id as number }) : undefined);

/** Roles of `roleIds` that are privileged ({@link PRIVILEGED_ROLE_KEYS}) and not among `before`. */
async function privilegedGrants(roleIds: unknown, before: readonly number[], ask: ApprovalAsk): Promise<number | undefined> {
  if (!Array.isArray(roleIds)) return 0;
  let n = 0;
  for (const id of roleIds) {
    if (!Number.isInteger(id) || before.includes(id as number)) continue;
    const role = await ask('/v1/role/info', { id: id as number });
    if (!role) return undefined;
    if ((PRIVILEGED_ROLE_KEYS as readonly string[]).includes(String(role.roleKey).toLowerCase())) n++;
  }
  return n;
}

/** Up to 100 of a batch's records, as they are (the rest of a large batch is not compared). */
const batchState = (entity: string) => async (body: Body, ask: ApprovalAsk) => {
  const ids = Array.isArray(body.ids) ? (body.ids as unknown[]).filter((x): x is number => Number.isInteger(x)).slice(0, 100) : [];
  return Promise.all(ids.map((id) => ask(`/v1/${entity}/info`, { id })));
};
const batchCount = async (body: Body) => (Array.isArray(body.ids) ? body.ids.length : 0);

/** The operations that wait for a second person, and from what threshold (spec: four eyes on sensitive actions). */
export const APPROVAL_RULES: readonly ApprovalRule[] = [
  {
    // Without an amount a refund is all that is left of the order.
    operation: 'order.refund',
    path: '/v1/order/refund',
    threshold: 'refundCents',
    async measure(body, ask) {
      if (num(body.amount) !== undefined) return num(body.amount);
      const d = await orderDetail(body, ask);
      if (!d) return undefined;
      const refunded = ((d.refunds as Body[] | undefined) ?? []).filter((r) => r.status === 3).reduce((s, r) => s + (num(r.amount) ?? 0), 0);
      return (num((d.order as Body | undefined)?.payAmount) ?? 0) - refunded;
    },
    state: async (body, ask) => (await orderDetail(body, ask))?.order,
  },
  {
    operation: 'refund.audit',
    path: '/v1/refund/audit',
    threshold: 'refundCents',
    async measure(body, ask) {
      if (body.approved !== true) return 0;
      if (num(body.amount) !== undefined) return num(body.amount);
      return num((await info('refund')(body, ask))?.amount);
    },
    state: info('refund'),
  },
  { operation: 'walletRecord.recharge', path: '/v1/walletRecord/recharge', threshold: 'walletCents', measure: async (body) => num(body.amount), state: info('member', 'memberId') },
  { operation: 'walletRecord.withdraw', path: '/v1/walletRecord/withdraw', threshold: 'walletCents', measure: async (body) => num(body.amount), state: info('member', 'memberId') },
  {
    // Revealing every line of an order at once (no `itemId`) counts its lines.
    operation: 'order.extract',
    path: '/v1/order/extract',
    threshold: 'revealCount',
    grant: true,
    async measure(body, ask) {
      if (Number.isInteger(body.itemId)) return 1;
      const d = await orderDetail(body, ask);
      return d ? ((d.items as unknown[] | undefined) ?? []).length : undefined;
    },
    state: async (body, ask) => (await orderDetail(body, ask))?.order,
  },
  { operation: 'card.batchVoid', path: '/v1/card/batchVoid', threshold: 'voidCount', measure: batchCount, state: batchState('card') },
  { operation: 'cardAccount.batchVoid', path: '/v1/cardAccount/batchVoid', threshold: 'voidCount', measure: batchCount, state: batchState('cardAccount') },
  { operation: 'cdkCode.batchVoid', path: '/v1/cdkCode/batchVoid', threshold: 'voidCount', measure: batchCount, state: batchState('cdkCode') },
  { operation: 'admin.add', path: '/v1/admin/add', threshold: 'privilegedRole', measure: (body, ask) => privilegedGrants(body.roleIds, [], ask), state: async () => null },
  {
    operation: 'admin.update',
    path: '/v1/admin/update',
    threshold: 'privilegedRole',
    async measure(body, ask) {
      if (!Array.isArray(body.roleIds)) return 0;
      const before = await info('admin')(body, ask);
      if (!before) return undefined;
      return privilegedGrants(body.roleIds, (before.roleIds as number[] | undefined) ?? [], ask);
    },
    state: info('admin'),
  },
  {
    // A role made the super administrator's or System's by its key.
    operation: 'role.update',
    path: '/v1/role/update',
    threshold: 'privilegedRole',
    async measure(body, ask) {
      const key = typeof body.roleKey === 'string' ? body.roleKey.toLowerCase() : '';
      if (!(PRIVILEGED_ROLE_KEYS as readonly string[]).includes(key)) return 0;
      const before = await info('role')(body, ask);
      if (!before) return undefined;
      return String(before.roleKey).toLowerCase() === key ? 0 : 1;
    },
    state: info('role'),
  },
];

export const approval = defineEntity({
  name: 'approval',
  area: 'system',
  title: { zh_CN: '审批', en: 'Approvals' },
  fields: {
    operation: F.text(64, { description: "the contract's operation name, e.g. order.refund" }),
    path: F.text(128, { description: 'the endpoint called' }),
    entity: F.text(32, { description: 'the entity the operation writes' }),
    targetIds: F.text(255, { description: 'record ids the payload names, comma-separated' }),
    measure: Type.Integer({ description: 'what the call amounts to: cents (refund, wallet), a count (reveal, void) or privileged roles granted' }),
    threshold: Type.Integer({ description: 'the threshold it was above when requested' }),
    thresholdKind: F.text(32, { description: 'refundCents | walletCents | revealCount | voidCount | privilegedRole' }),
    requesterId: Type.Integer({ minimum: 0 }),
    requesterName: F.text(64),
    requesterRoles: F.text(255, { description: 'role keys, comma-separated' }),
    reason: F.text(255, { description: 'why, as the requester typed it' }),
    payload: F.text(20000, { description: 'the request body as JSON' }),
    stateBefore: F.text(20000, { description: "the record's state when requested, as JSON ('' when none)" }),
    status: ApprovalStatus.schema(),
    expiresAt: F.datetime({ description: 'a pending approval expires at' }),
    deciderId: Type.Integer({ minimum: 0, description: '0 while pending' }),
    deciderName: F.text(64),
    decisionReason: F.text(255),
    decidedTime: F.text(19, { description: "YYYY-MM-DD HH:mm:ss, '' while pending" }),
    result: F.text(255, { description: "the run's refusal when approved but refused ('' otherwise)" }),
    mine: F.bool({ description: "true for the caller's own requests" }),
    decided: F.bool({ description: 'true once approved, rejected, expired or failed' }),
  },
  label: 'operation',
  base: 'approval',
  filters: { status: 'eq', operation: 'like', requesterName: 'like', mine: 'eq', decided: 'eq' },
  sortable: ['createTime'],
  ops: { list: '/console/approval/list', info: '/console/approval/info', listAll: false, add: false, update: false, del: false, updateStatus: false },
});

export const approvalApprove = defineAction({
  name: 'approval.approve',
  path: '/console/approval/approve',
  area: 'system',
  summary: 'Approve a pending approval with a reason: the write runs as the requester (approvers only; not one\'s own; once)',
  payload: Type.Object(
    {
      id: F.id({ description: 'the approval' }),
      reason: F.name(255, { description: "the approver's reason" }),
      confirm: Type.Optional(F.bool({ description: 'approve although the record changed since the request' })),
    },
    { additionalProperties: false },
  ),
  result: approval.schemas.record,
});

export const approvalReject = defineAction({
  name: 'approval.reject',
  path: '/console/approval/reject',
  area: 'system',
  summary: 'Reject a pending approval with a reason; nothing is written (approvers only; not one\'s own; once)',
  payload: Type.Object({ id: F.id({ description: 'the approval' }), reason: F.name(255, { description: "the approver's reason" }) }, { additionalProperties: false }),
  result: approval.schemas.record,
});

/** A rule as the Approvals screen shows it, with the threshold in force. */
export const ApprovalRuleRow = Type.Object({
  operation: Type.String(),
  path: Type.String(),
  thresholdKind: Type.String(),
  threshold: Type.Integer({ description: 'cents or a count; 0 for privilegedRole (every grant waits)' }),
});

export const approvalRules = defineAction({
  name: 'approval.rules',
  path: '/console/approval/rules',
  area: 'system',
  summary: 'The operations that wait for a second person, their thresholds and how long an approval waits (hours)',
  payloadOptional: true,
  result: Type.Object({ hours: Type.Integer(), rules: Type.Array(ApprovalRuleRow) }),
});

/** The approval endpoints as the contract lists them (/docs, the typed client). */
export const APPROVAL_ENTITIES = [approval] as const;
export const APPROVAL_ENDPOINTS = [...approval.endpoints, approvalApprove, approvalReject, approvalRules];
