import { useOrderActions } from '../../../web/pages/order/order-actions';

type Row = Record<string, unknown>;

/** The order list's or detail's actions of one order (`row`), with its refund button ("refund") and its dialogs. */
export function RefundHarness({ row }: { row: Row }) {
  const actions = useOrderActions(() => {});
  const refund = actions.actionList(row).find((a) => a.key === 'refund')!;
  return (
    <>
      <button type="button" onClick={refund.onClick}>
        refund
      </button>
      {actions.dialogs}
    </>
  );
}
