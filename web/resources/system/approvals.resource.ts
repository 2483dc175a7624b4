import { approval } from '../../../server/contract/approvals';
import { moneyText } from '../../../server/contract/money';
import { createElement } from 'react';
import { OperationName, defineResource, type Row } from '../../crud';

/** A rule's amount as its kind says: cents as money (refunds, wallet), else the count (reveals, voids, roles granted). */
const measureText = (row: Row) => (row.thresholdKind === 'refundCents' || row.thresholdKind === 'walletCents' ? moneyText(Number(row.measure)) : String(row.measure));

/**
 * /system/approvals (审批): calls kept for a second person (server/approvals), newest first, by
 * status, action and requester; read-only here, each pending one decided through the page's
 * approve / reject dialog (web/pages/system/approvals.page.tsx). "My approvals" in the user menu
 * lists the same records filtered to the caller's own.
 */
export default defineResource({
  entity: approval,
  route: '/system/approvals',
  columns: ['createTime', 'operation', 'requesterName', 'measure', 'reason', 'status', 'expiresAt', 'deciderName', 'decisionReason', 'result'],
  filters: ['status', 'operation', 'requesterName'],
  fields: { createTime: { width: 170 }, expiresAt: { width: 170 }, reason: { width: 200 }, decisionReason: { width: 200 }, measure: { cell: measureText }, operation: { cell: (row) => createElement(OperationName, { operation: String(row.operation) }) } },
  actions: { export: false },
});
