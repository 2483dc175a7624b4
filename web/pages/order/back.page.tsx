import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ResourceListPage, ActionDialog, GuardedButton } from '../../crud';
import { moneyText } from '../../lib/format';
import { notify } from '../../services/notify';
import refund from '../../resources/order/refund.resource';
import './order.css';

type Row = Record<string, unknown>;

/**
 * /order/back (spec §2): refund requests with the audit dialog: approve with an amount (up to the
 * requested one; the money goes to the member's wallet and the order becomes refunded) or refuse
 * with a reason (the order goes back to its status). Decided requests cannot be audited again.
 */
export default function OrderBackPage() {
  const { t } = useTranslation();
  const [auditing, setAuditing] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const r = auditing;
  return (
    <>
      <ResourceListPage
        resource={refund}
        reloadKey={reloadKey}
        rowActions={(row, ctx) =>
          ctx.can('update') && (
            <GuardedButton label={t('order.audit')} link size="small" reason={row.status === 0 ? null : t('order.alreadyDecided')} onClick={() => setAuditing(row)} data-testid="refund-audit" />
          )
        }
      />
      {r && (
        <ActionDialog
          visible
          title={t('order.auditTitle', { refundNo: r.refundNo })}
          action={api.refund.audit}
          fixed={{ id: r.id }}
          record={r}
          initial={{ approved: true, amount: r.amount }}
          fields={[
            { name: 'approved', label: t('order.fields.decision'), options: [{ value: true, label: t('order.approve') }, { value: false, label: t('order.refuse') }] },
            { name: 'amount', label: t('order.fields.approvedAmount'), when: (v) => v.approved === true, max: r.amount as number, hint: t('order.hints.approvedAmount', { max: moneyText(r.amount as number) }) },
            { name: 'auditRemark', label: t('order.fields.auditRemark'), kind: 'text', required: (v) => v.approved === false },
          ]}
          onHide={() => setAuditing(null)}
          onDone={(res) => {
            notify({ mode: 'toast', message: t((res as Row).status === 3 ? 'order.done.approved' : 'order.done.refused') }, 'success');
            setAuditing(null);
            setReloadKey((n) => n + 1);
          }}
        >
          <p className="order-about">{t('order.refundAbout', { orderNo: r.orderNo, amount: moneyText(r.amount as number), reason: r.reason })}</p>
        </ActionDialog>
      )}
    </>
  );
}
