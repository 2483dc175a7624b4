import { afterEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { defineResource, ResourceForm, ResourceListPage } from '../../web/crud';
import { useLiveEvents, type LiveEvent } from '../../web/services/live';
import { calls, mockApi, render } from './component/setup';
import { connectFakeLive } from './component/fake-live';

/**
 * Live updates as the operator sees them: the session's connection (web/services/live.ts) hands a
 * list its entity's changes by others; the list shows "N new — show" without moving its rows, marks
 * a changed row and dims a deleted one, and reads afresh on "show"; a record's form says it changed
 * elsewhere and reloads it. The stream is a fake EventSource fed by the test.
 */

let seq = 0;
const change = (e: Partial<LiveEvent>): LiveEvent => ({ id: ++seq, entity: 'feedbackType', recordId: 1, op: 'update', by: { userId: 2, username: 'operator2' }, fields: ['typeName'], at: Date.UTC(2026, 0, 5, 8, 30), ...e });

const connect = () => connectFakeLive(1);

let closeLive: () => void = () => {};
afterEach(() => closeLive());

const typeRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], form: { mode: 'dialog', fields: ['typeName', 'description', 'sort', 'status'] } });
const row = (id: number, typeName: string) => ({ id, typeName, description: '', sort: 0, status: 1, createTime: '2026-01-01 10:00:00', updateTime: '2026-01-01 10:00:00' });

function inRouter(ui: React.ReactNode, path = '/feedback/type') {
  const loc = memoryLocation({ path });
  return render(<Router hook={loc.hook} searchHook={loc.searchHook}>{ui}</Router>);
}

const listCalls = () => calls.filter((c) => c.path === '/v1/feedbackType/list').length;
const bodyRows = () => [...document.querySelectorAll<HTMLTableRowElement>('[data-testid=crud-table] tbody tr')];

describe('useLiveEvents', () => {
  test("hears its entity's changes by others, not the signed-in user's own, nor other entities'", async () => {
    const live = await connect();
    closeLive = live.close;
    const heard: LiveEvent[] = [];
    let resyncs = 0;
    function Probe() {
      useLiveEvents('feedbackType', (e) => heard.push(e), () => resyncs++);
      return null;
    }
    const view = render(<Probe />);
    live.source.emit('change', change({ recordId: 5 }));
    live.source.emit('change', change({ recordId: 6, by: { userId: 1, username: 'admin' } }));
    live.source.emit('change', change({ recordId: 7, entity: 'member' }));
    live.source.emit('resync', { head: 9 });
    expect(heard.map((e) => e.recordId)).toEqual([5]);
    expect(resyncs).toBe(1);
    view.unmount();
    live.source.emit('change', change({ recordId: 8 }));
    expect(heard).toHaveLength(1);
  });
});

describe('a list', () => {
  test('says "N new — show" for records added by others, keeps its rows until show, then reads the list afresh', async () => {
    let rows = [row(2, 'Refund'), row(1, 'Payment')];
    mockApi('/v1/feedbackType/list', () => ({ list: rows, total: rows.length }));
    const live = await connect();
    closeLive = live.close;
    inRouter(<ResourceListPage resource={typeRes} />);
    await screen.findByText('Payment');
    const before = listCalls();
    const firstRow = bodyRows()[0];

    rows = [row(4, 'Coupon'), row(3, 'Delivery'), ...rows];
    live.source.emit('change', change({ op: 'add', recordId: 3, fields: [] }));
    live.source.emit('change', change({ op: 'add', recordId: 4, fields: [] }));
    expect((await screen.findByTestId('crud-live-bar')).textContent).toBe('2 new — show');
    // Nothing moved: the same rows, the same first row element, no request.
    expect(bodyRows().map((r) => r.textContent?.includes('Coupon'))).toEqual([false, false]);
    expect(bodyRows()[0]).toBe(firstRow);
    expect(listCalls()).toBe(before);

    fireEvent.click(screen.getByTestId('crud-live-bar'));
    await screen.findByText('Coupon');
    expect(listCalls()).toBe(before + 1);
    expect(bodyRows()).toHaveLength(4);
    expect(screen.queryByTestId('crud-live-bar')).toBeNull();
  });

  test('a changed row is marked with who changed it, a deleted one dimmed; show clears the marks', async () => {
    mockApi('/v1/feedbackType/list', () => ({ list: [row(2, 'Refund'), row(1, 'Payment')], total: 2 }));
    const live = await connect();
    closeLive = live.close;
    inRouter(<ResourceListPage resource={typeRes} />);
    await screen.findByText('Payment');
    live.source.emit('change', change({ recordId: 1 }));
    live.source.emit('change', change({ recordId: 2, op: 'del', fields: [], by: null }));
    live.source.emit('change', change({ recordId: 99 }));
    await waitFor(() => expect(bodyRows()[1].title).toBe('Changed by operator2'));
    const [refund, payment] = bodyRows();
    expect(payment.className).toContain('crud-live-row--changed');
    expect(payment.getAttribute('aria-description')).toBe('Changed by operator2');
    expect(refund.className).toContain('crud-live-row--deleted');
    expect(refund.title).toBe('Deleted by someone else');
    // A change is no new record: no bar.
    expect(screen.queryByTestId('crud-live-bar')).toBeNull();
    expect(payment.textContent).toContain('Payment');

    // Read afresh (an addition's bar, clicked): the rows are the server's now, unmarked.
    live.source.emit('change', change({ op: 'add', recordId: 3, fields: [] }));
    fireEvent.click(await screen.findByTestId('crud-live-bar'));
    await waitFor(() => expect(document.querySelector('.crud-live-row')).toBeNull());
    expect(bodyRows()[1].title).toBe('');
  });

  test('after a resync the bar shows too; an empty list reads itself again quietly', async () => {
    let rows: ReturnType<typeof row>[] = [];
    mockApi('/v1/feedbackType/list', () => ({ list: rows, total: rows.length }));
    const live = await connect();
    closeLive = live.close;
    inRouter(<ResourceListPage resource={typeRes} />);
    await screen.findByTestId('crud-empty');
    rows = [row(1, 'Payment')];
    const before = listCalls();
    live.source.emit('resync', { head: 50 });
    await screen.findByText('Payment');
    expect(listCalls()).toBe(before + 1);
    expect(screen.queryByTestId('crud-live-bar')).toBeNull();

    live.source.emit('resync', { head: 60 });
    expect((await screen.findByTestId('crud-live-bar')).textContent).toBe('The list may have changed — show');
  });
});

describe('a record open in a form', () => {
  test('says who changed it and when, and Reload reads it afresh into the form', async () => {
    let now = row(1, 'Payment');
    mockApi('/v1/feedbackType/info', () => now);
    const live = await connect();
    closeLive = live.close;
    inRouter(<ResourceForm resource={typeRes} record={row(1, 'Payment')} visible onHide={() => {}} onSaved={() => {}} mode="page" />);
    const input = (await screen.findByDisplayValue('Payment')) as HTMLInputElement;
    live.source.emit('change', change({ recordId: 2 }));
    expect(screen.queryByTestId('record-changed')).toBeNull();

    now = { ...row(1, 'Payments'), updateTime: '2026-01-05 16:30:00' };
    live.source.emit('change', change({ recordId: 1 }));
    const notice = await screen.findByTestId('record-changed');
    expect(notice.textContent).toMatch(/^This record was changed by operator2 at 2026-01-05 \d\d:30:00\./);
    fireEvent.click(screen.getByTestId('record-changed-reload'));
    await waitFor(() => expect(input.value).toBe('Payments'));
    expect(screen.queryByTestId('record-changed')).toBeNull();
  });

  test('a deleted record is said to be deleted, with no reload', async () => {
    const live = await connect();
    closeLive = live.close;
    inRouter(<ResourceForm resource={typeRes} record={row(1, 'Payment')} visible onHide={() => {}} onSaved={() => {}} mode="page" />);
    await screen.findByDisplayValue('Payment');
    live.source.emit('change', change({ recordId: 1, op: 'del', fields: [] }));
    expect((await screen.findByTestId('record-changed')).textContent).toContain('This record was deleted by operator2');
    expect(screen.queryByTestId('record-changed-reload')).toBeNull();
  });
});

describe('the header bell', () => {
  test('reads the unread count again when a system message event arrives', async () => {
    const { MessageBell } = await import('../../web/app/layout/MessageBell');
    let unread = 1;
    mockApi('/v1/systemMessage/mine', () => ({ list: [], unread }));
    const live = await connect();
    closeLive = live.close;
    render(<MessageBell />);
    expect((await screen.findByTestId('message-unread')).textContent).toBe('1');
    unread = 3;
    live.source.emit('change', change({ entity: 'systemMessage', recordId: 9, op: 'add', fields: [] }));
    await waitFor(() => expect(screen.getByTestId('message-unread').textContent).toBe('3'));
  });
});
