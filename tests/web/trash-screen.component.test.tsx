import { beforeAll, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import SystemTrashPage, { TrashRowActions } from '../../web/pages/system/trash.page';
import MyTrashDialog from '../../web/pages/system/MyTrashDialog';
import { provideSessionActor } from '../../web/services/session';
import { subscribeNotices } from '../../web/services/notify';
import { createSessionActor } from '../../web/app/session';
import { calls, mockApi, notices, render } from './component/setup';

/*
 * The Trash screen: entries newest first with their kind by title; Restore brings one back (the
 * list reloads without it) or shows why it cannot; Purge is offered to administrators only, asks
 * first, then deletes the entry for good. The user menu's Trash dialog gives every user, not only
 * administrators, the entries the server lets them see, with Restore.
 */

beforeAll(() => {
  provideSessionActor(() => createSessionActor([]));
  // The screen's own toasts go through the shell's notifier.
  subscribeNotices((n) => notices.push(n.message));
});

const T = '2026-12-04 10:00:00';
const entry = (id: number, recordId: number, label: string) => ({ id, entity: 'gameTag', recordId, label, userId: 1, username: 'admin', related: 0, expireTime: '2027-01-03 10:00:00', createTime: T, updateTime: T });

function inRouter(ui: React.ReactNode) {
  const loc = memoryLocation({ path: '/system/trash', record: true });
  return render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      {ui}
      <ConfirmDialog />
    </Router>,
  );
}

test('Restore brings the record back and the list reloads without it; a refusal is shown and the row stays', async () => {
  let live = [entry(2, 12, 'RPG'), entry(1, 11, 'FPS')];
  mockApi('/console/trash/list', () => ({ list: live, total: live.length }));
  mockApi('/console/trash/restore', (b) => {
    const id = (b as { id: number }).id;
    if (id === 1) throw { code: 400, message: 'Game tag 11 (FPS) cannot be restored: "FPS" is now used by game tag 40' };
    live = live.filter((r) => r.id !== id);
    return { entity: 'gameTag', recordId: 12 };
  });
  inRouter(<SystemTrashPage />);
  const rpg = (await screen.findByText('RPG')).closest('tr') as HTMLElement;
  expect(within(rpg).getAllByText('Game tag').length).toBeGreaterThan(0);
  // Not an administrator: no purge.
  expect(screen.queryByTestId('trash-purge')).toBeNull();

  fireEvent.click(within(rpg).getByTestId('trash-restore'));
  await waitFor(() => expect(screen.queryByText('RPG')).toBeNull());
  expect(notices).toContain('Game tag 12 (RPG) is back');

  fireEvent.click(within(screen.getByText('FPS').closest('tr') as HTMLElement).getByTestId('trash-restore'));
  await waitFor(() => expect(notices.some((n) => n.includes('cannot be restored'))).toBe(true));
  expect(screen.getByText('FPS')).toBeTruthy();
  expect(calls.filter((c) => c.path === '/console/trash/restore').map((c) => c.body)).toEqual([{ id: 2 }, { id: 1 }]);
});

test('an administrator purges an entry after confirming', async () => {
  let purged: unknown = null;
  mockApi('/console/trash/purge', (b) => {
    purged = b;
    return { count: 1 };
  });
  const reloads: number[] = [];
  inRouter(<TrashRowActions row={entry(5, 15, 'MOBA')} reload={() => reloads.push(1)} admin />);
  fireEvent.click(screen.getByTestId('trash-purge'));
  const dialog = (await screen.findByText('Purge for good', { selector: '.p-dialog-title' })).closest('.p-dialog') as HTMLElement;
  expect(dialog.textContent).toContain('MOBA');
  expect(purged).toBeNull();
  fireEvent.click(dialog.querySelector('.p-confirm-dialog-accept') as HTMLElement);
  await waitFor(() => expect(purged).toEqual({ ids: [5] }));
  await waitFor(() => expect(reloads).toHaveLength(1));
});

test("the user menu's Trash: an operator sees the entries the server answers and restores one, with no purge", async () => {
  let live = [entry(3, 13, 'MOBA')];
  mockApi('/console/trash/list', () => ({ list: live, total: live.length }));
  mockApi('/console/trash/restore', (b) => {
    live = live.filter((r) => r.id !== (b as { id: number }).id);
    return { entity: 'gameTag', recordId: 13 };
  });
  inRouter(<MyTrashDialog visible onHide={() => {}} />);
  const row = (await screen.findByText('MOBA')).closest('tr') as HTMLElement;
  expect(screen.queryByTestId('trash-purge')).toBeNull();
  fireEvent.click(within(row).getByTestId('trash-restore'));
  await waitFor(() => expect(screen.queryByText('MOBA')).toBeNull());
  expect(notices).toContain('Game tag 13 (MOBA) is back');
});
