import { createOpenFlag } from '../open-flag';
import type { ProjectConfig } from '../../services/project-config';

/** A console-wide keyboard shortcut; `setting` names its switch in `shortcutSetting`. */
export type ShortcutId = keyof ProjectConfig['shortcutSetting'];

/** How a shortcut's keys read in the help dialog, per platform (a Mac shows ⌘ and ⌥). */
export interface ShortcutKeys {
  id: ShortcutId;
  /** Each entry is one way to press it: keys pressed together. */
  keys: (mac: boolean) => string[][];
}

/** The shortcuts the help dialog lists, in its order. */
export const SHORTCUTS: readonly ShortcutKeys[] = [
  { id: 'search', keys: (mac) => [[mac ? '⌘' : 'Ctrl', 'K'], ['/']] },
  { id: 'lock', keys: (mac) => [[mac ? '⌥' : 'Alt', 'L']] },
  { id: 'help', keys: () => [['?']] },
  { id: 'rows', keys: () => [['J'], ['K'], ['↓'], ['↑'], ['Enter']] },
];

type Key = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>;

/**
 * Whether the keystroke goes to a place that takes text (an input, a text area, a select, an
 * editable element): single-key shortcuts (`/`, `?`) are typed there, never taken.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || el.closest?.('[contenteditable="true"], [contenteditable=""]') != null;
}

/**
 * The shortcut a keystroke asks for, or null. Ctrl+K / ⌘K works anywhere, even inside a text
 * field (behaviour notes "Menu search"); Alt+L (⌥L) anywhere, read by the physical key so a Mac's
 * ⌥L (`¬`) counts; `/` and `?` only outside text fields. A switched-off shortcut is no shortcut.
 */
export function shortcutOf(e: Key, target: EventTarget | null, enabled: ProjectConfig['shortcutSetting']): ShortcutId | null {
  if (e.isComposing) return null;
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  let id: ShortcutId | null = null;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') id = 'search';
  else if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && (e.code === 'KeyL' || e.key.toLowerCase() === 'l')) id = 'lock';
  else if (plain && e.key === '/' && !isTypingTarget(target)) id = 'search';
  else if (plain && e.key === '?' && !isTypingTarget(target)) id = 'help';
  return id && enabled[id] ? id : null;
}

/** What a keystroke asks of the shown list's rows: move to the next or previous row, or open the focused one. */
export type RowMove = 'next' | 'prev' | 'open';

/**
 * The row move a keystroke asks for, or null: J and K outside text fields; ↓, ↑ and Enter only
 * while a list row has the focus (elsewhere they scroll the page or press a button). Switched off
 * with `shortcutSetting.rows`.
 */
export function rowMoveOf(e: Key, target: EventTarget | null, enabled: ProjectConfig['shortcutSetting'], onRow: boolean): RowMove | null {
  if (!enabled.rows || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (!e.shiftKey && !isTypingTarget(target)) {
    const k = e.key.toLowerCase();
    if (k === 'j') return 'next';
    if (k === 'k') return 'prev';
  }
  if (!onRow || e.shiftKey) return null;
  if (e.key === 'ArrowDown') return 'next';
  if (e.key === 'ArrowUp') return 'prev';
  if (e.key === 'Enter') return 'open';
  return null;
}

/** Whether this browser is on a Mac (its shortcuts read ⌘ and ⌥). */
export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

const help = createOpenFlag();

/** Opens the keyboard shortcuts dialog (`?`, or its entry in the user menu). */
export const openShortcutsHelp: () => void = help.open;

/** Closes the keyboard shortcuts dialog. */
export const closeShortcutsHelp: () => void = help.close;

/** Whether the keyboard shortcuts dialog is open. */
export const useShortcutsHelpOpen: () => boolean = help.useOpen;
