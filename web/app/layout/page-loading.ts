import { useSyncExternalStore } from 'react';

/** Spec §4: the page loading flag turns on only after 50 ms, so fast navigations never flash. */
export const PAGE_LOADING_DELAY_MS = 50;

let pending = 0;
let loading = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** A page (chunk or data) started loading; the flag turns on after 50 ms if it is still loading. */
export function beginPageLoad(): void {
  pending++;
  if (pending === 1 && !timer) {
    timer = setTimeout(() => {
      timer = null;
      if (pending > 0 && !loading) {
        loading = true;
        emit();
      }
    }, PAGE_LOADING_DELAY_MS);
  }
}

/** The page finished loading (or was abandoned). */
export function endPageLoad(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  if (loading) {
    loading = false;
    emit();
  }
}

export function isPageLoading(): boolean {
  return loading;
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => loading,
  );
}
