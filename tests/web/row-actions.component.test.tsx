import { describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { feedbackType } from '../../server/contract/feedback';
import { callOp, defineResource, GuardedButton, ResourceListPage, RowActions, type RowAction } from '../../web/crud';
import { mockApi, render } from './component/setup';

/*
 * A row action that changes the row's status, then the list's answer after the write's
 * invalidation: the row must show the new status and
 * its actions' new states. A disabled action's button was wrapped by PrimeReact's Tooltip in an
 * element React did not know (`showOnDisabled`); when an action turned from a plain link button
 * into a guarded one (or back), React removed and inserted nodes beside that foreign wrapper, the
 * commit threw, and the list kept its old rows. The wrapper is React's own now (`LazyTooltip`).
 */

type Row = Record<string, unknown>;
const res = defineResource({ entity: feedbackType, permission: 'FeedbackType', columns: ['id', 'typeName', 'status'], actions: { status: false, update: false, del: false, batchDel: false } });

/** A list whose rows hold `status` in a store the list handler and the write share (as the mock does). */
function serve(rows: Row[]) {
  const store = rows.map((r) => ({ ...r }));
  mockApi('/v1/feedbackType/list', () => ({ list: store.map((r) => ({ ...r })), total: store.length }));
  mockApi('/v1/feedbackType/updateStatus', (b) => {
    const { id, status } = b as { id: number; status: number };
    store.find((r) => r.id === id)!.status = status;
    return null;
  });
}

/** Two row actions whose availability swaps with the status: turn on (from off), turn off (from on). */
function actionsOf(row: Row): RowAction[] {
  const to = (status: number) => () => void callOp(feedbackType, 'updateStatus', { id: row.id, status });
  return [
    { key: 'on', label: 'Turn on', reason: row.status === 0 ? null : 'already on', onClick: to(1), testId: 'act-on' },
    { key: 'off', label: 'Turn off', reason: row.status === 1 ? null : 'already off', onClick: to(0), testId: 'act-off' },
  ];
}

function list(rowActions: (row: Row) => React.ReactNode) {
  const loc = memoryLocation({ path: '/feedback/type', record: true });
  return render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <ResourceListPage resource={res} rowActions={rowActions} />
    </Router>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const statusOf = (name: string) => rowOf(name).querySelector('[data-value]')?.getAttribute('data-value');


/** The row's one runnable action is `enabled`; `disabled` is off, with `reason` as its stated reason when given. */
function expectOnly(enabled: HTMLButtonElement, disabled: HTMLButtonElement, reason?: string) {
  expect(enabled.disabled).toBe(false);
  expect(disabled.disabled).toBe(true);
  if (reason !== undefined) expect(disabled.getAttribute('data-reason')).toBe(reason);
}

describe('a row action that changes its row (the stale list after a row action)', () => {
  test('the row shows the new status and its actions swap enabled and disabled, in both directions', async () => {
    serve([
      { id: 1, typeName: 'Payment', description: '', sort: 0, status: 0, createTime: '2026-01-01 10:00:00' },
      { id: 2, typeName: 'Refund', description: '', sort: 1, status: 1, createTime: '2026-01-02 10:00:00' },
    ]);
    list((row) => <RowActions actions={actionsOf(row)} testId="acts" />);
    await screen.findByText('Payment');
    const on = () => within(rowOf('Payment')).getByTestId('act-on') as HTMLButtonElement;
    const off = () => within(rowOf('Payment')).getByTestId('act-off') as HTMLButtonElement;
    expect(statusOf('Payment')).toBe('0');
    expectOnly(on(), off(), 'already off');

    await act(async () => fireEvent.click(on()));
    await waitFor(() => expect(statusOf('Payment')).toBe('1'));
    expectOnly(off(), on(), 'already on');
    // The other row is untouched, and the list is still the kit's table (no error screen).
    expect(statusOf('Refund')).toBe('1');

    await act(async () => fireEvent.click(off()));
    await waitFor(() => expect(statusOf('Payment')).toBe('0'));
    expectOnly(on(), off());
  });

  test('a guarded button appearing before a disabled one (a sibling inserted beside the tooltip wrapper)', async () => {
    serve([{ id: 1, typeName: 'Payment', description: '', sort: 0, status: 0, createTime: '2026-01-01 10:00:00' }]);
    list((row) => (
      <span>
        {row.status === 1 && <GuardedButton label="Only when on" reason={null} onClick={() => {}} data-testid="g-extra" />}
        <GuardedButton label="Never" reason="not today" onClick={() => {}} data-testid="g-never" />
        <GuardedButton label="Turn on" reason={row.status === 0 ? null : 'already on'} onClick={() => void callOp(feedbackType, 'updateStatus', { id: row.id, status: 1 })} data-testid="g-on" />
      </span>
    ));
    await screen.findByText('Payment');
    await act(async () => fireEvent.click(screen.getByTestId('g-on')));
    await waitFor(() => expect(statusOf('Payment')).toBe('1'));
    expect(screen.getByTestId('g-extra')).toBeTruthy();
    expect((screen.getByTestId('g-on') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('g-never') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('row actions drawn as plain elements (one PrimeReact Button, Tooltip and Menu per row)', () => {
  test('a guarded link button turns from plain to disabled with its reason and back, as its row changes', async () => {
    serve([{ id: 1, typeName: 'Payment', description: '', sort: 0, status: 0, createTime: '2026-01-01 10:00:00' }]);
    const act1 = (row: Row) => () => void callOp(feedbackType, 'updateStatus', { id: row.id, status: row.status === 0 ? 1 : 0 });
    list((row) => (
      <span>
        <GuardedButton label="Turn on" link size="small" reason={row.status === 0 ? null : 'already on'} onClick={act1(row)} data-testid="l-on" />
        <GuardedButton label="Turn off" link size="small" severity="danger" reason={row.status === 1 ? null : 'already off'} onClick={act1(row)} data-testid="l-off" />
      </span>
    ));
    await screen.findByText('Payment');
    const on = () => screen.getByTestId('l-on') as HTMLButtonElement;
    const off = () => screen.getByTestId('l-off') as HTMLButtonElement;
    // The plain element keeps PrimeReact's classes and name.
    expect(on().className).toContain('p-button-link');
    expect(on().getAttribute('aria-label')).toBe('Turn on');
    expect(off().disabled).toBe(true);
    expect(off().getAttribute('data-reason')).toBe('already off');

    await act(async () => fireEvent.click(on()));
    await waitFor(() => expect(statusOf('Payment')).toBe('1'));
    expectOnly(off(), on(), 'already on');
    expect(off().className).toContain('p-button-danger');

    await act(async () => fireEvent.click(off()));
    await waitFor(() => expect(statusOf('Payment')).toBe('0'));
    expectOnly(on(), off());
  });

  test('"More" opens the row menu on its first click (mounted then) and each later one', async () => {
    serve([{ id: 1, typeName: 'Payment', description: '', sort: 0, status: 0, createTime: '2026-01-01 10:00:00' }]);
    const done: string[] = [];
    const actions: RowAction[] = ['a', 'b', 'c', 'd'].map((k) => ({ key: k, label: `Action ${k}`, onClick: () => void done.push(k), testId: `m-${k}` }));
    list(() => <RowActions actions={actions} testId="acts" />);
    await screen.findByText('Payment');
    expect(screen.queryByTestId('acts-menu')).toBeNull();
    const more = screen.getByTestId('acts-more');
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(more);
    await waitFor(() => expect(screen.getByText('Action c')).toBeTruthy());
    fireEvent.click(screen.getByText('Action d'));
    await waitFor(() => expect(done).toEqual(['d']));
    fireEvent.click(more);
    await waitFor(() => expect(screen.getByText('Action c')).toBeTruthy());
    fireEvent.click(screen.getByText('Action c'));
    await waitFor(() => expect(done).toEqual(['d', 'c']));
  });
});

describe("a guarded button's tooltip (PrimeReact's Tooltip mounted on the first hover)", () => {
  test('nothing of the tooltip before a hover; hovering shows "<label>: <reason>", leaving hides it, again on the next hover', async () => {
    render(<GuardedButton label="Refund" icon="pi pi-wallet" outlined size="small" reason="not paid" onClick={() => {}} data-testid="g-refund" />);
    const button = screen.getByTestId('g-refund') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('data-reason')).toBe('not paid');
    // The wrapper PrimeReact's Tooltip puts around a disabled button, here drawn by React.
    const wrapper = button.parentElement!;
    expect(wrapper.className).toContain('p-tooltip-target-wrapper');
    expect(document.querySelector('.p-tooltip')).toBeNull();
    for (let i = 0; i < 2; i++) {
      fireEvent.mouseEnter(wrapper);
      // PrimeReact's tooltip element (it marks itself aria-hidden while shown: the button's name says it).
      await waitFor(() => expect(document.querySelector('.p-tooltip[role=tooltip]')?.textContent).toBe('Refund: not paid'));
      fireEvent.mouseLeave(wrapper);
      await waitFor(() => expect(document.querySelector('.p-tooltip')).toBeNull());
    }
  });

  test('a button that can run has no tooltip and no wrapper', () => {
    render(<GuardedButton label="Refund" icon="pi pi-wallet" outlined size="small" reason={null} onClick={() => {}} data-testid="g-refund" />);
    const button = screen.getByTestId('g-refund') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.parentElement!.className).not.toContain('p-tooltip-target-wrapper');
  });
});
