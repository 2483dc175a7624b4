import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmDialog } from 'primereact/confirmdialog';
import { http } from '../../api/http';
import { notify } from '../../app/notify';
import { financialActions } from '../../../server/contract/financial';
import { useSearch } from 'wouter';
import { listRequest, parseListQuery, ResourceListPage, type Resource } from '../../crud';
import { formatMoney } from '../../lib/format';
import '../inventory/parts/parts.css';

type Row = Record<string, unknown>;
const path = (name: string) => financialActions.find((a) => a.name === name)!.path;

interface Totals {
  count: number;
  amount: number;
  fee: number;
  income: number;
  unsettledCount: number;
  unsettledIncome: number;
}

/**
 * Rows picked for settling, as a tiny external store: the kit's table shows a selection column only
 * for deletable entities, and income lines cannot be deleted. Each checkbox cell subscribes itself,
 * so a pick redraws that cell without the table. Written to give way to the kit's batch selection.
 */
function pickStore() {
  let picked = new Map<number, Row>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    snapshot: () => picked,
    toggle(row: Row) {
      picked = new Map(picked);
      if (picked.has(row.id as number)) picked.delete(row.id as number);
      else picked.set(row.id as number, row);
      emit();
    },
    clear() {
      picked = new Map();
      emit();
    },
  };
}
type Picks = ReturnType<typeof pickStore>;

function PickCell({ row, picks }: { row: Row; picks: Picks }) {
  const { t } = useTranslation();
  const picked = useSyncExternalStore(picks.subscribe, picks.snapshot);
  if (row.status !== 0) return <span>{String(row.id)}</span>;
  return (
    <span className="inv-pick">
      <Checkbox inputId={`pick-${String(row.id)}`} checked={picked.has(row.id as number)} onChange={() => picks.toggle(row)} aria-label={t('financial.pick', { id: row.id })} data-testid="income-pick" />
      <label htmlFor={`pick-${String(row.id)}`} style={{ marginLeft: 6 }}>{String(row.id)}</label>
    </span>
  );
}

/** The sums of the lines matching the list's current filter, above the table. */
function TotalsBar({ resource, entity, amountKey, feeKey, tick }: { resource: Resource; entity: string; amountKey: string; feeKey: string; tick: number }) {
  const { t, i18n } = useTranslation();
  const [totals, setTotals] = useState<Totals | null>(null);
  // The list keeps its filters in the URL query: read them the same way it does.
  const state = parseListQuery(useSearch(), resource.entity, resource.filters ?? []);
  const { pageNum: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = listRequest(state);
  const key = JSON.stringify(filters);
  useEffect(() => {
    let live = true;
    http.post<Totals>(path(`${entity}.totals`), JSON.parse(key)).then((r) => live && setTotals(r), () => {});
    return () => {
      live = false;
    };
  }, [key, entity, tick]);
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
 * An income screen (spec §2 /financial/merchantIncome, /financial/rantalIncome): the declared list,
 * the totals of the current filter above the table, and batch settle of the picked unsettled lines
 * with a confirm dialog that states their count and sum (all or none on the server).
 */
export function IncomePage({ resource, entity, amountKey, feeKey }: { resource: Resource; entity: 'merchantIncome' | 'rentalIncome'; amountKey: string; feeKey: string }) {
  const { t, i18n } = useTranslation();
  const picks = useMemo(pickStore, []);
  const picked = useSyncExternalStore(picks.subscribe, picks.snapshot);
  const [tick, setTick] = useState(0);
  const withPicks = useMemo(() => ({ ...resource, fields: { ...resource.fields, id: { width: 100, cell: (row: Row) => <PickCell row={row} picks={picks} /> } } }), [resource, picks]);

  const settle = (reload: () => void) => {
    const rows = [...picked.values()];
    const sum = rows.reduce((s, r) => s + (r.income as number), 0);
    confirmDialog({
      header: t('financial.settle.title'),
      message: t('financial.settle.message', { count: rows.length, sum: formatMoney(sum, i18n.language) }),
      icon: 'pi pi-wallet',
      acceptLabel: t('financial.settle.confirm'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          const r = await http.post<{ count: number }>(path(`${entity}.settle`), { ids: rows.map((x) => x.id) });
          notify({ mode: 'toast', message: t('financial.settle.done', { count: r.count, sum: formatMoney(sum, i18n.language) }) }, 'success');
          picks.clear();
          setTick((n) => n + 1);
          reload();
        } catch {
          // Shown by the HTTP client; nothing changed.
        }
      },
    });
  };

  return (
    <>
      <TotalsBar resource={resource} entity={entity} amountKey={amountKey} feeKey={feeKey} tick={tick} />
      <ResourceListPage
      resource={withPicks}
      reloadKey={tick}
      toolbar={(ctx) => (
        <>
          <Button label={t('financial.settle.button', { count: picked.size })} icon="pi pi-check" size="small" disabled={!picked.size} onClick={() => settle(ctx.reload)} data-testid="income-settle" />
        </>
      )}
      />
    </>
  );
}
