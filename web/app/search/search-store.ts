import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Opens the menu search modal (header button, Ctrl+K / ⌘K). */
export function openSearch(): void {
  if (open) return;
  open = true;
  emit();
}

/** Closes the menu search modal. */
export function closeSearch(): void {
  if (!open) return;
  open = false;
  emit();
}

/** Whether the menu search modal is open. */
export function useSearchOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}

/** Ctrl+K (⌘K on a Mac) opens the search from anywhere, even inside a text field (behaviour notes "Menu search"). */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
