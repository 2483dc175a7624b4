import { afterEach, describe, expect, test } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { QueueBadge } from '../../web/app/layout/work-queues';
import { connectLive, type LiveEvent } from '../../web/services/live';
import { calls, mockApi, render } from './component/setup';

/**
 * The side menu's work-queue counts: a queue's entry shows how many records wait (its list's
 * total under the queue's filter), a closed group the sum of its entries', nothing when none wait;
 * another person's change of the entity reads the count again at once.
 */

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, ((m: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (m: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {}
  emit(type: string, data: unknown) {
    act(() => {
      for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data), lastEventId: '' } as MessageEvent);
    });
  }
}

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
    FakeSource.all = [];
    closeLive = connectLive(1, { getTicket: async () => ({ ticket: 't', expiresIn: 30 }), EventSourceImpl: FakeSource as unknown as typeof EventSource });
    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    FakeSource.all[0].emit('ready', { head: 0 });

    render(<QueueBadge paths={['/order/back']} />);
    const badge = await screen.findByTestId('menu-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 waiting');
    expect(calls.find((c) => c.path === '/v1/refund/list')?.body).toMatchObject({ status: 0, pageSize: 1 });

    pendingRefunds = 4;
    const event: LiveEvent = { id: 1, entity: 'refund', recordId: 9, op: 'add', by: { userId: 2, username: 'operator' }, fields: [], at: 0 };
    FakeSource.all[0].emit('change', event);
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
