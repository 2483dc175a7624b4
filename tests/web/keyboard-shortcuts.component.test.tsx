import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from './component/setup';
import { Shortcuts } from '../../web/app/shortcuts/Shortcuts';
import { closeShortcutsHelp, shortcutOf } from '../../web/app/shortcuts/shortcut-keys';
import { closeSearch, useSearchOpen } from '../../web/app/search/search-store';
import { closeLockDialog } from '../../web/app/lock/lock-dialog-store';
import { resetProjectConfig, updateProjectConfig } from '../../web/services/project-config';

/**
 * The console's keyboard shortcuts as a user presses them: `?` lists them, Ctrl/⌘K and `/` open
 * the search, Alt+L the lock dialog; `/` and `?` typed in a field stay in the field; each can be
 * switched off, and a switched-off one does nothing.
 */

// The lock dialog itself (its password form, the session it locks) has its own tests; here it only says it is open.
vi.mock('../../web/app/lock/LockDialog', () => ({ default: () => <p>lock dialog</p> }));

function SearchShown() {
  return useSearchOpen() ? <p>search is open</p> : null;
}

const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) => act(() => void fireEvent.keyDown(target, { key, ...init }));

afterEach(() => {
  act(() => {
    closeSearch();
    closeShortcutsHelp();
    closeLockDialog();
    resetProjectConfig();
  });
});

describe('keyboard shortcuts', () => {
  test('? lists the shortcuts with their keys and switches; a switch turned off there stops its shortcut', async () => {
    render(<><Shortcuts /><SearchShown /></>);
    press('?');
    const help = await screen.findByTestId('shortcuts-help');
    expect(help.textContent).toContain('Search menus and records');
    expect(help.textContent).toContain('Lock the screen');
    expect([...help.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'K', '/', 'Alt', 'L', '?', 'J', 'K', '↓', '↑', 'Enter']);
    const searchSwitch = screen.getByRole('switch', { name: 'Search menus and records' });
    expect(searchSwitch.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(searchSwitch);
    await waitFor(() => expect(searchSwitch.getAttribute('aria-checked')).toBe('false'));
    act(() => closeShortcutsHelp());
    press('k', { ctrlKey: true });
    press('/');
    expect(screen.queryByText('search is open')).toBeNull();
  });

  test('Ctrl+K works inside a field; / opens the search outside one and is typed inside one', async () => {
    render(<><Shortcuts /><SearchShown /><input aria-label="name" /></>);
    const field = screen.getByLabelText('name');
    press('/', {}, field);
    expect(screen.queryByText('search is open')).toBeNull();
    press('k', { ctrlKey: true }, field);
    expect(screen.getByText('search is open')).toBeTruthy();
    act(() => closeSearch());
    press('/');
    expect(screen.getByText('search is open')).toBeTruthy();
  });

  test('Alt+L opens the lock dialog; switched off in the settings, it does nothing', async () => {
    render(<Shortcuts />);
    press('l', { altKey: true, code: 'KeyL' } as KeyboardEventInit);
    expect(await screen.findByText('lock dialog', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => closeLockDialog());
    await waitFor(() => expect(screen.queryByText('lock dialog')).toBeNull());
    act(() => void updateProjectConfig({ shortcutSetting: { lock: false } }));
    press('l', { altKey: true, code: 'KeyL' } as KeyboardEventInit);
    expect(shortcutOf({ key: 'l', code: 'KeyL', altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, isComposing: false }, document.body, { search: true, lock: false, help: true, rows: true })).toBeNull();
    expect(screen.queryByText('lock dialog')).toBeNull();
  });

  test('a Mac’s ⌥L (which types ¬) still locks; a composing keystroke is never a shortcut', () => {
    const on = { search: true, lock: true, help: true, rows: true };
    const base = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, isComposing: false };
    expect(shortcutOf({ ...base, key: '¬', code: 'KeyL', altKey: true }, document.body, on)).toBe('lock');
    expect(shortcutOf({ ...base, key: 'K', code: 'KeyK', metaKey: true }, document.body, on)).toBe('search');
    expect(shortcutOf({ ...base, key: '?', code: 'Slash', isComposing: true }, document.body, on)).toBeNull();
    const area = document.createElement('textarea');
    expect(shortcutOf({ ...base, key: '?', code: 'Slash' }, area, on)).toBeNull();
  });
});

describe('row navigation', () => {
  /** A shown list of three rows (detail, freeze, delete actions) beside a hidden kept-alive one. */
  function Lists({ opened }: { opened: (id: number) => void }) {
    const table = (ids: number[]) => (
      <table data-testid="crud-table">
        <tbody>
          {ids.map((id) => (
            <tr key={id} data-id={id}>
              <td>{id}</td>
              <td>
                <span className="crud-row-actions">
                  <button type="button" className="crud-link p-button-danger" onClick={() => opened(-id)}>freeze</button>
                  <button type="button" className="crud-link" onClick={() => opened(id)}>detail</button>
                  <button type="button" data-testid="crud-del" onClick={() => opened(-1000 - id)}>delete</button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
    return (
      <>
        <div className="page-view" hidden>{table([9])}</div>
        <div className="page-view">
          <input aria-label="keyword" />
          {table([1, 2, 3])}
        </div>
      </>
    );
  }
  const focusedId = () => (document.activeElement as HTMLElement | null)?.dataset.id;

  test('J and K move through the shown list, ↓ ↑ while a row has the focus; Enter opens the row (never a dangerous action); typing in a field is left alone', () => {
    const opened = vi.fn();
    render(<><Shortcuts /><Lists opened={opened} /></>);
    press('j');
    expect(focusedId()).toBe('1');
    press('j', {}, document.activeElement!);
    press('ArrowDown', {}, document.activeElement!);
    expect(focusedId()).toBe('3');
    press('j', {}, document.activeElement!);
    expect(focusedId()).toBe('3');
    press('k', {}, document.activeElement!);
    press('ArrowUp', {}, document.activeElement!);
    expect(focusedId()).toBe('1');
    press('Enter', {}, document.activeElement!);
    expect(opened).toHaveBeenCalledExactlyOnceWith(1);
    const field = screen.getByLabelText('keyword');
    field.focus();
    press('j', {}, field);
    press('ArrowDown', {}, field);
    expect(document.activeElement).toBe(field);
  });

  test('switched off, the keys do nothing', () => {
    act(() => void updateProjectConfig({ shortcutSetting: { rows: false } }));
    render(<><Shortcuts /><Lists opened={() => {}} /></>);
    press('j');
    expect(focusedId()).toBeUndefined();
  });
});
