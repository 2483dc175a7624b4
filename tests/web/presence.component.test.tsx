import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { defineResource, ResourceForm, ResourceListPage } from '../../web/crud';
import { calls, mockApi, render } from './component/setup';
import { connectFakeLive } from './component/fake-live';

/**
 * Presence as the operator sees it: a record open in someone else's modify form marks its list
 * row ("Open by li.si"); a modify form says who else has the record open, tells the server it has
 * it open while it shows it and that it left when it closes. The signed-in user is never shown.
 */

let closeLive: () => void = () => {};
afterEach(() => closeLive());

const typeRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], form: { mode: 'dialog', fields: ['typeName', 'description', 'sort', 'status'] } });
const row = (id: number, typeName: string) => ({ id, typeName, description: '', sort: 0, status: 1, createTime: '2026-01-01 10:00:00', updateTime: '2026-01-01 10:00:00' });
const me = { userId: 1, username: 'admin' };
const li = { userId: 2, username: 'li.si' };

function inRouter(ui: React.ReactNode) {
  const loc = memoryLocation({ path: '/feedback/type' });
  return render(<Router hook={loc.hook} searchHook={loc.searchHook}>{ui}</Router>);
}
const bodyRows = () => [...document.querySelectorAll<HTMLTableRowElement>('[data-testid=crud-table] tbody tr')];

describe('presence', () => {
  test("a list marks the rows others have open, from the stream's picture and its changes, never the user's own", async () => {
    mockApi('/v1/feedbackType/list', () => ({ list: [row(2, 'Refund'), row(1, 'Payment')], total: 2 }));
    const live = await connectFakeLive(1);
    closeLive = live.close;
    live.source.emit('presence', { entity: 'feedbackType', recordId: 1, users: [li] });
    live.source.emit('presence', { entity: 'feedbackType', recordId: 2, users: [me] });
    inRouter(<ResourceListPage resource={typeRes} />);
    await screen.findByText('Payment');
    await waitFor(() => expect(bodyRows()[1]?.className).toContain('crud-live-row--open'));
    await waitFor(() => expect(bodyRows()[1].title).toBe('Open by li.si'));
    expect(bodyRows()[1].className).toContain('crud-live-row--open');
    expect(bodyRows()[0].className).not.toContain('crud-live-row--open');
    live.source.emit('presence', { entity: 'feedbackType', recordId: 1, users: [] });
    await waitFor(() => expect(bodyRows()[1].title).toBe(''));
    expect(calls.some((c) => c.path.startsWith('/console/presence'))).toBe(false);
  });

  test('a modify form says who else has the record open, says it has it open, and that it left on close', async () => {
    mockApi('/console/presence/update', (body) => ({ entity: 'feedbackType', recordId: 1, users: (body as { open: boolean }).open ? [li, me] : [li] }));
    const live = await connectFakeLive(1);
    closeLive = live.close;
    const view = inRouter(<ResourceForm resource={typeRes} record={row(1, 'Payment')} visible onHide={() => {}} onSaved={() => {}} mode="page" />);
    expect((await screen.findByTestId('record-presence')).textContent).toBe('li.si is also editing this record');
    expect(calls.filter((c) => c.path === '/console/presence/update').map((c) => c.body)).toEqual([{ entity: 'feedbackType', recordId: 1, open: true }]);
    live.source.emit('presence', { entity: 'feedbackType', recordId: 1, users: [me] });
    await waitFor(() => expect(screen.queryByTestId('record-presence')).toBeNull());
    view.unmount();
    expect(calls.filter((c) => c.path === '/console/presence/update').at(-1)?.body).toEqual({ entity: 'feedbackType', recordId: 1, open: false });
  });

  test('an add form tells nothing', async () => {
    inRouter(<ResourceForm resource={typeRes} record={null} visible onHide={() => {}} onSaved={() => {}} mode="page" />);
    await screen.findByTestId('crud-form');
    expect(calls.some((c) => c.path.startsWith('/console/presence'))).toBe(false);
  });
});
