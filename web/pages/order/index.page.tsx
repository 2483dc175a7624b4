import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LinkButton, ResourceListPage, RowActions, editId, recordPath } from '../../crud';
import order from '../../resources/order/order.resource';
import { ORDER_ID_KEY, useOrderActions } from './order-actions';
import './order.css';

/**
 * /order/index (spec §2): orders with filters (number, member, goods, status, payment method, date
 * and amount ranges), the detail link, and the confirm-delivery, confirm, reissue and risk modals,
 * cancel and refund, each enabled only from the statuses that allow it: detail, deliver and confirm
 * labelled in the row, the rest in the row's "More" menu (the kit's RowActions).
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
