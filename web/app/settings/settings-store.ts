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

/** Opens the settings drawer (settings button; other shell menus may call it too). */
export function openSettings(): void {
  set(true);
}

/** Closes the settings drawer. */
export function closeSettings(): void {
  set(false);
}

/** Whether the settings drawer is open. */
export function useSettingsOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
