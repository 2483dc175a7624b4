import { describe, expect, test } from 'vitest';
import { ApiError } from '../../web/api/http';
import { openLiveEvents, type LiveState } from '../../web/api/events';

/**
 * The client's live-event connection: a fresh ticket per connection, resume after the last event
 * received, `resync` passed on, reconnect after a drop, and closed for good on sign-out.
 */

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, ((m: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (m: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data), lastEventId } as MessageEvent);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('openLiveEvents', () => {
  test('reconnects with a new ticket and the last event id; resync and sign-out reach the caller', async () => {
    FakeSource.all = [];
    let n = 0;
    const timers: (() => void)[] = [];
    const events: unknown[] = [];
    const states: LiveState[] = [];
    let resyncs = 0;
    const live = openLiveEvents(
      { onEvent: (e) => events.push(e), onResync: () => resyncs++, onState: (s) => states.push(s) },
      { getTicket: async () => ({ ticket: `t${++n}`, expiresIn: 30 }), EventSourceImpl: FakeSource as unknown as typeof EventSource, schedule: (fn) => (timers.push(fn), () => undefined) },
    );
    await flush();
    const first = FakeSource.all[0];
    expect(first.url).toBe('/console/events?ticket=t1');
    first.emit('ready', { head: 0 });
    const e = { id: 7, entity: 'feedbackType', recordId: 1, op: 'update', by: null, fields: ['typeName'], at: 1 };
    first.emit('change', e, '7');
    expect(events).toEqual([e]);
    expect(live.lastEventId()).toBe('7');

    first.onerror!();
    expect(first.closed).toBe(true);
    timers.shift()!();
    await flush();
    const second = FakeSource.all[1];
    expect(second.url).toBe('/console/events?ticket=t2&lastEventId=7');
    second.emit('resync', { head: 99 });
    expect(resyncs).toBe(1);

    second.emit('end', { reason: 'signedOut' });
    expect(second.closed).toBe(true);
    expect(states.at(-1)).toBe('closed');
    expect(timers).toHaveLength(0);
  });

  test('an unauthorized ticket request closes it for good', async () => {
    FakeSource.all = [];
    const states: LiveState[] = [];
    openLiveEvents({ onEvent: () => undefined, onState: (s) => states.push(s) }, { getTicket: async () => Promise.reject(new ApiError('unauthorized', 'x', 401)), EventSourceImpl: FakeSource as unknown as typeof EventSource });
    await flush();
    expect(states).toEqual(['connecting', 'closed']);
    expect(FakeSource.all).toHaveLength(0);
  });
});
