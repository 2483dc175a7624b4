import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { usePermission } from '../../services/permission';
import { enumLabel, ActionDialog, type ActionField, GuardedButton } from '../../crud';
import { ORDER_ACTION_STATUSES, type OrderActionName } from '../../../server/contract/order';

type Row = Record<string, unknown>;
export type DialogName = 'confirmDelivery' | 'reissue' | 'risk' | 'refund' | 'remark' | 'extract';

/** Order statuses (contract `orderStatus`). */
/** Stored key (§3 style) of the order /order/detail shows: the id never travels in the route. */
export const ORDER_ID_KEY = 'orderId';

export const OS = { pendingPay: 0, paid: 1, delivered: 2, completed: 3, cancelled: 4, refunding: 5, refunded: 6 } as const;

/**
 * The order actions of /order/index and /order/detail (spec §2 modals confirm-delivery, confirm,
 * reissue, risk; cancel and refund; remark and extract on the detail): each button is enabled only
 * from the statuses the contract's `ORDER_ACTION_STATUSES` allows (the mock enforces the same), and
 * otherwise disabled with a tooltip naming the statuses it needs. Buttons follow `OrderIndex:update`.
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

  /** The action buttons of an order; `compact` draws icon buttons (table rows). */
  const buttons = (row: Row, opts: { compact?: boolean; detail?: boolean } = {}): ReactNode => {
    if (!canUpdate) return null;
    const b = (action: OrderActionName, icon: string, onClick: () => void, severity?: 'danger' | 'warning' | 'help') => (
      <GuardedButton
        key={action}
        label={t(`order.actions.${action}`)}
        icon={icon}
        iconOnly={opts.compact}
        reason={why(action, row)}
        text={opts.compact}
        rounded={opts.compact}
        outlined={!opts.compact}
        size="small"
        severity={severity}
        onClick={onClick}
        data-testid={`order-${action}`}
      />
    );
    return (
      <>
        {b('confirmDelivery', 'pi pi-send', () => setOpen({ name: 'confirmDelivery', row }))}
        {b('confirm', 'pi pi-check-circle', () => simple('confirm', row))}
        {b('reissue', 'pi pi-replay', () => setOpen({ name: 'reissue', row }))}
        {b('risk', 'pi pi-shield', () => setOpen({ name: 'risk', row }), 'warning')}
        {b('cancel', 'pi pi-times-circle', () => simple('cancel', row), 'danger')}
        {b('refund', 'pi pi-wallet', () => setOpen({ name: 'refund', row }), 'danger')}
        {opts.detail && b('extract', 'pi pi-eye', () => setOpen({ name: 'extract', row }), 'help')}
        {opts.detail && b('remark', 'pi pi-pencil', () => setOpen({ name: 'remark', row }))}
      </>
    );
  };

  /** Opens the extract dialog for one item (detail's delivered-codes section). */
  const extractItem = (row: Row, items: Row[]) => setOpen({ name: 'extract', row, items });

  const row = open?.row;
  const f = (name: string, extra: Partial<ActionField> = {}): ActionField => ({ name, label: t(`order.fields.${name}`), ...extra });
  const about = row && (
    <p className="order-about">
      {t('order.about', { orderNo: row.orderNo, nick: row.memberNickName, amount: ((row.payAmount as number) / 100).toFixed(2) })}
    </p>
  );
  const common = { visible: true, onHide: () => setOpen(null), fixed: { id: row?.id } };

  const dialogs: ReactNode = open && row && (
    <>
      {open.name === 'confirmDelivery' && (
        <ActionDialog {...common} title={t('order.actions.confirmDelivery')} action={api.order.confirmDelivery} fields={[f('deliveryRemark', { kind: 'text' })]} onDone={() => done(t('order.done.confirmDelivery'))}>
          {about}
          <small className="part-hint">{t('order.hints.confirmDelivery')}</small>
        </ActionDialog>
      )}
      {open.name === 'reissue' && (
        <ActionDialog {...common} title={t('order.actions.reissue')} action={api.order.reissue} fields={[f('itemId', { hint: t('order.hints.itemId') }), f('reason', { kind: 'text' })]} onDone={() => done(t('order.done.reissue'))}>
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
          initial={{ amount: row.payAmount, refundType: 1 }}
          fields={[f('amount', { hint: t('order.hints.amount', { max: ((row.payAmount as number) / 100).toFixed(2) }) }), f('refundType'), f('reason', { kind: 'text' })]}
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

  return { buttons, dialogs, extractItem, canUpdate };
}
