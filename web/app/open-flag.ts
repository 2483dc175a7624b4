import { useSyncExternalStore } from 'react';

/** An open/closed flag of one shell overlay (a dialog, a drawer), held outside React so any part of the shell can open it. */
export interface OpenFlag {
  open(): void;
  close(): void;
  /** Whether it is open now (outside React). */
  isOpen(): boolean;
  /** Whether it is open, re-rendering the caller when that changes. */
  useOpen(): boolean;
}

/**
 * A module-level open flag: `open()`/`close()` from anywhere (shortcuts, menus), `useOpen()` in the
 * overlay's component (useSyncExternalStore). Setting the value it already has notifies no one.
 */
export function createOpenFlag(): OpenFlag {
  let open = false;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  const set = (v: boolean) => {
    if (open === v) return;
    open = v;
    listeners.forEach((l) => l());
  };
  return {
    open: () => set(true),
    close: () => set(false),
    isOpen: () => open,
    useOpen: () => useSyncExternalStore(subscribe, () => open),
  };
}
