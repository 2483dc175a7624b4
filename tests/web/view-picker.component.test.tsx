import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import type { SavedView } from '../../server/contract/saved-views';
import { defineResource, ResourceListPage } from '../../web/crud';
import { prefetchListEntry } from '../../web/crud/list-entry';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * The view picker in a list's toolbar (issue "The operator's own workspace", 1): what a user sees
 * and what the console asks the server when they save a view as, rename, delete, open one, make one
 * the default; a list entered without a query opening the default; a view whose filters no longer
 * exist opening without them, saying so.
 */

const res = defineResource({ entity: feedbackType, route: '/feedback/type', permission: 'FeedbackType', columns: ['id', 'typeName', 'sort', 'status'], filters: ['typeName', 'status'], form: { mode: 'dialog', fields: ['typeName'] } });
const rows = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, typeName: `Type ${i + 1}`, description: '', sort: i, status: 1, createTime: '2026-01-01 10:00:00' }));

function view(over: Partial<SavedView>): SavedView {
  return { id: 1, path: '/feedback/type', name: 'View', query: '', columns: null, shared: false, roleIds: [], ownerName: 'operator', mine: true, canEdit: true, isDefault: false, createTime: '2026-01-01 10:00:00', updateTime: '2026-01-01 10:00:00', ...over };
}

/** The server's views of the screen (`savedView.list` answers them), and its list. */
function serve(views: SavedView[]) {
  mockApi('/v1/feedbackType/list', () => ({ list: rows, total: rows.length }));
  mockApi('/console/savedView/list', () => ({ list: views, total: views.length }));
}
function mount(path = '/feedback/type') {
  const loc = memoryLocation({ path, record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <ConfirmDialog />
      <ResourceListPage resource={res} />
    </Router>,
  );
  return loc;
}
const asked = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const openPicker = async () => {
  fireEvent.click(await screen.findByTestId('crud-views'));
  return screen.findByTestId('crud-views-panel');
};

describe('the view picker', () => {
  test('save as: the list’s URL query and chosen columns are saved under the name typed; the picker names the new view', { timeout: 30_000 }, async () => {
    const views: SavedView[] = [];
    serve(views);
    mockApi('/console/savedView/add', (b) => {
      const v = view({ id: 7, ...(b as Partial<SavedView>) });
      views.push(v);
      return v;
    });
    mount('/feedback/type?typeName=Type%201&sortField=sort&sortOrder=asc');
    await screen.findByText('Type 1');
    const panel = await openPicker();
    expect(within(panel).getByText('No saved views yet')).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('crud-views-save-as'));
    const dialog = await screen.findByTestId('crud-views-dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Mine sorted' } });
    fireEvent.click(within(dialog).getByTestId('crud-views-dialog-submit'));
    await waitFor(() => expect(asked('/console/savedView/add')).toEqual([{ path: '/feedback/type', name: 'Mine sorted', query: 'typeName=Type+1&sortField=sort&sortOrder=asc', columns: null, shared: false }]));
    await waitFor(() => expect(screen.getByTestId('crud-views').textContent).toContain('Mine sorted'));
    expect(notices).toContain('View "Mine sorted" saved');
  });

  test('a name the server refuses is shown beside the field, and nothing closes', { timeout: 30_000 }, async () => {
    serve([]);
    mockApi('/console/savedView/add', () => {
      throw { code: 400, message: 'name: you already have a view named "x" on this screen', extra: { field: 'name' } };
    });
    mount();
    await screen.findByText('Type 1');
    fireEvent.click(within(await openPicker()).getByTestId('crud-views-save-as'));
    const dialog = await screen.findByTestId('crud-views-dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByTestId('crud-views-dialog-submit'));
    await within(dialog).findByText(/already have a view named/);
    expect(screen.getByTestId('crud-views-dialog')).toBeTruthy();
  });

  test('opening a view goes to its URL query; its own views first, a shared one names its maker and offers no change', { timeout: 30_000 }, async () => {
    serve([view({ id: 1, name: 'Named', query: 'typeName=Type+2' }), view({ id: 2, name: 'Team', query: 'status=1', shared: true, roleIds: ['operator'], ownerName: 'admin', mine: false, canEdit: false })]);
    const loc = mount();
    await screen.findByText('Type 1');
    const panel = await openPicker();
    const items = within(panel).getAllByTestId('crud-views-item');
    expect(items.map((i) => i.textContent)).toEqual(['Named', 'Teamby admin']);
    fireEvent.click(items[1]);
    await waitFor(() => expect(loc.history.at(-1)).toBe('/feedback/type?status=1'));
    await waitFor(() => expect(asked('/v1/feedbackType/list').at(-1)).toMatchObject({ status: 1 }));
    const again = await openPicker();
    expect(screen.getByTestId('crud-views').textContent).toContain('Team');
    expect(within(again).queryByTestId('crud-views-save')).toBeNull();
    expect(within(again).queryByTestId('crud-views-rename')).toBeNull();
    expect(within(again).queryByTestId('crud-views-delete')).toBeNull();
    expect(within(again).getByTestId('crud-views-default')).toBeTruthy();
  });

  test('rename, save over it, make it the default and delete the view the URL shows', { timeout: 30_000 }, async () => {
    serve([view({ id: 4, name: 'Old', query: 'typeName=Type+3' })]);
    mockApi('/console/savedView/update', (b) => view({ id: 4, ...(b as Partial<SavedView>) }));
    mockApi('/console/savedView/setDefault', (b) => b);
    mockApi('/console/savedView/del', () => ({ count: 1 }));
    mount('/feedback/type?typeName=Type+3');
    await screen.findByText('Type 1');
    await waitFor(() => expect(screen.getByTestId('crud-views').textContent).toContain('Old'));

    fireEvent.click(within(await openPicker()).getByTestId('crud-views-rename'));
    const dialog = await screen.findByTestId('crud-views-dialog');
    const name = within(dialog).getByLabelText(/Name/) as HTMLInputElement;
    expect(name.value).toBe('Old');
    fireEvent.change(name, { target: { value: 'New name' } });
    fireEvent.click(within(dialog).getByTestId('crud-views-dialog-submit'));
    await waitFor(() => expect(asked('/console/savedView/update')).toEqual([{ id: 4, name: 'New name', shared: false }]));

    fireEvent.click(within(await openPicker()).getByTestId('crud-views-save'));
    await waitFor(() => expect(asked('/console/savedView/update').at(-1)).toEqual({ id: 4, query: 'typeName=Type+3', columns: null }));

    fireEvent.click(within(await openPicker()).getByTestId('crud-views-default'));
    await waitFor(() => expect(asked('/console/savedView/setDefault')).toEqual([{ path: '/feedback/type', id: 4 }]));

    fireEvent.click(within(await openPicker()).getByTestId('crud-views-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(asked('/console/savedView/del')).toEqual([{ ids: [4] }]));
  });

  test('a list entered without a query opens the default view: its URL and its request are the view’s', { timeout: 30_000 }, async () => {
    serve([view({ id: 9, name: 'Start here', query: 'status=0&pageSize=50', isDefault: true })]);
    const loc = mount();
    await waitFor(() => expect(loc.history.at(-1)).toBe('/feedback/type?status=0&pageSize=50'));
    await waitFor(() => expect(asked('/v1/feedbackType/list').at(-1)).toMatchObject({ status: 0, pageSize: 50 }));
    await waitFor(() => expect(screen.getByTestId('crud-views').textContent).toContain('Start here'));
    expect(asked('/console/savedView/list')).toHaveLength(1);
    // The list waited for its views: its one request is the default view's.
    expect(asked('/v1/feedbackType/list')).toEqual([{ pageNum: 1, pageSize: 50, status: 0 }]);
  });

  test('entered from the menu without a query: one request for the views, and the first list request is already the default view’s', { timeout: 30_000 }, async () => {
    serve([view({ id: 9, name: 'Start here', query: 'status=0', isDefault: true })]);
    await prefetchListEntry(res, '');
    expect(calls.map((c) => c.path)).toEqual(['/console/savedView/list', '/v1/feedbackType/list']);
    expect(asked('/v1/feedbackType/list')).toEqual([{ pageNum: 1, pageSize: 10, status: 0 }]);
    const loc = mount();
    await screen.findByText('Type 1');
    await waitFor(() => expect(loc.history.at(-1)).toBe('/feedback/type?status=0'));
    expect(screen.getByTestId('crud-views').textContent).toContain('Start here');
    // The screen took both answers from the cache: nothing more was asked.
    expect(calls.map((c) => c.path)).toEqual(['/console/savedView/list', '/v1/feedbackType/list']);
  });

  test('a view’s columns are shown when it opens, and a view saved after choosing columns keeps them', { timeout: 30_000 }, async () => {
    const views = [view({ id: 5, name: 'Narrow', query: 'status=1', columns: ['typeName', 'status'] })];
    serve(views);
    mockApi('/console/savedView/add', (b) => view({ id: 6, ...(b as Partial<SavedView>) }));
    mount();
    await screen.findByText('Type 1');
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers()).toContain('Sort');
    fireEvent.click(within(await openPicker()).getByTestId('crud-views-item'));
    await waitFor(() => expect(headers()).not.toContain('Sort'));
    expect(headers()).toEqual(expect.arrayContaining(['Type name', 'Status']));
    expect(headers()).not.toContain('ID');
    fireEvent.click(within(await openPicker()).getByTestId('crud-views-save-as'));
    const dialog = await screen.findByTestId('crud-views-dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Copy' } });
    fireEvent.click(within(dialog).getByTestId('crud-views-dialog-submit'));
    await waitFor(() => expect(asked('/console/savedView/add')).toEqual([expect.objectContaining({ name: 'Copy', query: 'status=1', columns: ['typeName', 'status'] })]));
  });

  test('a view whose filters no longer exist or are refused opens without them and says so', { timeout: 30_000 }, async () => {
    serve([view({ id: 3, name: 'Old filters', query: 'typeName=Type+1&gone=1&status=9', columns: ['typeName', 'removed'] })]);
    const loc = mount();
    await screen.findByText('Type 1');
    fireEvent.click(within(await openPicker()).getByTestId('crud-views-item'));
    await waitFor(() => expect(loc.history.at(-1)).toBe('/feedback/type?typeName=Type+1'));
    const notice = await screen.findByTestId('crud-views-notice');
    expect(notice.textContent).toContain('no longer exists');
    expect(notice.textContent).toContain('gone');
    expect(notice.textContent).toContain('Status');
    expect(notice.textContent).toContain('removed');
    expect(asked('/v1/feedbackType/list').at(-1)).toEqual({ pageNum: 1, pageSize: 10, typeName: 'Type 1' });
    fireEvent.click(screen.getByTestId('crud-views-notice-dismiss'));
    expect(screen.queryByTestId('crud-views-notice')).toBeNull();
  });
});
