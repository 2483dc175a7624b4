import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import OrderIndexPage from '../../web/pages/order/index.page';
import { calls, mockApi, render } from './component/setup';

vi.mock('../../web/services/permission', () => ({ usePermission: () => ({ mode: 'route', codes: [], has: () => true }) }));

type Row = Record<string, unknown>;
const orderRow = (id: number): Row => ({ id, orderNo: `O2026120200${id}`, memberId: 1, memberNickName: 'Lin', itemCount: 1, totalAmount: 1000, discountAmount: 0, payAmount: 1000, status: 1, riskLevel: 0, createTime: '2026-12-02 09:00:00', goodsIds: [], activity: [] });

function open(path = '/order/index') {
  const loc = memoryLocation({ path, record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <OrderIndexPage />
    </Router>,
  );
  return loc;
}

describe("the order list shows the filtered set's totals", () => {
  test("the count and paid amount of the answer's summary, following the filters", async () => {
    mockApi('/v1/goods/listAll', () => []);
    mockApi('/v1/order/list', (b) => {
      const narrowed = !!(b as Row).orderNo;
      return narrowed ? { list: [orderRow(7)], total: 1, summary: { count: 1, payAmount: 1000 } } : { list: [orderRow(7), orderRow(8)], total: 1234, summary: { count: 1234, payAmount: 12345678 } };
    });
    open();
    await waitFor(() => expect(screen.getByTestId('order-totals').textContent).toBe('Orders matching the filters: 1,234 · paid ¥123,456.78'));
    fireEvent.change(screen.getByPlaceholderText('Order no.'), { target: { value: 'O20261202007' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(screen.getByTestId('order-totals').textContent).toBe('Orders matching the filters: 1 · paid ¥10.00'));
    expect(calls.filter((c) => c.path === '/v1/order/list').at(-1)?.body).toMatchObject({ orderNo: 'O20261202007' });
  });

  test('a platform answering no summary shows no totals', async () => {
    mockApi('/v1/goods/listAll', () => []);
    mockApi('/v1/order/list', () => ({ list: [orderRow(7)], total: 1 }));
    open();
    await screen.findByText('O20261202007');
    expect(screen.queryByTestId('order-totals')).toBeNull();
  });
});
