import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RefundHarness } from './component/refund-harness';
import { calls, mockApi, render } from './component/setup';

vi.mock('../../web/services/permission', () => ({ usePermission: () => ({ mode: 'route', codes: [], has: () => true }) }));

type Row = Record<string, unknown>;

/*
 * The order's refund dialog chooses the lines and quantities it refunds: an order of three lines
 * (35.00 listed, 31.50 paid after a 10 % discount), one with two units left, one whose codes were
 * extracted under a rule that refuses extracted codes, one already covered by a refund.
 */
const order: Row = { id: 7, orderNo: 'O2026120200007', memberNickName: 'Lin', status: 2, totalAmount: 3500, payAmount: 3150 };
const items: Row[] = [
  { id: 71, orderId: 7, goodsName: 'Point card 100', price: 1000, quantity: 2, amount: 2000, deliveryStatus: 1, cardIds: [1, 2], cardAccountIds: [] },
  { id: 72, orderId: 7, goodsName: 'Game key', price: 500, quantity: 2, amount: 1000, deliveryStatus: 2, cardIds: [3, 4], cardAccountIds: [] },
  { id: 73, orderId: 7, goodsName: 'Gift box', price: 500, quantity: 1, amount: 500, deliveryStatus: 1, cardIds: [], cardAccountIds: [] },
];
const refunds: Row[] = [{ id: 1, orderId: 7, refundNo: 'R1', amount: 450, lines: [{ itemId: 73, quantity: 1 }], status: 3, reason: 'broken' }];
const refundSetting: Row = { id: 1, settingName: 'Default rule', requireUndelivered: true, allowRefund: true, refundWithinHours: 72, status: 1 };

async function openRefund(detail: Row = { order, items, refunds, payments: [], refundSetting }) {
  let sent: Row | undefined;
  mockApi('/v1/order/detail', () => detail);
  mockApi('/v1/order/refund', (b) => {
    sent = b as Row;
    return { id: 2, status: 0 };
  });
  render(<RefundHarness row={order} />);
  fireEvent.click(screen.getByText('refund'));
  await screen.findByTestId('refund-line-71');
  return { sent: () => sent };
}

const pick = (itemId: number) => screen.getByTestId(`refund-line-pick-${itemId}`).querySelector('input') as HTMLInputElement;
const quantity = (itemId: number) => document.getElementById(`action-lines-qty-${itemId}`) as HTMLInputElement;
/** Types a quantity and leaves the input, as an operator does before pressing OK. */
function typeQuantity(itemId: number, text: string) {
  const input = quantity(itemId);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('the refund dialog chooses its lines', () => {
  test('picking one line with quantity 1 sends exactly that line, and the amount shown is what it comes to', async () => {
    const { sent } = await openRefund();
    expect(screen.getByTestId('refund-amount').textContent).toBe('Refund amount: ¥0.00');
    fireEvent.click(pick(71));
    // Ticking a line takes every unit left of it: 2 × 10.00 less the 10 % discount.
    await waitFor(() => expect(quantity(71).value).toBe('2'));
    expect(screen.getByTestId('refund-amount').textContent).toBe('Refund amount: ¥18.00');
    typeQuantity(71, '1');
    await waitFor(() => expect(screen.getByTestId('refund-amount').textContent).toBe('Refund amount: ¥9.00'));
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'changed my mind' } });
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent()).toEqual({ id: 7, lines: [{ itemId: 71, quantity: 1 }], refundType: 1, reason: 'changed my mind' }));
  });

  test('a quantity above what is left is brought back to it', async () => {
    const { sent } = await openRefund();
    fireEvent.click(pick(71));
    await waitFor(() => expect(quantity(71).value).toBe('2'));
    typeQuantity(71, '5');
    await waitFor(() => expect(quantity(71).value).toBe('2'));
    expect(screen.getByTestId('refund-amount').textContent).toBe('Refund amount: ¥18.00');
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'changed my mind' } });
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent()).toMatchObject({ lines: [{ itemId: 71, quantity: 2 }] }));
  });

  test('lines that cannot be refunded are disabled with the reason; nothing ticked is not sent', async () => {
    await openRefund();
    expect(pick(72).disabled).toBe(true);
    expect(screen.getByTestId('refund-line-why-72').textContent).toBe('its codes were extracted; Default rule refuses extracted codes');
    expect(pick(73).disabled).toBe(true);
    expect(screen.getByTestId('refund-line-why-73').textContent).toBe('every unit is already refunded or in a refund');
    expect(screen.getByTestId('refund-line-left-71').textContent).toBe('2 of 2');
    fireEvent.change(document.getElementById('action-reason')!, { target: { value: 'changed my mind' } });
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toBe('Please enter Items to refund');
    expect(calls.some((c) => c.path === '/v1/order/refund')).toBe(false);
  });

  test('without the rule in the answer an extracted line stays selectable with a warning (the server decides)', async () => {
    await openRefund({ order, items, refunds, payments: [] });
    expect(pick(72).disabled).toBe(false);
    expect(screen.getByTestId('refund-line-why-72').textContent).toBe('its codes were extracted; the refund rule may refuse it');
    fireEvent.click(screen.getByTestId('refund-line-all').querySelector('input')!);
    await waitFor(() => expect(quantity(72).value).toBe('2'));
    // Every unit left of the order: the paid amount less what was refunded.
    expect(screen.getByTestId('refund-amount').textContent).toBe('Refund amount: ¥27.00');
  });
});
