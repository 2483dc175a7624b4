import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { ResourceListPage } from '../../crud';
import refundSetting from '../../resources/order/refund-setting.resource';

/**
 * /order/refundSet (spec §2): refund rules per goods category as a settings form (drawer): whether
 * refunds are allowed, the window in hours after payment (the mock refuses a refund outside it), the
 * auto-approve limit, and whether extracted codes forbid a refund. A rule without category applies
 * to every category that has none of its own.
 */
export default function OrderRefundSetPage() {
  const { t } = useTranslation();
  return (
    <div className="crud-page">
      <Message severity="info" text={t('order.refundSetHint')} />
      <ResourceListPage resource={refundSetting} />
    </div>
  );
}
