import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { Timeline } from 'primereact/timeline';
import { api } from '../../api/client';
import { afterWrite, readQuery } from '../../api/query';
import { AuditHistory, CellValue, enumLabel, DescList, DetailSection, DetailView, RecordChangedNotice, RecordLink, SubList, useCanOpen, useRecordChange, useRecordId, useRecordTitle, Watermark } from '../../crud';
import { moneyText } from '../../lib/format';
import { fieldSpec } from '../../crud/schema';
import orderItem from '../../resources/order/order-item.resource';
import refund from '../../resources/order/refund.resource';
import card from '../../resources/inventory/card.resource';
import cardAccount from '../../resources/inventory/card-account.resource';
import { ORDER_ID_KEY, useOrderActions } from './order-actions';
import './order.css';

type Row = Record<string, unknown>;
interface Detail {
  order: Row;
  items: Row[];
  refunds: Row[];
  payments: Row[];
}
interface Code {
  itemId: number;
  goodsName: string;
  kind: 'card' | 'account';
  id: number;
  cardNo: string;
  secret: string;
  /** Shown in clear (row state: table cells re-render only when their row changes). */
  open?: boolean;
}

/** Money as the order list's cells show it (`¥1,213.00`). */
const money = (v: unknown) => (typeof v === 'number' ? moneyText(v) : '');

/**
 * /order/detail (spec §2, hidden): the order its tab names (`?id=`, each order in a tab of its own
 * titled with its number; its id kept under the stored key `orderId` too, so a bare route opens it), its items, payments, delivered codes or accounts (secrets
 * revealed only through the audited extract, then hidden again until shown row by row), refunds and
 * the activity timeline; the action bar with the list's actions plus extract (CDK) and remark.
 */
export default function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = useRecordId(ORDER_ID_KEY);
  const canOpen = useCanOpen();
  const [codes, setCodes] = useState<Code[] | null>(null);
  // Keyed by the order: another order shows the busy card until its own detail comes.
  const q = useQuery({
    ...readQuery('order', 'detail', { id }, ({ signal }) => api.order.detail({ id: id! }, { signal, ignoreCancel: true }) as Promise<unknown> as Promise<Detail>),
    enabled: id !== null,
  });
  // undefined while loading; null without an order or when it cannot be read.
  const detail: Detail | null | undefined = id === null || q.isError ? null : q.data;
  // After an action: the order's reads (this detail, the list kept in its tab) load again.
  const reload = useCallback(() => void afterWrite('order'), []);
  const actions = useOrderActions(reload, (c) => setCodes(c as unknown as Code[]));
  // Someone else changing the order while it is open: said with who and when, and a reload.
  const live = useRecordChange('order', id);
  const orderNo = detail ? String(detail.order.orderNo) : null;
  useRecordTitle(orderNo ? { key: 'order.detailTitle', values: { orderNo } } : null);

  const timeline = useMemo(() => {
    if (!detail) return [];
    const o = detail.order;
    const ev: { time: string; title: string; note?: string; icon: string }[] = [];
    const add = (time: unknown, key: string, icon: string, note?: string) => typeof time === 'string' && ev.push({ time, title: t(key.includes('.') ? `order.${key}` : `order.timeline.${key}`), icon, note });
    add(o.createTime, 'placed', 'pi pi-shopping-cart');
    add(o.payTime, 'paid', 'pi pi-credit-card', o.payType ? enumLabel('payType', o.payType, lang) : undefined);
    add(o.deliveryTime, 'delivered', 'pi pi-send');
    add(o.completeTime, 'completed', 'pi pi-check-circle');
    for (const r of detail.refunds) {
      add(r.createTime, 'refundAsked', 'pi pi-wallet', `${money(r.amount)} ${String(r.reason)}`);
      if (r.auditTime) add(r.auditTime, r.status === 2 ? 'refundRejected' : 'refundApproved', r.status === 2 ? 'pi pi-times' : 'pi pi-check', String(r.auditRemark ?? ''));
    }
    for (const a of (o.activity as Row[] | undefined) ?? []) add(a.time, `actions.${String(a.action)}`, 'pi pi-user-edit', `${String(a.actor)}${a.note ? ` · ${String(a.note)}` : ''}`);
    // Oldest first; an operator's action is listed after the event of the same second it caused.
    return ev.sort((a, b) => a.time.localeCompare(b.time));
  }, [detail, t, lang]);

  if (detail === undefined) return <div className="crud-card" aria-busy="true" />;
  if (detail === null) {
    return (
      <div className="crud-card crud-empty" data-testid="order-detail-none">
        <i className="pi pi-inbox" />
        {t('order.noOrder')}
        <Link href="/order/index">{t('order.backToList')}</Link>
      </div>
    );
  }
  const o = detail.order;
  const itemSpecs = orderItem.columns.map((c) => fieldSpec(orderItem, c));
  const refundSpecs = ['refundNo', 'amount', 'refundType', 'reason', 'status', 'auditRemark', 'createTime'].map((c) => fieldSpec(refund, c));
  const delivered = detail.items.reduce((n, it) => n + ((it.cardIds as number[]).length + (it.cardAccountIds as number[]).length), 0);
  const codeItems = detail.items.filter((it) => (it.cardIds as number[]).length + (it.cardAccountIds as number[]).length > 0);
  const f = (k: string) => t(`order.fields.${k}`);

  return (
    <DetailView
      testId="order-detail-view"
      title={t('order.detailTitle', { orderNo: o.orderNo })}
      tag={<Tag value={enumLabel('orderStatus', o.status, lang)} data-testid="order-status" data-value={String(o.status)} />}
      actions={actions.buttons(o, { detail: true })}
    >
      {/* The detail shows the member's phone and the delivered codes. */}
      <Watermark />
      <RecordChangedNotice
        change={live.change}
        busy={q.isFetching}
        onReload={() => {
          live.clear();
          void q.refetch();
        }}
      />
      <div className="order-grid">
        <div className="part-detail">
          <DetailSection title={t('order.sections.order')} testId="order-info">
            <DescList
              items={[
                {
                  label: f('memberNickName'),
                  value: (
                    <span data-testid="order-member">
                      <RecordLink entity="member" id={o.memberId}>{String(o.memberNickName)}</RecordLink> (#{String(o.memberId)})
                    </span>
                  ),
                },
                { label: f('contactPhone'), value: String(o.contactPhone ?? '') },
                { label: f('totalAmount'), value: money(o.totalAmount) },
                { label: f('discountAmount'), value: money(o.discountAmount) },
                { label: f('payAmount'), value: <b>{money(o.payAmount)}</b> },
                { label: f('payType'), value: o.payType ? enumLabel('payType', o.payType, lang) : '—' },
                { label: f('createTime'), value: String(o.createTime) },
                { label: f('payTime'), value: String(o.payTime ?? '—') },
                { label: f('deliveryTime'), value: String(o.deliveryTime ?? '—') },
                { label: f('completeTime'), value: String(o.completeTime ?? '—') },
                { label: f('riskLevel'), value: `${enumLabel('riskLevel', o.riskLevel, lang)}${o.riskRemark ? ` · ${String(o.riskRemark)}` : ''}` },
                { label: f('buyerRemark'), value: String(o.buyerRemark || '—') },
                { label: f('remark'), value: <span data-testid="order-remark">{String(o.remark || '—')}</span>, wide: true },
              ]}
            />
          </DetailSection>
          <DetailSection title={t('order.sections.items')} testId="order-items">
            <DataTable value={detail.items} dataKey="id" size="small" stripedRows>
              {itemSpecs.map((s) => (
                <Column key={s.name} header={t([`resources.orderItem.fields.${s.name}`, `order.fields.${s.name}`])} body={(r: Row) => <CellValue spec={s} row={r} />} />
              ))}
              <Column header={t('order.fields.deliveredCount')} body={(r: Row) => (r.cardIds as number[]).length + (r.cardAccountIds as number[]).length || '—'} />
            </DataTable>
          </DetailSection>
          <DetailSection
            title={t('order.sections.codes')}
            testId="order-codes"
            extra={
              actions.canUpdate && codeItems.length > 0 && (
                <Button label={t('order.reveal')} icon="pi pi-eye" size="small" severity="help" outlined onClick={() => actions.extractItem(o, codeItems)} data-testid="order-codes-reveal" />
              )
            }
          >
            <p className="part-hint">{delivered ? t('order.codesHidden', { count: delivered }) : t('order.noCodes')}</p>
            {/* What was delivered, each code or account a link to its record (secrets stay behind the extract). */}
            {detail.items.some((it) => (it.cardIds as number[]).length) && canOpen('/inventory/cardManage') && (
              <SubList resource={card} filter={{ orderId: o.id }} columns={['cardNo', 'goodsId', 'batchNo', 'status', 'soldTime']} testId="order-cards" />
            )}
            {detail.items.some((it) => (it.cardAccountIds as number[]).length) && canOpen('/inventory/cardAccount') && (
              <SubList resource={cardAccount} filter={{ orderId: o.id }} columns={['account', 'goodsId', 'region', 'status', 'soldTime']} testId="order-accounts" />
            )}
          </DetailSection>
          <DetailSection title={t('order.sections.payments')} testId="order-payments">
            <DataTable value={detail.payments} size="small" stripedRows emptyMessage={t('crud.empty')}>
              <Column header={t('order.fields.paymentKind')} body={(r: Row) => t(`order.paymentKind.${String(r.kind)}`)} />
              <Column header={t('order.fields.channel')} body={(r: Row) => enumLabel('payType', r.channel, lang)} />
              <Column header={t('order.fields.amount')} body={(r: Row) => money(r.amount)} />
              <Column header={t('order.fields.tradeNo')} field="tradeNo" />
              <Column header={t('order.fields.time')} field="time" />
            </DataTable>
          </DetailSection>
          <DetailSection title={t('order.sections.refunds')} testId="order-refunds">
            <DataTable value={detail.refunds} size="small" stripedRows emptyMessage={t('crud.empty')}>
              {refundSpecs.map((s) => (
                <Column key={s.name} header={t([`resources.refund.fields.${s.name}`, `crud.fields.${s.name}`])} body={(r: Row) => <CellValue spec={s} row={r} />} />
              ))}
            </DataTable>
          </DetailSection>
        </div>
        <DetailSection title={t('order.sections.timeline')} testId="order-timeline">
          <Timeline
            className="order-timeline"
            value={timeline}
            opposite={(e: { time: string }) => e.time}
            content={(e: { title: string; note?: string }) => (
              <span>
                {e.title}
                {e.note && <small>{e.note}</small>}
              </span>
            )}
          />
        </DetailSection>
      </div>
      {actions.dialogs}
      <AuditHistory entity="order" id={id} />
      <Dialog visible={!!codes} onHide={() => setCodes(null)} header={t('order.cdkTitle')} style={{ width: 'min(760px, 94vw)' }} modal draggable={false} data-testid="cdk-dialog">
        <p className="part-hint">{t('order.cdkHint')}</p>
        <DataTable value={codes ?? []} dataKey={undefined} size="small" stripedRows className="order-codes" emptyMessage={t('order.noCodes')}>
          <Column header={t('order.fields.goodsName')} field="goodsName" />
          <Column header={t('order.fields.codeKind')} body={(c: Code) => t(`order.codeKind.${c.kind}`)} />
          <Column header={t('order.fields.cardNo')} body={(c: Code) => <span className="part-secret">{c.cardNo}</span>} />
          <Column
            header={t('order.fields.secret')}
            body={(c: Code) => {
              const open = !!c.open;
              return (
                <span className="crud-row-actions">
                  <span className="part-secret" data-testid="cdk-secret">{open ? c.secret : '••••••••'}</span>
                  <Button
                    icon={open ? 'pi pi-eye-slash' : 'pi pi-eye'}
                    text
                    rounded
                    size="small"
                    aria-label={t(open ? 'order.hide' : 'order.show')}
                    onClick={() => setCodes((all) => all && all.map((x) => (x.kind === c.kind && x.id === c.id ? { ...x, open: !open } : x)))}
                    data-testid="cdk-toggle"
                  />
                </span>
              );
            }}
          />
        </DataTable>
      </Dialog>
    </DetailView>
  );
}
