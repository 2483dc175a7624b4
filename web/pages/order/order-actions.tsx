import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { api, apiQuery } from '../../api/client';
import { notify } from '../../services/notify';
import { usePermission } from '../../services/permission';
import { enumLabel, ActionDialog, type ActionField, GuardedButton, type InputProps, type RowAction } from '../../crud';
import { moneyText } from '../../lib/format';
import { ORDER_ACTION_STATUSES, type OrderActionName } from '../../../server/contract/order';
import { RefundLinesInput } from './refund-lines';

type Row = Record<string, unknown>;
export type DialogName = 'confirmDelivery' | 'reissue' | 'risk' | 'refund' | 'remark' | 'extract';

/** Order statuses (contract `orderStatus`). */
/** Stored key (§3 style) of the order /order/detail shows when its URL names none (`?id=` names the order of each tab). */
export const ORDER_ID_KEY = 'orderId';

export const OS = { pendingPay: 0, paid: 1, delivered: 2, completed: 3, cancelled: 4, refunding: 5, refunded: 6 } as const;

/**
 * The order actions of /order/index and /order/detail (spec §2 modals confirm-delivery, confirm,
 * reissue, risk; cancel, and refund of the lines and quantities chosen; remark and extract on the
 * detail): each button is enabled only from the statuses the contract's `ORDER_ACTION_STATUSES`
 * allows (the mock enforces the same), and otherwise disabled with a tooltip naming the statuses it needs. Buttons follow `OrderIndex:update`.
 * @param onChanged called after an action succeeded (reload the list or the detail).
 * @param onRevealed called with the codes an extraction revealed (detail's CDK dialog).
 */
export function useOrderActions(onChanged: () => void, onRevealed?: (codes: Row[]) => void) {
  const { t, i18n } = useTranslation();
  const { has } = usePermission();
  const [open, setOpen] = useState<{ name: DialogName; row: Row; items?: Row[] } | null>(null);
  const canUpdate = has('OrderIndex:update');

  /** Why the action cannot run on this order now; null when it can. */
  const why = (action: OrderActionName, row: Row): string | null => {
    const allowed = ORDER_ACTION_STATUSES[action] as readonly number[];
    if (!allowed.includes(row.status as number)) {
      return t('order.onlyWhen', { statuses: allowed.map((s) => enumLabel('orderStatus', s, i18n.language)).join(t('order.listSep')) });
    }
    if (action === 'confirmDelivery' && row.riskLevel === 2) return t('order.blocked');
    return null;
  };

  const done = (msg: string) => {
    notify({ mode: 'toast', message: msg }, 'success');
    setOpen(null);
    onChanged();
  };

  const simple = (action: 'confirm' | 'cancel', row: Row) =>
    confirmDialog({
      header: t(`order.actions.${action}`),
      message: t(`order.confirmText.${action}`, { orderNo: row.orderNo }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      acceptClassName: action === 'cancel' ? 'p-button-danger' : undefined,
      accept: async () => {
        try {
          await api.order[action]({ id: Number(row.id) });
          done(t(`order.done.${action}`));
        } catch {
          // Shown by the HTTP client; nothing changed.
        }
      },
    });

  /**
   * The actions of an order as the kit's row actions (`RowActions`: the first labelled, the rest in
   * the "More" menu), each disabled with the statuses it needs; none without `OrderIndex:update`.
   * `detail` adds extract and remark (the detail's bar).
   */
  const actionList = (row: Row, opts: { detail?: boolean } = {}): RowAction[] => {
    if (!canUpdate) return [];
    const a = (action: OrderActionName, icon: string, onClick: () => void, severity?: RowAction['severity']): RowAction => ({
      key: action,
      label: t(`order.actions.${action}`),
      icon,
      reason: why(action, row),
      severity,
      onClick,
      testId: `order-${action}`,
    });
    return [
      a('confirmDelivery', 'pi pi-send', () => setOpen({ name: 'confirmDelivery', row })),
      a('confirm', 'pi pi-check-circle', () => simple('confirm', row)),
      a('reissue', 'pi pi-replay', () => setOpen({ name: 'reissue', row })),
      a('risk', 'pi pi-shield', () => setOpen({ name: 'risk', row }), 'warning'),
      a('cancel', 'pi pi-times-circle', () => simple('cancel', row), 'danger'),
      a('refund', 'pi pi-wallet', () => setOpen({ name: 'refund', row }), 'danger'),
      ...(opts.detail ? [a('extract', 'pi pi-eye', () => setOpen({ name: 'extract', row }), 'help'), a('remark', 'pi pi-pencil', () => setOpen({ name: 'remark', row }))] : []),
    ];
  };

  /** The action buttons of an order, all labelled (the detail's action bar). */
  const buttons = (row: Row, opts: { detail?: boolean } = {}): ReactNode =>
    actionList(row, opts).map((x) => (
      <GuardedButton key={x.key} label={x.label} icon={x.icon} reason={x.reason} outlined size="small" severity={x.severity === 'secondary' || x.severity === 'success' || x.severity === 'info' ? undefined : x.severity} onClick={x.onClick} data-testid={x.testId} />
    ));

  /** Opens the extract dialog for one item (detail's delivered-codes section). */
  const extractItem = (row: Row, items: Row[]) => setOpen({ name: 'extract', row, items });

  const row = open?.row;
  const f = (name: string, extra: Partial<ActionField> = {}): ActionField => ({ name, label: t(`order.fields.${name}`), ...extra });
  const about = row && (
    <p className="order-about">
      {t('order.about', { orderNo: row.orderNo, nick: row.memberNickName, amount: moneyText(row.payAmount as number) })}
    </p>
  );
  const common = { visible: true, onHide: () => setOpen(null), fixed: { id: row?.id }, record: row ?? undefined };

  const dialogs: ReactNode = open && row && (
    <>
      {open.name === 'confirmDelivery' && (
        <ActionDialog {...common} title={t('order.actions.confirmDelivery')} action={api.order.confirmDelivery} fields={[f('deliveryRemark', { kind: 'text' })]} onDone={() => done(t('order.done.confirmDelivery'))}>
          {about}
          <small className="part-hint">{t('order.hints.confirmDelivery')}</small>
        </ActionDialog>
      )}
      {open.name === 'reissue' && (
        <ActionDialog
          {...common}
          title={t('order.actions.reissue')}
          action={api.order.reissue}
          fields={[f('itemId', { hint: t('order.hints.itemId'), render: (p) => <OrderItemPicker {...p} orderId={Number(row.id)} /> }), f('reason', { kind: 'text' })]}
          onDone={() => done(t('order.done.reissue'))}
        >
          {about}
        </ActionDialog>
      )}
      {open.name === 'risk' && (
        <ActionDialog
          {...common}
          title={t('order.actions.risk')}
          action={api.order.risk}
          initial={{ riskLevel: row.riskLevel, riskRemark: row.riskRemark }}
          fields={[f('riskLevel'), f('riskRemark', { kind: 'text', required: (v) => v.riskLevel !== 0 })]}
          onDone={() => done(t('order.done.risk'))}
        >
          {about}
        </ActionDialog>
      )}
      {open.name === 'refund' && (
        <ActionDialog
          {...common}
          title={t('order.actions.refund')}
          action={api.order.refund}
          initial={{ lines: [], refundType: 1 }}
          fields={[f('lines', { required: true, hint: t('order.hints.lines'), render: (p) => <RefundLinesInput {...p} orderId={Number(row.id)} /> }), f('refundType'), f('reason', { kind: 'text' })]}
          width={680}
          severity="danger"
          onDone={(r) => done(t((r as Row).status === 3 ? 'order.done.refundAuto' : 'order.done.refund'))}
        >
          {about}
        </ActionDialog>
      )}
      {open.name === 'remark' && (
        <ActionDialog {...common} title={t('order.actions.remark')} action={api.order.remark} initial={{ remark: row.remark }} fields={[f('remark', { kind: 'text' })]} onDone={() => done(t('order.done.remark'))} />
      )}
      {open.name === 'extract' && (
        <ActionDialog
          {...common}
          title={t('order.actions.extract')}
          action={api.order.extract}
          fields={open.items?.length ? [f('itemId', { options: [{ value: undefined, label: t('order.allItems') }, ...open.items.map((it) => ({ value: it.id, label: String(it.goodsName) }))] })] : []}
          submitLabel={t('order.reveal')}
          severity="warning"
          onDone={(codes) => {
            setOpen(null);
            onRevealed?.(codes as Row[]);
            onChanged();
          }}
        >
          {about}
          <small className="part-hint">{t('order.hints.extract')}</small>
        </ActionDialog>
      )}
    </>
  );

  return { buttons, actionList, dialogs, extractItem, canUpdate };
}

/**
 * The item of an order an action is about ("reissuing one item asks for an item id that no
 * screen shows"): chosen among the order's items (`orderItem.list` of the order), each labelled by its
 * goods and item number; empty means every item.
 */
function OrderItemPicker({ orderId, value, onChange, id, invalid, describedBy }: InputProps & { orderId: number }) {
  const { t } = useTranslation();
  const q = useQuery(apiQuery(api.orderItem.list, { orderId, pageNum: 1, pageSize: 100 }));
  const options = (q.data?.list ?? []).map((it) => ({ value: it.id, label: t('order.itemOption', { goods: it.goodsName, id: it.id, qty: it.quantity }) }));
  return (
    <Dropdown
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      value={value ?? null}
      options={options}
      onChange={(e) => onChange(e.value ?? null)}
      showClear
      filter={options.length > 8}
      loading={q.isFetching}
      placeholder={t('order.allItems')}
      emptyMessage={t('crud.empty')}
      aria-describedby={describedBy}
      data-testid="order-item-picker"
    />
  );
}
