import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { notify } from '../../services/notify';
import { BatchBar, ListTable, ListToolbar, listRequest, SearchForm, useListController, type ListController, type Resource, type Row } from '../../crud';
import { formatMoney } from '../../lib/format';
import '../inventory/parts/parts.css';

interface Totals {
  count: number;
  amount: number;
  fee: number;
  income: number;
  unsettledCount: number;
  unsettledIncome: number;
}

/** The sums of the lines matching the list's applied filters (`<entity>.totals`), above the table. */
function TotalsBar({ ctl, entity, amountKey, feeKey }: { ctl: ListController; entity: 'merchantIncome' | 'rentalIncome'; amountKey: string; feeKey: string }) {
  const { t, i18n } = useTranslation();
  const { pageNum: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = listRequest(ctl.state);
  // Keyed by the applied filters; the last sums stay while the next load. A settle drops them (its mutation).
  const totals = useQuery({
    ...readQuery(entity, 'totals', filters, ({ signal }) => api[entity].totals(filters, { signal, ignoreCancel: true }) as Promise<Totals>),
    placeholderData: keepPreviousData,
  }).data;
  if (!totals) return null;
  const m = (c: number) => formatMoney(c, i18n.language);
  return (
    <div className="inv-totals crud-card" data-testid="income-totals">
      <div className="inv-totals__item"><small>{t('financial.totals.count')}</small><b>{totals.count}</b></div>
      <div className="inv-totals__item"><small>{t(`resources.${entity}.fields.${amountKey}`)}</small><b>{m(totals.amount)}</b></div>
      <div className="inv-totals__item"><small>{t(`resources.${entity}.fields.${feeKey}`)}</small><b>{m(totals.fee)}</b></div>
      <div className="inv-totals__item"><small>{t(`resources.${entity}.fields.income`)}</small><b data-testid="income-total">{m(totals.income)}</b></div>
      <div className="inv-totals__item"><small>{t('financial.totals.unsettled')}</small><b data-testid="income-unsettled">{t('financial.totals.unsettledValue', { count: totals.unsettledCount, sum: m(totals.unsettledIncome) })}</b></div>
    </div>
  );
}

/**
 * An income screen (spec §2 /financial/merchantIncome, /financial/rantalIncome), composed from the
 * kit's list parts: the totals of the applied filter above the table, rows selectable although
 * income lines cannot be deleted, and batch settle of the selection with a confirm dialog that
 * states the count and the sum (all or none on the server; a settled line refuses the batch).
 */
export function IncomePage({ resource, entity, amountKey, feeKey }: { resource: Resource; entity: 'merchantIncome' | 'rentalIncome'; amountKey: string; feeKey: string }) {
  const { t, i18n } = useTranslation();
  const ctl = useListController(resource);
  const canSettle = ctl.can('update');
  // The lines and the totals are reads of the entity: a settle drops both.
  const settleMany = useMutation({
    mutationKey: [entity, 'settle'],
    // The typed client's write drops the entity's reads (lines and totals).
    mutationFn: (ids: number[]) => api[entity].settle({ ids }),
  });

  const settle = (rows: Row[]) => {
    const sum = rows.reduce((s, r) => s + (r.income as number), 0);
    confirmDialog({
      header: t('financial.settle.title'),
      message: t('financial.settle.message', { count: rows.length, sum: formatMoney(sum, i18n.language) }),
      icon: 'pi pi-wallet',
      acceptLabel: t('financial.settle.confirm'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          const r = await settleMany.mutateAsync(rows.map((x) => x.id as number));
          notify({ mode: 'toast', message: t('financial.settle.done', { count: r.count, sum: formatMoney(sum, i18n.language) }) }, 'success');
        } catch {
          // Shown by the HTTP client; nothing changed.
        }
      },
    });
  };

  return (
    <div className="crud-page" data-testid={`crud-${entity}`}>
      <TotalsBar ctl={ctl} entity={entity} amountKey={amountKey} feeKey={feeKey} />
      <SearchForm ctl={ctl} />
      <section className="crud-card">
        <ListToolbar ctl={ctl} />
        <BatchBar ctl={ctl}>
          {canSettle && (
            <Button
              label={t('financial.settle.button', { count: ctl.selection.length })}
              icon="pi pi-check"
              size="small"
              disabled={ctl.selection.some((r) => r.status !== 0)}
              tooltip={ctl.selection.some((r) => r.status !== 0) ? t('financial.settle.onlyUnsettled') : undefined}
              onClick={() => settle(ctl.selection)}
              data-testid="income-settle"
            />
          )}
        </BatchBar>
        <ListTable ctl={ctl} selectable={canSettle} />
      </section>
    </div>
  );
}
