import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();
/** What was typed between the opening and the text box taking the focus (see {@link openSearch}). */
let typedAhead = '';
let onTypedAhead: ((text: string) => void) | null = null;
let box: HTMLElement | null = null;
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/**
 * Keeps a keystroke typed while the modal is open and its text box does not have the focus yet
 * (the dialog mounts its content a render or two after the shortcut): printable characters and
 * Backspace go into the text the box starts with (or receives, while still unfocused), instead of
 * being lost or typed into the field that had the focus. Once the box has the focus, it types itself.
 */
function captureTypeAhead(e: KeyboardEvent): void {
  if (!open || (box && document.activeElement === box)) return stopTypeAhead();
  if (e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
  if ([...e.key].length === 1) typedAhead += e.key;
  else if (e.key === 'Backspace') typedAhead = typedAhead.slice(0, -1);
  else return;
  e.preventDefault();
  e.stopPropagation();
  onTypedAhead?.(typedAhead);
}

function stopTypeAhead(): void {
  window.removeEventListener('keydown', captureTypeAhead, true);
}

/**
 * Opens the menu search modal (header button, Ctrl+K / ⌘K). From this moment what the user types
 * is kept for the text box (see {@link takeTypeAhead}), so a query typed right after the shortcut
 * arrives whole.
 */
export function openSearch(): void {
  if (open) return;
  open = true;
  typedAhead = '';
  window.addEventListener('keydown', captureTypeAhead, true);
  emit();
}

/** Closes the menu search modal. */
export function closeSearch(): void {
  if (!open) return;
  open = false;
  stopTypeAhead();
  typedAhead = '';
  onTypedAhead = null;
  box = null;
  emit();
}

/**
 * The text typed since the modal opened, for the text box `input` as it mounts; until `input` has
 * the focus, later keystrokes call `onText` with the whole text typed so far. Answers the text so
 * far and the release (call it when the box unmounts).
 */
export function takeTypeAhead(input: HTMLElement | null, onText: (text: string) => void): { text: string; release: () => void } {
  box = input;
  onTypedAhead = onText;
  if (input && document.activeElement === input) stopTypeAhead();
  return {
    text: typedAhead,
    release: () => {
      if (box === input) box = null;
      if (onTypedAhead === onText) onTypedAhead = null;
    },
  };
}

/** The text typed since the modal opened (the text box's first value). */
export function typedAheadText(): string {
  return typedAhead;
}

/** Whether the menu search modal is open. */
export function useSearchOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}

/** Ctrl+K (⌘K on a Mac) opens the search from anywhere, even inside a text field (behaviour notes "Menu search"). */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
