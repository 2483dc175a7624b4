import { afterEach, beforeEach, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { ActionDialog, configureCrud, defineResource, ResourceListPage } from '../../web/crud';
import { api } from '../../web/api/client';
import { Notifier } from '../../web/app/notify';
import { notify } from '../../web/services/notify';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * Undo on a kit list's success toast: a delete's toast offers Undo, which restores the trash
 * entries the delete made (`/console/trash/restore`, marked as an undo of the delete) and
 * refetches the list; a status switch's toast offers Undo, which sets the old status back on the
 * version the change answered; a money action's toast offers none.
 */

const res = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], filters: ['typeName'], form: { mode: 'dialog', fields: ['typeName'] } });
const T0 = '2026-12-04 10:00:00';

beforeEach(() => {
  // The shell's road: the kit's toasts go to the notifier, which draws their Undo button.
  configureCrud({ notify: (m, severity, opts) => {
    notices.push(m);
    notify({ mode: 'toast', message: m }, severity ?? 'success', undefined, opts);
  } });
});
afterEach(() => {
  configureCrud({ notify: (m) => notices.push(m) });
});

function screenWith(ui: React.ReactNode) {
  const loc = memoryLocation({ path: '/feedback/type', record: true });
  return render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      {ui}
      <ConfirmDialog />
      <Notifier />
    </Router>,
  );
}

const headerOf = (c: { path: string }) => c as unknown as { path: string; body: unknown };

test('delete → the toast offers Undo → Undo restores the trash entry and the list shows the row again', async () => {
  let rows = [
    { id: 1, typeName: 'Payment', status: 1, createTime: T0, updateTime: T0 },
    { id: 2, typeName: 'Refund', status: 1, createTime: T0, updateTime: T0 },
  ];
  const gone: typeof rows = [];
  let sentUndoOf: string | null = null;
  mockApi('/v1/feedbackType/list', () => ({ list: rows, total: rows.length }));
  mockApi('/v1/feedbackType/del', (b) => {
    const ids = (b as { ids: number[] }).ids;
    gone.push(...rows.filter((r) => ids.includes(r.id)));
    rows = rows.filter((r) => !ids.includes(r.id));
    return { count: ids.length, trashIds: ids.map((id) => id + 100) };
  });
  mockApi('/console/trash/restore', (b, init) => {
    sentUndoOf = new Headers(init.headers).get('X-Undo-Of');
    const back = gone.find((r) => r.id === (b as { id: number }).id - 100)!;
    rows = [...rows, back].sort((x, y) => x.id - y.id);
    return { entity: 'feedbackType', recordId: back.id };
  });
  screenWith(<ResourceListPage resource={res} />);
  const row = (await screen.findByText('Refund')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByTestId('crud-del'));
  fireEvent.click((await screen.findByText('Delete this record?')).closest('.p-dialog')!.querySelector('.p-confirm-dialog-accept') as HTMLElement);
  await waitFor(() => expect(screen.queryByText('Refund')).toBeNull());

  const toast = (await screen.findByText('1 record(s) deleted')).closest('.p-toast-message') as HTMLElement;
  const listsBefore = calls.filter((c) => c.path === '/v1/feedbackType/list').length;
  fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));

  await screen.findByText('Refund');
  expect(calls.filter((c) => c.path === '/console/trash/restore').map((c) => headerOf(c).body)).toEqual([{ id: 102 }]);
  expect(sentUndoOf).toBe('feedbackType.del:2');
  expect(calls.filter((c) => c.path === '/v1/feedbackType/list').length).toBeGreaterThan(listsBefore);
  await waitFor(() => expect(notices).toContain('Undone'));
});

test('status switch → Undo sets the old status back on the version the change answered', async () => {
  let row = { id: 1, typeName: 'Payment', status: 1, createTime: T0, updateTime: T0 };
  const undoOf: (string | null)[] = [];
  mockApi('/v1/feedbackType/list', () => ({ list: [row], total: 1 }));
  mockApi('/v1/feedbackType/updateStatus', (b, init) => {
    undoOf.push(new Headers(init.headers).get('X-Undo-Of'));
    const { status } = b as { status: number };
    row = { ...row, status, updateTime: status === 0 ? '2026-12-04 10:00:05' : '2026-12-04 10:00:09' };
    return row;
  });
  screenWith(<ResourceListPage resource={res} />);
  await screen.findByText('Payment');
  fireEvent.click(screen.getByTestId('crud-status').querySelector('input') as HTMLInputElement);
  const toast = (await screen.findByText('Status updated')).closest('.p-toast-message') as HTMLElement;
  fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));

  await waitFor(() => expect(calls.filter((c) => c.path === '/v1/feedbackType/updateStatus')).toHaveLength(2));
  const [change, undo] = calls.filter((c) => c.path === '/v1/feedbackType/updateStatus').map((c) => c.body);
  expect(change).toEqual({ id: 1, status: 0, updateTime: T0 });
  expect(undo).toEqual({ id: 1, status: 1, updateTime: '2026-12-04 10:00:05' });
  expect(undoOf).toEqual([null, 'feedbackType.updateStatus:1']);
  await waitFor(() => expect(notices).toContain('Undone'));
});

test('batch status → only the rows not there yet change, one Undo sets each back on its own new version', async () => {
  let rows = [
    { id: 1, typeName: 'Payment', status: 1, createTime: T0, updateTime: T0 },
    { id: 2, typeName: 'Refund', status: 0, createTime: T0, updateTime: T0 },
    { id: 3, typeName: 'Account', status: 1, createTime: T0, updateTime: T0 },
  ];
  const undoOf: (string | null)[] = [];
  mockApi('/v1/feedbackType/list', () => ({ list: rows, total: rows.length }));
  mockApi('/v1/feedbackType/updateStatus', (b, init) => {
    undoOf.push(new Headers(init.headers).get('X-Undo-Of'));
    const { id, status } = b as { id: number; status: number };
    rows = rows.map((r) => (r.id === id ? { ...r, status, updateTime: `2026-12-04 10:00:0${id}` } : r));
    return rows.find((r) => r.id === id)!;
  });
  screenWith(<ResourceListPage resource={res} />);
  await screen.findByText('Payment');
  // Select every row (the header checkbox), then switch them off.
  fireEvent.click(document.querySelector('thead .p-checkbox input, thead .p-checkbox-box') as HTMLElement);
  fireEvent.click(await screen.findByTestId('crud-batch-off'));
  const toast = (await screen.findByText('Status updated on 2 records')).closest('.p-toast-message') as HTMLElement;
  const writes = () => calls.filter((c) => c.path === '/v1/feedbackType/updateStatus').map((c) => c.body);
  expect(writes()).toEqual([{ id: 1, status: 0, updateTime: T0 }, { id: 3, status: 0, updateTime: T0 }]);
  // The selection is of the rows before the change: it is cleared.
  await waitFor(() => expect(screen.queryByTestId('crud-batch-bar')).toBeNull());
  fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));

  await waitFor(() => expect(writes()).toHaveLength(4));
  expect(writes().slice(2)).toEqual([{ id: 1, status: 1, updateTime: '2026-12-04 10:00:01' }, { id: 3, status: 1, updateTime: '2026-12-04 10:00:03' }]);
  expect(undoOf).toEqual([null, null, 'feedbackType.updateStatus:1', 'feedbackType.updateStatus:3']);
  await waitFor(() => expect(notices).toContain('Undone'));
  expect(rows.map((r) => r.status)).toEqual([1, 0, 1]);
});

test('a money action (a refund) keeps its confirmation and its toast offers no Undo', async () => {
  mockApi('/v1/order/refund', () => ({ id: 9 }));
  screenWith(
    <ActionDialog visible title="Refund" action={api.order.refund} fixed={{ id: 5 }} fields={[{ name: 'reason', label: 'Reason' }]} doneMessage="Refund opened" onHide={() => {}} onDone={() => {}} />,
  );
  fireEvent.input(document.getElementById('action-reason') as HTMLInputElement, { target: { value: 'damaged' } });
  fireEvent.click(screen.getByTestId('action-submit'));
  const toast = (await screen.findByText('Refund opened')).closest('.p-toast-message') as HTMLElement;
  expect(within(toast).queryByRole('button', { name: 'Undo' })).toBeNull();
  expect(calls.filter((c) => c.path === '/v1/order/refund')).toHaveLength(1);
});
