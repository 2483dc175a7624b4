import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { notify } from '../../services/notify';
import { api } from '../../api/client';
import { ActionDialog, ResourceListPage } from '../../crud';
import stock from '../../resources/inventory/stock.resource';
import './parts/parts.css';

type Row = Record<string, unknown>;

/** The unsold quantity, coloured by the warning level (low: at or under the line; out: none). */
function Available({ row }: { row: Row }) {
  const cls = row.stockStatus === 3 ? 'inv-stock--out' : row.stockStatus === 2 ? 'inv-stock--low' : '';
  return <span className={cls} data-testid="stock-available">{String(row.availableQty)}</span>;
}
const resource = { ...stock, fields: { ...stock.fields, availableQty: { cell: (row: Row) => <Available row={row} /> } } };

/**
 * /inventory/manage (spec §2): stock per goods with the warning level highlighted; the quantities
 * move only through the adjust action with a reason (void unsold items, or return voided ones),
 * written to the audit trail. Beyond the declaration: the highlighted cell and the adjust dialog
 * (the kit's action dialog over `api.stock.adjust` and its contract payload; a change of 0 is refused).
 */
export default function InventoryManagePage() {
  const { t } = useTranslation();
  const [adjusting, setAdjusting] = useState<{ row: Row; reload: () => void } | null>(null);
  return (
    <>
      <ResourceListPage
        resource={resource}
        rowActions={(row, ctx) => ctx.can('update') && <Button label={t('inventory.adjust.button')} link size="small" onClick={() => setAdjusting({ row, reload: ctx.reload })} data-testid="stock-adjust" />}
      />
      <ActionDialog
        visible={!!adjusting}
        onHide={() => setAdjusting(null)}
        title={t('inventory.adjust.title', { name: String(adjusting?.row.goodsName ?? '') })}
        action={api.stock.adjust}
        fixed={{ goodsId: adjusting?.row.goodsId }}
        fields={[
          { name: 'delta', label: t('inventory.adjust.delta'), hint: t('inventory.adjust.deltaHint'), check: (v) => (v === 0 ? 'inventory.adjust.deltaRequired' : null) },
          { name: 'reason', label: t('inventory.reason') },
        ]}
        submitLabel={t('crud.save')}
        width={480}
        testIds={{ root: 'stock-adjust-dialog', submit: 'stock-adjust-save' }}
        onDone={(r) => {
          notify({ mode: 'toast', message: t('inventory.adjust.done', { count: (r as { count: number }).count }) }, 'success');
          adjusting?.reload();
          setAdjusting(null);
        }}
      >
        {adjusting && <p>{t('inventory.adjust.current', { available: adjusting.row.availableQty, total: adjusting.row.totalQty })}</p>}
      </ActionDialog>
    </>
  );
}
