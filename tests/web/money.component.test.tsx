import { beforeAll, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Type } from 'typebox';
import { ActionDialog, CellValue, defineResource, fieldSpec } from '../../web/crud';
import { F } from '../../server/contract/fields';
import { order as orderEntity } from '../../server/contract/order';
import OrderDetailPage from '../../web/pages/order/detail.page';
import { calls, mockApi, render } from './component/setup';
import { http } from '../../web/api/http';
import { provideSessionActor } from '../../web/services/session';
import { createSessionActor } from '../../web/app/session';

vi.mock('../../web/crud/save', () => ({ saveBlob: async () => {} }));
// The order detail's action bar reads the session (button permissions), which the shell provides at boot.
beforeAll(() => provideSessionActor(() => createSessionActor([])));

const ORDER = {
  id: 5, orderNo: 'O2026000005', memberId: 3, memberNickName: 'Ann', contactPhone: '13800000000', status: 2,
  totalAmount: 131300, discountAmount: 10000, payAmount: 121300, payType: 1, riskLevel: 0,
  createTime: '2026-11-01 10:00:00', payTime: '2026-11-01 10:01:00', activity: [],
};

function inRouter(ui: React.ReactNode, path: string) {
  const loc = memoryLocation({ path, record: true });
  return render(<Router hook={loc.hook} searchHook={loc.searchHook}>{ui}</Router>);
}

describe('money reads the same everywhere', () => {
  test('an amount in a list cell and on the order detail is the same text, ¥ with grouping and two decimals', async () => {
    const orders = defineResource({ entity: orderEntity, route: '/order/index', columns: ['orderNo', 'payAmount'] });
    render(<span data-testid="cell"><CellValue spec={fieldSpec(orders, 'payAmount')} row={ORDER} /></span>);
    expect(screen.getByTestId('cell').textContent).toBe('¥1,213.00');

    mockApi('/v1/order/detail', () => ({ order: ORDER, items: [], refunds: [], payments: [] }));
    inRouter(<OrderDetailPage />, '/order/detail?id=5');
    const info = await screen.findByTestId('order-info');
    const pairs = Object.fromEntries([...info.querySelectorAll('.part-desc__item')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
    expect(pairs).toMatchObject({ Paid: '¥1,213.00', Total: '¥1,313.00', Discount: '¥100.00' });
    expect(info.textContent).not.toMatch(/¥1213\.00|CN¥/);
  });
});

describe('an amount input refuses more than the maximum it states', () => {
  const Payload = Type.Object({ id: F.id(), amount: F.money() });

  test("an action field's max: a larger amount is refused beside the field, the limit in yuan, and nothing is sent", async () => {
    let sent: unknown;
    mockApi('/v1/test/refund', (b) => (sent = b));
    render(
      <ActionDialog visible title="Refund" action={(p: never) => http.post('/v1/test/refund', p)} schema={Payload} fixed={{ id: 5 }} initial={{ amount: 121300 }} fields={[{ name: 'amount', label: 'Amount', max: 121300 }]} onHide={() => {}} onDone={() => {}} />,
    );
    const input = document.getElementById('action-amount') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '2000' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toBe('Amount must be at most ¥1,213.00');
    expect(calls.filter((c) => c.path === '/v1/test/refund')).toHaveLength(0);

    fireEvent.input(input, { target: { value: '1213' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByTestId('action-field-error')).toBeNull());
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(sent).toEqual({ id: 5, amount: 121300 }));
  });

  test('a contract maximum on a money field is stated in yuan, not in cents', async () => {
    const Recharge = Type.Object({ amount: F.money({ minimum: 1, maximum: 100_000_000 }) });
    render(<ActionDialog visible title="Recharge" action={async () => ({})} schema={Recharge} fields={[{ name: 'amount', label: 'Amount' }]} onHide={() => {}} onDone={() => {}} />);
    const input = document.getElementById('action-amount') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '2000000' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByTestId('action-submit'));
    expect((await screen.findByTestId('action-field-error')).textContent).toBe('Amount must be at most ¥1,000,000.00');
  });
});
