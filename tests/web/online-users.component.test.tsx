import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import SystemOnlineUsersPage from '../../web/pages/system/onlineUsers.page';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * The Online users screen: each session but the caller's own has "Sign out"; it asks first, and
 * once accepted ends that session (`/console/session/revoke` with its id) and the list shows it gone.
 */

test('"Sign out" asks, then ends that session and the list reloads without it', async () => {
  const rows = [
    { id: 1, username: 'admin', roles: 'Super administrator', ip: '10.0.0.1', client: 'Chrome 131 · Windows', since: '2026-12-04 10:00:00', lastSeen: '2026-12-04 10:05:00', current: true, createTime: '2026-12-04 10:00:00', updateTime: '2026-12-04 10:05:00' },
    { id: 2, username: 'operator', roles: 'Operator', ip: '10.0.0.2', client: 'Firefox 133 · Linux', since: '2026-12-04 09:00:00', lastSeen: '2026-12-04 09:30:00', current: false, createTime: '2026-12-04 09:00:00', updateTime: '2026-12-04 09:30:00' },
  ];
  let live = rows;
  mockApi('/console/session/list', () => ({ list: live, total: live.length }));
  mockApi('/console/session/revoke', (b) => {
    live = live.filter((r) => r.id !== (b as { id: number }).id);
    return null;
  });
  const loc = memoryLocation({ path: '/system/onlineUsers', record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <SystemOnlineUsersPage />
      <ConfirmDialog />
    </Router>,
  );
  const row = (await screen.findByText('operator')).closest('tr') as HTMLElement;
  // The caller's own session is marked, not offered.
  const own = screen.getByText('admin').closest('tr') as HTMLElement;
  expect(within(own).queryByTestId('session-sign-out')).toBeNull();
  expect(within(own).getByText('This session')).toBeTruthy();

  fireEvent.click(within(row).getByTestId('session-sign-out'));
  const dialog = (await screen.findByText('Sign out this session')).closest('.p-dialog') as HTMLElement;
  expect(dialog.textContent).toContain('operator');
  expect(calls.some((c) => c.path === '/console/session/revoke')).toBe(false);
  fireEvent.click(dialog.querySelector('.p-confirm-dialog-accept') as HTMLElement);

  await waitFor(() => expect(screen.queryByText('operator')).toBeNull());
  expect(calls.filter((c) => c.path === '/console/session/revoke').map((c) => c.body)).toEqual([{ id: 2 }]);
  expect(notices).toContain('The session of operator was ended');
});
