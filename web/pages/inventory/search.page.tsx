import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { api } from '../../api/client';
import { CellValue, enumLabel, fieldSpec, FilterBar, useRefOptions, Watermark, type FilterField } from '../../crud';
import cardResource from '../../resources/inventory/card.resource';
import './parts/parts.css';

type Row = Record<string, unknown>;
type By = 'code' | 'account' | 'goods';
const BYS: By[] = ['code', 'account', 'goods'];
interface Hit extends Row {
  kind: 'card' | 'cardAccount' | 'stock';
  orderNo?: string;
  memberId?: number;
}
/** What to look in and the text, as the filter bar holds them (no text: nothing to search). */
interface Asked extends Row {
  by: By;
  q?: string;
}
/** A search as submitted: what to look in, the text, and the page (`first` row, `rows` per page). */
interface Query extends Asked {
  q: string;
  first: number;
  rows: number;
}

/** Spec §9 page sizes. */
const PAGE_SIZES = [10, 20, 50, 100];

/** `?by=code&q=…` (the search palette opens a code here): the search the URL asks for, if any. */
function queryOfUrl(search: string): Query | null {
  const p = new URLSearchParams(search);
  const by = p.get('by') as By;
  const q = p.get('q')?.trim();
  return q ? { by: BYS.includes(by) ? by : 'code', q, first: 0, rows: PAGE_SIZES[0] } : null;
}

/** One page of hits of a search and the total of all its hits (every hit is reachable, the total is shown). */
async function findPage(query: Query, signal: AbortSignal): Promise<{ hits: Hit[]; total: number }> {
  const opts = { signal, ignoreCancel: true };
  const payload = { keyword: query.q, pageNum: Math.floor(query.first / query.rows) + 1, pageSize: query.rows };
  if (query.by === 'goods') {
    const p = await api.stock.list(payload, opts);
    return { hits: p.list.map((r) => ({ ...(r as Row), kind: 'stock' as const })), total: p.total };
  }
  const p = query.by === 'code' ? await api.card.list(payload, opts) : await api.cardAccount.list(payload, opts);
  const kind = query.by === 'code' ? ('card' as const) : ('cardAccount' as const);
  const found: Hit[] = p.list.map((r) => ({ ...(r as Row), kind }));
  // Who bought it: the order's number and member (the orders of this page only).
  const orderIds = [...new Set(found.map((h) => h.orderId).filter((x): x is number => typeof x === 'number'))];
  const orders = await Promise.all(orderIds.map((id) => api.order.info({ id }, { ...opts, errorMode: 'none' }).catch(() => null)));
  const byId = new Map(orders.filter((o) => !!o).map((o) => [o!.id, o!]));
  const hits = found.map((h) => {
    const o = typeof h.orderId === 'number' ? byId.get(h.orderId) : undefined;
    return o ? { ...h, orderNo: String(o.orderNo), memberId: o.memberId } : h;
  });
  return { hits, total: p.total };
}

/**
 * /inventory/search (spec §2): a lookup by code, account or goods that shows where each item stands:
 * in stock, locked, sold (to which order and member), void or expired; for goods, its stock line.
 * A page of its own (not a declared list): one box searching three kinds of record, paged through
 * every hit with its total (no silent cut at 50). `?by=code&q=…` in the URL runs that
 * search (the search palette opens codes here).
 */
export default function InventorySearchPage() {
  const { t, i18n } = useTranslation();
  const search = useSearch();
  const [query, setQuery] = useState<Query | null>(() => queryOfUrl(search));

  // A later palette hit while this tab is open: the URL changes, the search (and the bar showing it) follows it.
  useEffect(() => {
    const q = queryOfUrl(search);
    if (q) setQuery(q);
  }, [search]);

  // One page of hits per query (kind, text, page), keyed under the searched entity so a write to it
  // (a void, an import) drops the answer; the previous page stays while the next loads.
  const answer = useQuery({
    queryKey: [query?.by === 'goods' ? 'stock' : query?.by === 'account' ? 'cardAccount' : 'card', 'search', query],
    queryFn: ({ signal }) => findPage(query!, signal),
    enabled: !!query,
    placeholderData: keepPreviousData,
  });
  const result = answer.data ?? (answer.isError ? { hits: [], total: 0 } : null);
  const busy = answer.isFetching;

  const run = ({ by, q }: Asked) => {
    if (q) setQuery({ by, q, first: 0, rows: query?.rows ?? PAGE_SIZES[0] });
  };
  const hint = (v: Row) => t(`inventory.search.placeholder.${String(v.by)}`);
  const filters: FilterField[] = [
    { name: 'by', render: (p) => <SelectButton value={p.value} onChange={(e) => e.value && p.onChange(e.value)} options={BYS.map((v) => ({ value: v, label: t(`inventory.search.by.${v}`) }))} data-testid="search-by" /> },
    { name: 'q', label: hint, placeholder: hint, width: 280 },
  ];
  const onPage = (e: DataTablePageEvent) => query && setQuery({ ...query, first: e.first, rows: e.rows });
  const hits = result?.hits ?? null;

  const where = (h: Hit) => {
    if (h.kind === 'stock') return enumLabel('stockStatus', h.stockStatus, i18n.language);
    const status = enumLabel('cardStatus', h.status, i18n.language);
    if (h.orderNo) return t('inventory.search.heldBy', { status, orderNo: h.orderNo, memberId: h.memberId });
    return status;
  };
  const goodsSpec = fieldSpec(cardResource, 'goodsId');
  const goods = useRefOptions(goodsSpec);

  return (
    <div className="crud-page" data-testid="inventory-search">
      <Watermark />
      <FilterBar<Asked> fields={filters} values={{ by: query?.by ?? 'code', q: query?.q ?? '' }} onSubmit={run} busy={busy} testIds={{ root: 'search-form', submit: 'search-submit' }} />
      <section className="crud-card">
        {result && query && (
          <p className="inv-search-total" style={{ margin: '0 0 0.5rem' }} data-testid="search-total" data-total={result.total}>
            {t('inventory.search.total', { count: result.total })}
          </p>
        )}
        <DataTable
          key={i18n.language}
          value={hits ?? []}
          dataKey="id"
          size="small"
          lazy
          paginator={!!result && result.total > 0}
          first={query?.first ?? 0}
          rows={query?.rows ?? PAGE_SIZES[0]}
          totalRecords={result?.total ?? 0}
          rowsPerPageOptions={PAGE_SIZES}
          onPage={onPage}
          loading={busy}
          emptyMessage={hits ? t('crud.empty') : t('inventory.search.start')}
          data-testid="search-results"
        >
          <Column header={t('inventory.search.kind')} body={(h: Hit) => t(`resources.${h.kind}.title`)} />
          <Column header={t('resources.card.fields.goodsId')} body={(h: Hit) => (h.kind === 'stock' ? String(h.goodsName) : <CellValue spec={goodsSpec} row={h} refs={goods} />)} />
          <Column header={t('inventory.search.item')} body={(h: Hit) => String(h.cardNo ?? h.account ?? t('inventory.search.stockLine', { available: h.availableQty, locked: h.lockedQty, sold: h.soldQty }))} />
          <Column header={t('inventory.search.where')} body={where} />
          <Column header={t('resources.card.fields.soldTime')} body={(h: Hit) => String(h.soldTime ?? '')} />
        </DataTable>
      </section>
    </div>
  );
}
