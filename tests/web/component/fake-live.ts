import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { connectLive } from '../../../web/services/live';

/**
 * A stand-in for the browser's EventSource that a test feeds: `emit(type, data)` delivers one
 * server-sent event (its `data` as JSON) to the listeners inside `act`, as the stream would.
 */
export class FakeSource {
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
  emit(type: string, data: unknown, lastEventId = '') {
    act(() => {
      for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data), lastEventId } as MessageEvent);
    });
  }
}

/**
 * Opens the session's live connection as `userId` over a {@link FakeSource} and sends its `ready`
 * event; answers the stream and the connection's close.
 */
export async function connectFakeLive(userId = 1): Promise<{ source: FakeSource; close: () => void }> {
  FakeSource.all = [];
  const close = connectLive(userId, { getTicket: async () => ({ ticket: 't', expiresIn: 30 }), EventSourceImpl: FakeSource as unknown as typeof EventSource });
  await waitFor(() => expect(FakeSource.all).toHaveLength(1));
  const source = FakeSource.all[0];
  source.emit('ready', { head: 0 });
  return { source, close };
}
