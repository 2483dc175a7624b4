import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { http } from '../../api/http';
import { card, cardAccount, stock } from '../../../server/contract/inventory';
import { callOp, CellValue, enumLabel, fieldSpec, useRefOptions, type Page } from '../../crud';
import cardResource from '../../resources/inventory/card.resource';
import './parts/parts.css';

type Row = Record<string, unknown>;
type By = 'code' | 'account' | 'goods';
interface Hit extends Row {
  kind: 'card' | 'cardAccount' | 'stock';
  orderNo?: string;
  memberId?: number;
}

/**
 * /inventory/search (spec §2): a lookup by code, account or goods that shows where each item stands:
 * in stock, locked, sold (to which order and member), void or expired; for goods, its stock line.
 * A page of its own (not a declared list): one box searching three kinds of record.
 */
export default function InventorySearchPage() {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<By>('code');
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const q = text.trim();
    if (!q) return;
    setBusy(true);
    try {
      let found: Hit[];
      if (by === 'goods') {
        const p = await callOp<Page<Row>>(stock, 'list', { keyword: q, pageSize: 50 });
        found = p.list.map((r) => ({ ...r, kind: 'stock' as const }));
      } else {
        const entity = by === 'code' ? card : cardAccount;
        const p = await callOp<Page<Row>>(entity, 'list', { keyword: q, pageSize: 50 });
        found = p.list.map((r) => ({ ...r, kind: by === 'code' ? ('card' as const) : ('cardAccount' as const) }));
        // Who bought it: the order's number and member (a few orders per search).
        const orderIds = [...new Set(found.map((h) => h.orderId).filter((x): x is number => typeof x === 'number'))].slice(0, 20);
        const orders = await Promise.all(orderIds.map((id) => http.post<Row>('/v1/order/info', { id }, { errorMode: 'none' }).catch(() => null)));
        const byId = new Map(orders.filter((o): o is Row => !!o).map((o) => [o.id as number, o]));
        found = found.map((h) => {
          const o = typeof h.orderId === 'number' ? byId.get(h.orderId) : undefined;
          return o ? { ...h, orderNo: String(o.orderNo), memberId: o.memberId as number } : h;
        });
      }
      setHits(found);
    } catch {
      setHits([]);
    } finally {
      setBusy(false);
    }
  };

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
      <form
        className="crud-card inv-search"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <SelectButton value={by} onChange={(e) => e.value && setBy(e.value as By)} options={(['code', 'account', 'goods'] as By[]).map((v) => ({ value: v, label: t(`inventory.search.by.${v}`) }))} data-testid="search-by" />
        <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder={t(`inventory.search.placeholder.${by}`)} aria-label={t(`inventory.search.placeholder.${by}`)} style={{ minWidth: 280 }} data-testid="search-text" />
        <Button type="submit" label={t('crud.search')} icon="pi pi-search" loading={busy} data-testid="search-submit" />
      </form>
      <section className="crud-card">
        <DataTable key={i18n.language} value={hits ?? []} dataKey="id" size="small" emptyMessage={hits ? t('crud.empty') : t('inventory.search.start')} data-testid="search-results">
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
