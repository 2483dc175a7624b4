import { useSyncExternalStore } from 'react';

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

/** Opens the lock dialog, which asks for a lock password (user menu "Lock screen", Alt+L; behaviour notes "Lock screen"). */
export function openLockDialog(): void {
  set(true);
}

/** Closes the lock dialog. */
export function closeLockDialog(): void {
  set(false);
}

/** Whether the lock dialog is open. */
export function useLockDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
