import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LinkButton, ResourceListPage, RowActions, editId, recordPath, type ListController } from '../../crud';
import { formatCount, formatMoney } from '../../lib/format';
import order from '../../resources/order/order.resource';
import { ORDER_ID_KEY, useOrderActions } from './order-actions';
import './order.css';

/**
 * /order/index (spec §2): orders with filters (number, member, goods, status, payment method, date
 * and amount ranges), the detail link, and the confirm-delivery, confirm, reissue and risk modals,
 * cancel and refund, each enabled only from the statuses that allow it: detail, deliver and confirm
 * labelled in the row, the rest in the row's "More" menu (the kit's RowActions). Above the table,
 * the totals of the filtered set (the list answer's `summary`: how many orders, and the amount paid
 * by those of them that were paid), following the filters, so the figures can be reconciled with
 * the dashboard's.
 */
export default function OrderIndexPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const actions = useOrderActions(() => setReloadKey((n) => n + 1));
  return (
    <>
      <ResourceListPage
        resource={order}
        reloadKey={reloadKey}
        beforeTable={(ctl) => <OrderTotals ctl={ctl} />}
        rowActions={(row) => (
          // Detail and the first two actions labelled in the row; the rest in the labelled "More" menu.
          <RowActions actions={actions.actionList(row)} visible={2} testId="order-row-actions">
            <LinkButton
              label={t('order.detail')}
              onClick={() => {
                editId.set(ORDER_ID_KEY, row.id as number);
                navigate(recordPath('/order/detail', row.id as number));
              }}
              testId="order-detail"
            />
          </RowActions>
        )}
      />
      {actions.dialogs}
    </>
  );
}

/**
 * The filtered set's totals (`summary {count, payAmount}` of the order list's answer): the count of
 * orders the filters match and the amount paid by the paid ones, in yuan; marked busy while a new
 * filter's answer loads, absent when the platform answers no summary.
 */
function OrderTotals({ ctl }: { ctl: ListController }) {
  const { t, i18n } = useTranslation();
  const summary = ctl.page.summary;
  if (!summary) return null;
  return (
    <p className="order-totals" role="status" aria-busy={ctl.placeholder || undefined} data-testid="order-totals">
      {t('order.totals', { count: formatCount(summary.count, i18n.language), amount: formatMoney(summary.payAmount, i18n.language) })}
    </p>
  );
}
