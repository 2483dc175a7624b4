import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { defineResource, ResourceListPage } from '../../web/crud';
import { DEFAULT_PROJECT_CONFIG, getProjectConfig, resetProjectConfig, updateProjectConfig } from '../../web/services/project-config';
import { getChosenColumns, loadPreferences, SAVE_DELAY_MS, setChosenColumns, stopPreferences } from '../../web/services/preferences';
import { local, StorageKey } from '../../web/lib/storage';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * Preferences that follow the account, in the browser: after sign-in one request brings the
 * user's settings and list columns, which replace whatever this browser's storage holds (a cleared
 * browser, or one another user left its layout in); the user's changes are written once a burst
 * settles; a reset deletes the server's copy; a server that cannot answer changes nothing the user sees.
 */

const types = [
  { id: 1, typeName: 'Payment', description: '', sort: 0, status: 1, createTime: '2026-01-01 10:00:00' },
  { id: 2, typeName: 'Refund', description: '', sort: 1, status: 0, createTime: '2026-01-02 10:00:00' },
];
const typeRes = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], filters: ['typeName'], form: { mode: 'dialog', fields: ['typeName'] } });

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

    mockApi('/console/preference/list', () => [
      { key: 'columns:feedbackType', value: ['id', 'typeName'], updateTime: '2026-12-04 10:00:00' },
      { key: 'projectConfig', value: { themeColor: '#009688', menuSetting: { collapsed: true } }, updateTime: '2026-12-04 10:00:00' },
    ]);
    await act(() => loadPreferences());
    expect(calls.filter((c) => c.path.startsWith('/console/preference/')).map((c) => c.path)).toEqual(['/console/preference/list']);
    expect(getProjectConfig()).toMatchObject({ themeColor: '#009688', menuSetting: { ...DEFAULT_PROJECT_CONFIG.menuSetting, collapsed: true } });
    await waitFor(() => expect(headers()).not.toContain('Status'));
    expect(headers()).toEqual(expect.arrayContaining(['ID', 'Type name']));
    // The local copies are the server's now (the next start reads them before the server answers).
    expect(local.get(StorageKey.projectConfig)).toMatchObject({ themeColor: '#009688' });
    // Nothing is written back for what came from the server.
    expect(writes()).toEqual([]);
  });

  test('what another user left in this browser gives way to the defaults when the server has nothing for this user', async () => {
    updateProjectConfig({ grayMode: true });
    setChosenColumns('feedbackType', ['id']);
    mockApi('/console/preference/list', () => []);
    await loadPreferences();
    expect(getProjectConfig()).toEqual(DEFAULT_PROJECT_CONFIG);
    expect(getChosenColumns('feedbackType')).toBeNull();
    showList();
    await screen.findByText('Payment');
    expect(headers()).toContain('Status');
  });

  test('a server that cannot answer leaves the local copies, silently; changes are still kept locally', async () => {
    updateProjectConfig({ grayMode: true });
    mockApi('/console/preference/list', () => {
      throw { code: 503, message: 'Preferences cannot be read or kept now; try again later' };
    });
    mockApi('/console/preference/update', () => {
      throw { code: 503, message: 'Preferences cannot be read or kept now; try again later' };
    });
    await loadPreferences();
    expect(getProjectConfig().grayMode).toBe(true);
    updateProjectConfig({ colorWeak: true });
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(getProjectConfig()).toMatchObject({ grayMode: true, colorWeak: true });
    expect(notices).toEqual([]);
  });
});

describe('saving', () => {
  test('a burst of changes is written once, with the latest value, as the differences from the defaults; columns likewise', async () => {
    mockApi('/console/preference/list', () => []);
    mockApi('/console/preference/update', (b) => ({ ...(b as object), updateTime: '2026-12-04 10:00:00' }));
    await loadPreferences();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    updateProjectConfig({ themeColor: '#ff9800' });
    updateProjectConfig({ menuSetting: { menuWidth: 250 } });
    setChosenColumns('feedbackType', ['typeName', 'status']);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 50);
    expect(writes()).toEqual([]);
    updateProjectConfig({ themeColor: '#009688' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    vi.useRealTimers();
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual(
      expect.arrayContaining([
        { key: 'projectConfig', value: { themeColor: '#009688', menuSetting: { menuWidth: 250 } } },
        { key: 'columns:feedbackType', value: ['typeName', 'status'] },
      ]),
    );
  });

  test('reset and "back to the fit" delete the server’s copies', async () => {
    mockApi('/console/preference/list', () => [{ key: 'projectConfig', value: { grayMode: true }, updateTime: '2026-12-04 10:00:00' }, { key: 'columns:feedbackType', value: ['id'], updateTime: '2026-12-04 10:00:00' }]);
    mockApi('/console/preference/update', (b) => ({ key: (b as { key: string }).key, value: null, updateTime: null }));
    await loadPreferences();
    expect(getProjectConfig().grayMode).toBe(true);
    resetProjectConfig();
    setChosenColumns('feedbackType', null);
    expect(getProjectConfig()).toEqual(DEFAULT_PROJECT_CONFIG);
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual(expect.arrayContaining([{ key: 'projectConfig', value: null }, { key: 'columns:feedbackType', value: null }]));
  });

  test('signed out, nothing is written', async () => {
    mockApi('/console/preference/list', () => []);
    await loadPreferences();
    stopPreferences();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    updateProjectConfig({ grayMode: true });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);
  });
});

describe('the column chooser', () => {
  test('a choice made in the list is saved for the user', async () => {
    mockApi('/console/preference/list', () => []);
    mockApi('/console/preference/update', (b) => ({ ...(b as object), updateTime: '2026-12-04 10:00:00' }));
    await loadPreferences();
    showList();
    await screen.findByText('Payment');
    fireEvent.click(await screen.findByTestId('crud-columns'));
    const item = () => [...document.querySelectorAll<HTMLElement>('.p-multiselect-panel .p-multiselect-item')].find((el) => el.textContent?.includes('Status'));
    await waitFor(() => expect(item()).toBeTruthy());
    fireEvent.click(item()!);
    await waitFor(() => expect(headers()).not.toContain('Status'));
    await waitFor(() => expect(writes()).toEqual([{ key: 'columns:feedbackType', value: ['id', 'typeName'] }]));
  });
});
