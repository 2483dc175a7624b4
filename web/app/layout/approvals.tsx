import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Type } from 'typebox';
import { F } from '../../../server/contract/fields';
import { api } from '../../api/client';
import { ActionDialog, useOperationLabel } from '../../crud';
import { useLiveEvents } from '../../services/live';
import { notify } from '../../services/notify';
import { provideApprovalReason } from '../../services/approval-reason';

const ReasonPayload = Type.Object({ reason: F.name(255) }, { additionalProperties: false });

/**
 * The dialog that asks why, when a call waits for a second person and its payload carries no
 * reason (web/services/approval-reason.ts): on the form engine; "Send for approval" answers the
 * reason (the call goes again with it), closing answers null (the call is given up, nothing sent).
 */
export function ApprovalReasonPrompt() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ message: string; resolve: (reason: string | null) => void } | null>(null);
  useEffect(() => provideApprovalReason((message) => new Promise((resolve) => setAsking({ message, resolve }))), []);
  if (!asking) return null;
  const answer = (reason: string | null) => {
    asking.resolve(reason);
    setAsking(null);
  };
  return (
    <ActionDialog
      visible
      title={t('system.approvals.reasonTitle')}
      schema={ReasonPayload}
      action={async (p: { reason: string }) => p.reason}
      fields={[{ name: 'reason', label: t('system.approvals.reasonLabel'), kind: 'text' }]}
      submitLabel={t('system.approvals.send')}
      onHide={() => answer(null)}
      onDone={(reason) => answer(String(reason))}
      testIds={{ root: 'approval-reason', submit: 'approval-reason-submit' }}
    >
      <p>{asking.message}</p>
    </ActionDialog>
  );
}

/**
 * Tells the requester when one of their approvals is decided (approved, rejected, or approved but
 * refused when run): each live event of an approval decided by someone else is read back
 * (`approval.info`, which answers a non-approver only their own) and told as a notice when it is
 * the user's own. Renders nothing.
 */
export function ApprovalNotices() {
  const { t } = useTranslation();
  const operation = useOperationLabel();
  useLiveEvents('approval', (e) => {
    if (e.op !== 'update') return;
    void api.approval
      .info({ id: e.recordId }, { errorMode: 'none' })
      .then((row) => {
        if (!row.mine || !row.decided || row.status === 3) return;
        const params = { id: row.id, operation: operation(row.operation), by: row.deciderName, reason: row.decisionReason, result: row.result };
        const key = row.status === 1 ? 'noticeApproved' : row.status === 2 ? 'noticeRejected' : 'noticeFailed';
        notify({ mode: 'toast', message: t(`system.approvals.${key}`, params) }, row.status === 1 ? 'success' : 'warn');
      })
      .catch(() => undefined);
  });
  return null;
}
