import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { defineResource, ResourceListPage } from '../../web/crud';
import { DEFAULT_PROJECT_CONFIG, getProjectConfig, resetProjectConfig, updateProjectConfig } from '../../web/services/project-config';
import { flushPreferences, getListLayout, loadPreferences, SAVE_DELAY_MS, setListLayout, stopPreferences, toListLayout } from '../../web/services/preferences';
import { local, StorageKey } from '../../web/lib/storage';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * Preferences that follow the account, in the browser: after sign-in one request brings the
 * user's settings and list layouts. Browser storage is a cache: the server's copy wins once it has
 * a key; a key it does not have yet is taken from this browser and saved; an edit made here that
 * never reached the server (a reload within the save delay) is not lost; another account's copies
 * are never taken. Edits are written once a burst settles; a reset saves the declared defaults.
 */

const types = [
  { id: 1, typeName: 'Payment', description: '', sort: 0, status: 1, createTime: '2026-01-01 10:00:00' },
  { id: 2, typeName: 'Refund', description: '', sort: 1, status: 0, createTime: '2026-01-02 10:00:00' },
];
const typeRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], filters: ['typeName'], form: { mode: 'dialog', fields: ['typeName'] } });
const AT = '2026-12-04 10:00:00';
const USER = Promise.resolve(1);

function showList() {
  mockApi('/v1/feedbackType/list', () => ({ list: types, total: types.length }));
  const loc = memoryLocation({ path: '/feedback/type', record: true });
  return render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <ResourceListPage resource={typeRes} />
    </Router>,
  );
}
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
const writes = () => calls.filter((c) => c.path === '/console/preference/update').map((c) => c.body);
/** The server answers `stored` to the list and keeps every write in it. */
function serverWith(stored: Record<string, unknown>) {
  mockApi('/console/preference/list', () => Object.entries(stored).map(([key, value]) => ({ key, value, updateTime: AT })));
  mockApi('/console/preference/update', (b) => {
    const { key, value } = b as { key: string; value: unknown };
    if (value === null) delete stored[key];
    else stored[key] = value;
    return { key, value, updateTime: AT };
  });
  return stored;
}
/** A reload of the page: the sync stops (what waits to be written is not sent) and starts again from local storage. */
async function reload(owner: Promise<number> = USER) {
  stopPreferences();
  await act(() => loadPreferences(owner));
}

afterEach(() => {
  vi.useRealTimers();
  stopPreferences();
  resetProjectConfig();
});

describe('after sign-in', () => {
  test('a cleared browser gets the server’s settings and columns in one request, and an open list follows', async () => {
    showList();
    await screen.findByText('Payment');
    expect(headers()).toContain('Status');

    serverWith({ 'columns:feedbackType': { shown: ['id', 'typeName'] }, projectConfig: { themeColor: '#009688', menuSetting: { collapsed: true } } });
    await act(() => loadPreferences(USER));
    expect(calls.filter((c) => c.path.startsWith('/console/preference/')).map((c) => c.path)).toEqual(['/console/preference/list']);
    expect(getProjectConfig()).toMatchObject({ themeColor: '#009688', menuSetting: { ...DEFAULT_PROJECT_CONFIG.menuSetting, collapsed: true } });
    await waitFor(() => expect(headers()).not.toContain('Status'));
    expect(headers()).toEqual(expect.arrayContaining(['ID', 'Type name']));
    // The local copies are the server's now (the next start reads them before the server answers).
    expect(local.get(StorageKey.projectConfig)).toMatchObject({ themeColor: '#009688' });
    // Nothing is written back for what came from the server.
    // Whatever waits to be saved goes now: nothing did.
    await act(() => flushPreferences());
    expect(writes()).toEqual([]);
  });

  test("the server's copy wins over what this browser holds from before, once the server has the key", async () => {
    local.set(StorageKey.projectConfig, { ...DEFAULT_PROJECT_CONFIG, grayMode: true });
    local.set('CRUD__COLS__feedbackType', ['id']);
    serverWith({ projectConfig: { colorWeak: true }, 'columns:feedbackType': { shown: ['typeName', 'status'] } });
    await act(() => loadPreferences(USER));
    expect(getProjectConfig()).toMatchObject({ grayMode: false, colorWeak: true });
    expect(getListLayout('feedbackType')).toEqual({ shown: ['typeName', 'status'] });
  });

  test("a key the server does not have yet is taken from this browser's copy and saved for the account, a list's when it opens", async () => {
    local.set(StorageKey.projectConfig, { ...DEFAULT_PROJECT_CONFIG, grayMode: true });
    local.set('CRUD__COLS__feedbackType', ['id']);
    const stored = serverWith({});
    await act(() => loadPreferences(USER));
    expect(getProjectConfig().grayMode).toBe(true);
    await waitFor(() => expect(stored).toEqual({ projectConfig: { grayMode: true } }));
    showList();
    await waitFor(() => expect(headers()).toEqual(['ID', 'Actions']));
    await waitFor(() => expect(stored['columns:feedbackType']).toEqual({ shown: ['id'] }));
    // One write per key, nothing more on the next sign-in.
    expect(writes()).toHaveLength(2);
    await reload();
    // Whatever waits to be saved goes now: nothing did.
    await act(() => flushPreferences());
    expect(writes()).toHaveLength(2);
  });

  test('an edit the server never got (the page reloaded within the save delay) is kept and saved, not replaced by the older server copy', async () => {
    const stored = serverWith({ projectConfig: { grayMode: true }, 'columns:feedbackType': { shown: ['id', 'typeName'] } });
    await act(() => loadPreferences(USER));
    updateProjectConfig({ colorWeak: true });
    setListLayout('feedbackType', { shown: ['id'], density: 'small' });
    await reload();
    expect(getProjectConfig()).toMatchObject({ grayMode: true, colorWeak: true });
    expect(getListLayout('feedbackType')).toEqual({ shown: ['id'], density: 'small' });
    await waitFor(() => expect(stored).toEqual({ projectConfig: { grayMode: true, colorWeak: true }, 'columns:feedbackType': { shown: ['id'], density: 'small' } }));
  });

  test('an edit made here gives way when another browser changed the same key since', async () => {
    const stored = serverWith({ projectConfig: { grayMode: true } });
    await act(() => loadPreferences(USER));
    updateProjectConfig({ colorWeak: true });
    stopPreferences();
    stored.projectConfig = { themeColor: '#009688' };
    await act(() => loadPreferences(USER));
    expect(getProjectConfig()).toMatchObject({ grayMode: false, colorWeak: false, themeColor: '#009688' });
  });

  test('what another account left in this browser is dropped, never taken or saved', async () => {
    serverWith({});
    await act(() => loadPreferences(Promise.resolve(7)));
    updateProjectConfig({ grayMode: true });
    setListLayout('feedbackType', { shown: ['id'] });
    await waitFor(() => expect(writes()).toHaveLength(2));
    calls.length = 0;
    const stored = serverWith({});
    await reload(USER);
    expect(getProjectConfig()).toEqual(DEFAULT_PROJECT_CONFIG);
    expect(getListLayout('feedbackType')).toEqual({});
    // Whatever waits to be saved goes now: nothing did.
    await act(() => flushPreferences());
    expect(stored).toEqual({});
  });

  test('a server that cannot answer leaves the local copies, silently; changes are still kept locally', async () => {
    updateProjectConfig({ grayMode: true });
    mockApi('/console/preference/list', () => {
      throw { code: 503, message: 'Preferences cannot be read or kept now; try again later' };
    });
    mockApi('/console/preference/update', () => {
      throw { code: 503, message: 'Preferences cannot be read or kept now; try again later' };
    });
    await loadPreferences(USER);
    expect(getProjectConfig().grayMode).toBe(true);
    updateProjectConfig({ colorWeak: true });
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(getProjectConfig()).toMatchObject({ grayMode: true, colorWeak: true });
    expect(notices).toEqual([]);
  });
});

describe('saving', () => {
  test('a burst of changes is written once, with the latest value, as the differences from the defaults; layouts likewise', async () => {
    serverWith({});
    await loadPreferences(USER);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    updateProjectConfig({ themeColor: '#ff9800' });
    updateProjectConfig({ menuSetting: { menuWidth: 250 } });
    setListLayout('feedbackType', { shown: ['typeName', 'status'] });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 50);
    expect(writes()).toEqual([]);
    updateProjectConfig({ themeColor: '#009688' });
    setListLayout('feedbackType', { shown: ['typeName', 'status'], order: ['status', 'typeName', 'id'], pinned: { status: 'right' }, widths: { typeName: 180 } });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    vi.useRealTimers();
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual(
      expect.arrayContaining([
        { key: 'projectConfig', value: { themeColor: '#009688', menuSetting: { menuWidth: 250 } } },
        { key: 'columns:feedbackType', value: { shown: ['typeName', 'status'], order: ['status', 'typeName', 'id'], pinned: { status: 'right' }, widths: { typeName: 180 } } },
      ]),
    );
  });

  test('reset saves the declared defaults, so an older copy cannot come back', async () => {
    const stored = serverWith({ projectConfig: { grayMode: true }, 'columns:feedbackType': { shown: ['id'] } });
    await loadPreferences(USER);
    expect(getProjectConfig().grayMode).toBe(true);
    resetProjectConfig();
    setListLayout('feedbackType', null);
    expect(getProjectConfig()).toEqual(DEFAULT_PROJECT_CONFIG);
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(stored).toEqual({ projectConfig: {}, 'columns:feedbackType': {} });
  });

  test('leaving the page writes what waits at once, in a request that outlives the page', async () => {
    const kept: unknown[] = [];
    serverWith({});
    const update = (b: unknown, init: RequestInit) => {
      kept.push({ body: b, keepalive: init.keepalive });
      return { ...(b as object), updateTime: AT };
    };
    mockApi('/console/preference/update', update);
    await loadPreferences(USER);
    updateProjectConfig({ grayMode: true });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(kept).toEqual([{ body: { key: 'projectConfig', value: { grayMode: true } }, keepalive: true }]));
  });

  test('signed out, nothing is written', async () => {
    serverWith({});
    await loadPreferences(USER);
    stopPreferences();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    updateProjectConfig({ grayMode: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);
  });

  test('a stored layout of the wrong shape is read field by field, never breaking the list', () => {
    expect(toListLayout(['id'])).toEqual({ shown: ['id'] });
    expect(toListLayout({ shown: 'id', order: ['a', 1], pinned: { a: 'left', b: 'up' }, widths: { a: 5, b: 'x', c: 9999 }, density: 'huge', fullScreen: 'yes' })).toEqual({ pinned: { a: 'left' }, widths: { a: 40, c: 2000 } });
    expect(toListLayout('x')).toBeNull();
  });
});

describe('the column chooser', () => {
  test('a choice made in the list is saved for the user', async () => {
    serverWith({});
    await loadPreferences(USER);
    showList();
    await screen.findByText('Payment');
    fireEvent.click(await screen.findByTestId('crud-columns'));
    const item = () => [...document.querySelectorAll<HTMLElement>('.p-multiselect-panel .p-multiselect-item')].find((el) => el.textContent?.includes('Status'));
    await waitFor(() => expect(item()).toBeTruthy());
    fireEvent.click(item()!);
    await waitFor(() => expect(headers()).not.toContain('Status'));
    await waitFor(() => expect(writes()).toEqual([{ key: 'columns:feedbackType', value: { shown: ['id', 'typeName'] } }]));
  });
});

describe('the table settings', () => {
  const within = (c: string) => document.querySelector<HTMLElement>(`[data-testid=crud-layout-panel] [data-column="${c}"]`)!;
  const click = (c: string, id: string) => fireEvent.click(within(c).querySelector<HTMLElement>(`[data-testid=${id}]`)!);
  const lastLayout = () => (writes().at(-1) as { value: unknown } | undefined)?.value;

  test('order, pinning, density and full screen change the table at once, are saved for the user, and Reset goes back to the declaration', async () => {
    const stored = serverWith({});
    await loadPreferences(USER);
    showList();
    await screen.findByText('Payment');
    fireEvent.click(screen.getByTestId('crud-layout'));
    await screen.findByTestId('crud-layout-panel');
    expect([...document.querySelectorAll('[data-testid=crud-layout-column]')].map((li) => li.getAttribute('data-column'))).toEqual(['id', 'typeName', 'status']);

    click('status', 'crud-layout-up');
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['ID', 'Status', 'Type name']));
    click('id', 'crud-layout-pin-right');
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Status', 'Type name', 'ID']));
    expect(screen.getByRole('columnheader', { name: 'ID' }).className).toContain('crud-pinned--right');
    expect(within('id').querySelector('[data-testid=crud-layout-pin-right]')!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('crud-density-small'));
    await waitFor(() => expect(document.querySelector('[data-testid=crud-table]')!.className).toContain('p-datatable-sm'));
    fireEvent.click(screen.getByTestId('crud-fullscreen'));
    await waitFor(() => expect(document.querySelector('.crud-card--full')).toBeTruthy());
    await waitFor(() => expect(stored['columns:feedbackType']).toEqual({ order: ['id', 'status', 'typeName'], pinned: { id: 'right' }, density: 'small', fullScreen: true }));

    fireEvent.click(screen.getByTestId('crud-layout-reset'));
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['ID', 'Type name', 'Status']));
    expect(document.querySelector('.crud-card--full')).toBeNull();
    expect(document.querySelector('[data-testid=crud-table]')!.className).not.toContain('p-datatable-sm');
    await waitFor(() => expect(lastLayout()).toEqual({}));
  });

  test("a layout saved in another browser shows after sign-in: order, pins and widths", async () => {
    serverWith({ 'columns:feedbackType': { order: ['status', 'typeName', 'id'], pinned: { typeName: 'left' }, widths: { status: 150 } } });
    await loadPreferences(USER);
    showList();
    await screen.findByText('Payment');
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Type name', 'Status', 'ID']));
    expect(screen.getByRole('columnheader', { name: 'Type name' }).className).toContain('crud-pinned--left');
    expect(screen.getByRole('columnheader', { name: 'Status' }).style.width).toBe('150px');
  });
});
