import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { http } from '../../api/http';
import { notify } from '../../services/notify';
import { inventoryActions } from '../../../server/contract/inventory';
import { ResourceListPage } from '../../crud';
import stock from '../../resources/inventory/stock.resource';
import './parts/parts.css';

type Row = Record<string, unknown>;
const ADJUST = inventoryActions.find((a) => a.name === 'stock.adjust')!.path;

/** The unsold quantity, coloured by the warning level (low: at or under the line; out: none). */
function Available({ row }: { row: Row }) {
  const cls = row.stockStatus === 3 ? 'inv-stock--out' : row.stockStatus === 2 ? 'inv-stock--low' : '';
  return <span className={cls} data-testid="stock-available">{String(row.availableQty)}</span>;
}
const resource = { ...stock, fields: { ...stock.fields, availableQty: { cell: (row: Row) => <Available row={row} /> } } };

/**
 * /inventory/manage (spec §2): stock per goods with the warning level highlighted; the quantities
 * move only through the adjust action with a reason (void unsold items, or return voided ones),
 * written to the audit trail. Beyond the declaration: the highlighted cell and the adjust dialog.
 */
export default function InventoryManagePage() {
  const { t } = useTranslation();
  const [adjusting, setAdjusting] = useState<{ row: Row; reload: () => void } | null>(null);
  const [delta, setDelta] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: boolean; reason?: boolean }>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const e = { delta: !delta, reason: !reason.trim() };
    setErrors(e);
    if (e.delta || e.reason || !adjusting) return;
    setBusy(true);
    try {
      const r = await http.post<{ count: number }>(ADJUST, { goodsId: adjusting.row.goodsId, delta, reason: reason.trim() });
      notify({ mode: 'toast', message: t('inventory.adjust.done', { count: r.count }) }, 'success');
      adjusting.reload();
      setAdjusting(null);
    } catch {
      // Shown by the HTTP client; nothing changed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ResourceListPage
        resource={resource}
        rowActions={(row, ctx) =>
          ctx.can('update') && (
            <Button label={t('inventory.adjust.button')} link size="small" onClick={() => { setDelta(null); setReason(''); setErrors({}); setAdjusting({ row, reload: ctx.reload }); }} data-testid="stock-adjust" />
          )
        }
      />
      <Dialog
        visible={!!adjusting}
        onHide={() => setAdjusting(null)}
        header={t('inventory.adjust.title', { name: String(adjusting?.row.goodsName ?? '') })}
        style={{ width: 'min(480px, 94vw)' }}
        modal
        draggable={false}
        data-testid="stock-adjust-dialog"
        footer={
          <div className="crud-form__footer">
            <Button label={t('crud.cancel')} severity="secondary" outlined onClick={() => setAdjusting(null)} />
            <Button label={t('crud.save')} loading={busy} disabled={busy} onClick={() => void save()} data-testid="stock-adjust-save" />
          </div>
        }
      >
        {adjusting && (
          <div className="crud-form">
            <p>{t('inventory.adjust.current', { available: adjusting.row.availableQty, total: adjusting.row.totalQty })}</p>
            <div className="crud-form__field">
              <label htmlFor="adjust-delta"><span className="crud-required">*</span>{t('inventory.adjust.delta')}</label>
              <InputNumber inputId="adjust-delta" value={delta} onValueChange={(e) => setDelta(e.value ?? null)} min={-100000} max={100000} showButtons className={errors.delta ? 'p-invalid' : undefined} />
              <small>{t('inventory.adjust.deltaHint')}</small>
              {errors.delta && <small className="p-error">{t('inventory.adjust.deltaRequired')}</small>}
            </div>
            <div className="crud-form__field">
              <label htmlFor="adjust-reason"><span className="crud-required">*</span>{t('inventory.reason')}</label>
              <InputText id="adjust-reason" value={reason} maxLength={255} onChange={(e) => setReason(e.target.value)} className={errors.reason ? 'p-invalid' : undefined} />
              {errors.reason && <small className="p-error">{t('inventory.reasonRequired')}</small>}
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
