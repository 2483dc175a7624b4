import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { SubList } from '../../crud';
import approvals from '../../resources/system/approvals.resource';

/**
 * "My approvals", from the user menu (every user, not only approvers): the signed-in user's own
 * calls kept for a second person, newest first, with their status and the decision's reason.
 */
export default function MyApprovalsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog visible={visible} onHide={onHide} header={t('system.approvals.mine')} style={{ width: 'min(980px, 96vw)' }} modal data-testid="my-approvals">
      <SubList resource={approvals} filter={{ mine: true }} columns={['createTime', 'operation', 'reason', 'status', 'expiresAt', 'deciderName', 'decisionReason', 'result']} pageSize={10} testId="my-approvals-list" />
    </Dialog>
  );
}
