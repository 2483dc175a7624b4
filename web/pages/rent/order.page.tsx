import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import dayjs from 'dayjs';
import { notify } from '../../services/notify';
import { ResourceListPage, defineResource, ActionDialog, GuardedButton, durationParts, useNow } from '../../crud';
import rentOrder from '../../resources/rent/rent-order.resource';
import './rent.css';

type Row = Record<string, unknown>;

/** The rental period as start–end, with a live "ends in" while the rental runs. */
function Period({ row }: { row: Row }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const end = dayjs(String(row.endTime)).valueOf();
  const running = row.status === 1;
  const left = end - now;
  const d = durationParts(left);
  return (
    <span className="rent-period" data-testid="rent-period">
      {String(row.startTime).slice(5, 16)} – {String(row.endTime).slice(5, 16)}
      {running && (
        <small className={left > 0 ? 'rent-ends' : 'rent-ends rent-ends--over'} data-testid="rent-ends">
          {left > 0 ? t(d.d ? 'rent.endsInDays' : 'rent.endsIn', { ...d }) : t('rent.overdue')}
        </small>
      )}
    </span>
  );
}

/**
 * /rent/order (spec §2): rental orders with status filters, the period shown as start–end with a
 * live "ends in" for running rentals, and the remark dialog.
 */
export default function RentOrderPage() {
  const { t } = useTranslation();
  const [remarking, setRemarking] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // The start column shows the whole period.
  const resource = useMemo(() => defineResource({ ...rentOrder, fields: { ...rentOrder.fields, startTime: { width: 260, cell: (row) => <Period row={row} /> } } }), []);
  return (
    <>
      <ResourceListPage
        resource={resource}
        reloadKey={reloadKey}
        rowActions={(row, ctx) => ctx.can('update') && <GuardedButton label={t('rent.remark')} link size="small" onClick={() => setRemarking(row)} data-testid="rent-remark" />}
      />
      {remarking && (
        <ActionDialog
          visible
          title={t('rent.remarkTitle', { orderNo: remarking.orderNo })}
          action={api.rentOrder.remark}
          fixed={{ id: remarking.id }}
          record={remarking}
          initial={{ remark: remarking.remark }}
          fields={[{ name: 'remark', label: t('rent.remark'), kind: 'text' }]}
          onHide={() => setRemarking(null)}
          onDone={() => {
            notify({ mode: 'toast', message: t('rent.remarked') }, 'success');
            setRemarking(null);
            setReloadKey((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
