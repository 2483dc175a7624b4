import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueueBadge } from '../../web/app/layout/work-queues';
import type { LiveEvent } from '../../web/services/live';
import { calls, mockApi, render } from './component/setup';
import { connectFakeLive } from './component/fake-live';

/**
 * The side menu's work-queue counts: a queue's entry shows how many records wait (its list's
 * total under the queue's filter), a closed group the sum of its entries', nothing when none wait;
 * another person's change of the entity reads the count again at once.
 */

let closeLive: () => void = () => {};
afterEach(() => closeLive());

let pendingRefunds = 3;
function answerQueues() {
  mockApi('/v1/refund/list', () => ({ list: [], total: pendingRefunds }));
  mockApi('/v1/order/list', () => ({ list: [], total: 2 }));
  mockApi('/v1/feedback/findAll', () => ({ list: [], total: 0 }));
}

describe('work-queue badges', () => {
  test("an entry shows its waiting records, asked with the queue's filter; a change by someone else reads it again", async () => {
    pendingRefunds = 3;
    answerQueues();
    const live = await connectFakeLive();
    closeLive = live.close;

    render(<QueueBadge paths={['/order/back']} />);
    const badge = await screen.findByTestId('menu-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 waiting');
    expect(calls.find((c) => c.path === '/v1/refund/list')?.body).toMatchObject({ status: 0, pageSize: 1 });

    pendingRefunds = 4;
    const event: LiveEvent = { id: 1, entity: 'refund', recordId: 9, op: 'add', by: { userId: 2, username: 'operator' }, fields: [], at: 0 };
    live.source.emit('change', event);
    await waitFor(() => expect(screen.getByTestId('menu-badge').textContent).toBe('4'));
  });

  test('a closed group shows the sum of its queues; an entry with none waiting and a path that is no queue show nothing; above 99 reads 99+', async () => {
    pendingRefunds = 150;
    answerQueues();
    render(
      <>
        <span data-testid="group"><QueueBadge paths={['/order', '/order/index', '/order/back', '/order/refundSetting']} /></span>
        <span data-testid="feedback"><QueueBadge paths={['/feedback/index']} /></span>
        <span data-testid="coupon"><QueueBadge paths={['/goods/coupon']} /></span>
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('group').textContent).toBe('99+'));
    expect(screen.getByTestId('group').querySelector('[data-testid=menu-badge]')?.getAttribute('aria-label')).toBe('152 waiting');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/v1/feedback/findAll'));
    expect(screen.getByTestId('feedback').textContent).toBe('');
    expect(screen.getByTestId('coupon').textContent).toBe('');
    expect(calls.some((c) => c.path === '/v1/coupon/list')).toBe(false);
  });
});
