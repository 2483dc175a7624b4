import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { api, apiQuery } from '../../api/client';
import { FieldInput, schemaFieldSpec, type InputProps, type Row } from '../../crud';
import { refundAmountOf, refundedUnits, type RefundLineValue } from '../../../server/contract/order';
import { moneyText } from '../../lib/format';

/** Item delivery status of a line whose codes were revealed (contract `itemDeliveryStatus`). */
const EXTRACTED = 2;

/** A line of the order as the refund dialog offers it: how many units are left to refund, and why none can be when so. */
export interface RefundableLine {
  item: Row;
  /** Units not yet covered by a refund pending or made. */
  left: number;
  /** Why the line cannot be refunded (translated), or null. */
  refused: string | null;
  /** Shown beside a line that may still be refused by the server (its codes were extracted, rule unknown). */
  warning: string | null;
}

/**
 * The lines of an order with what is left to refund of each (spec §2 refund modal; contract
 * `refundedUnits`): a line is refused when every unit is already in a refund, or when its codes
 * were extracted and the order's refund rule (`detail.refundSetting.requireUndelivered`) refuses
 * extracted codes, named by the rule. Without a rule in the answer an extracted line stays
 * selectable with a warning (the server decides).
 */
export function refundableLines(detail: { items: Row[]; refunds: Row[]; refundSetting?: Row }, t: TFunction): RefundableLine[] {
  const done = refundedUnits(detail.refunds);
  const setting = detail.refundSetting;
  return detail.items.map((item) => {
    const left = Math.max(0, Number(item.quantity) - (done.get(Number(item.id)) ?? 0));
    const extracted = item.deliveryStatus === EXTRACTED;
    const refused = left === 0 ? t('order.refundLines.noneLeft') : extracted && setting?.requireUndelivered ? t('order.refundLines.extracted', { setting: setting.settingName }) : null;
    return { item, left, refused, warning: !refused && extracted && !setting ? t('order.refundLines.extractedMaybe') : null };
  });
}

/**
 * The refund dialog's line picker, the input of the payload's `lines` (`{itemId, quantity}[]`, only
 * the lines ticked): each line of the order with its unit price, units ordered and units left;
 * ticking a line takes every unit left, its quantity input goes from 1 to what is left (a larger
 * number is brought back to it); lines that cannot be refunded are disabled with the reason. Below,
 * the amount the lines chosen come to in yuan (`refundAmountOf`, the amount the server charges).
 * Reads the order's detail (`order.detail`, shared with the detail screen's cache).
 */
export function RefundLinesInput({ orderId, value, onChange, id, invalid, describedBy }: InputProps & { orderId: number }) {
  const { t } = useTranslation();
  const q = useQuery(apiQuery(api.order.detail, { id: orderId }));
  const detail = q.data as { order: Row; items: Row[]; refunds: Row[]; refundSetting?: Row } | undefined;
  const chosen = (Array.isArray(value) ? value : []) as RefundLineValue[];
  if (!detail) return <div id={id} className="order-refund-lines" aria-busy="true" data-testid="refund-lines" />;
  const lines = refundableLines(detail, t);
  const open = lines.filter((l) => !l.refused);
  const byItem = new Map(chosen.map((l) => [l.itemId, l]));
  // Kept in the order's line order, whatever order they were ticked in.
  const write = (next: Map<number, number>) => onChange(lines.filter((l) => next.has(Number(l.item.id))).map((l) => ({ itemId: Number(l.item.id), quantity: next.get(Number(l.item.id))! })));
  const current = () => new Map(chosen.map((l) => [l.itemId, l.quantity]));
  const tick = (l: RefundableLine, on: boolean) => {
    const next = current();
    if (on) next.set(Number(l.item.id), l.left);
    else next.delete(Number(l.item.id));
    write(next);
  };
  const setQuantity = (l: RefundableLine, qty: unknown) => {
    const next = current();
    const n = typeof qty === 'number' ? Math.min(l.left, Math.max(1, Math.round(qty))) : 1;
    next.set(Number(l.item.id), n);
    write(next);
  };
  const allOn = open.length > 0 && open.every((l) => byItem.has(Number(l.item.id)));
  const amount = chosen.length ? refundAmountOf(detail.order, detail.items, detail.refunds, chosen) : 0;
  return (
    <div id={id} role="group" className={`order-refund-lines${invalid ? ' order-refund-lines--invalid' : ''}`} aria-describedby={describedBy} data-testid="refund-lines">
      <table>
        <thead>
          <tr>
            <th>
              <Checkbox inputId={`${id}-all`} checked={allOn} disabled={!open.length} onChange={(e) => write(new Map(e.checked ? open.map((l) => [Number(l.item.id), l.left]) : []))} aria-label={t('order.refundLines.all')} data-testid="refund-line-all" />
            </th>
            <th>{t('order.refundLines.goods')}</th>
            <th>{t('order.refundLines.price')}</th>
            <th>{t('order.refundLines.left')}</th>
            <th>{t('order.refundLines.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const itemId = Number(l.item.id);
            const line = byItem.get(itemId);
            return (
              <tr key={itemId} className={l.refused ? 'order-refund-lines__off' : undefined} data-testid={`refund-line-${itemId}`}>
                <td>
                  <Checkbox inputId={`${id}-${itemId}`} checked={!!line} disabled={!!l.refused} onChange={(e) => tick(l, !!e.checked)} data-testid={`refund-line-pick-${itemId}`} />
                </td>
                <td>
                  <label htmlFor={`${id}-${itemId}`}>{String(l.item.goodsName)}</label>
                  {(l.refused ?? l.warning) && (
                    <small className={l.refused ? 'order-refund-lines__why' : 'order-refund-lines__warn'} data-testid={`refund-line-why-${itemId}`}>
                      {l.refused ?? l.warning}
                    </small>
                  )}
                </td>
                <td>{moneyText(Number(l.item.price))}</td>
                <td data-testid={`refund-line-left-${itemId}`}>{t('order.refundLines.leftOf', { left: l.left, quantity: l.item.quantity })}</td>
                <td className="order-refund-lines__qty">
                  {line ? (
                    <FieldInput spec={quantitySpec(l.left)} value={line.quantity} onChange={(v) => setQuantity(l, v)} id={`${id}-qty-${itemId}`} />
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="order-refund-lines__amount" data-testid="refund-amount" data-cents={amount}>
        {t('order.refundLines.amount', { amount: moneyText(amount) })}
      </div>
    </div>
  );
}

/** A line's quantity: a whole number from 1 to the units left (the kit's integer input clamps to it). */
function quantitySpec(left: number) {
  return schemaFieldSpec('quantity', { type: 'integer', minimum: 1, maximum: left });
}
