import { useSyncExternalStore } from 'react';

/** Spec §4: the page loading flag turns on only after 50 ms, so fast navigations never flash. */
export const PAGE_LOADING_DELAY_MS = 50;
/** Spec §9: page loading is hidden 220 ms after a navigation finished. */
export const PAGE_LOADING_HIDE_MS = 220;

let pending = 0;
let loading = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** A page (chunk or data) started loading; the flag turns on after 50 ms if it is still loading. */
export function beginPageLoad(): void {
  pending++;
  if (pending === 1) emit();
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
  if (pending === 0) return;
  pending--;
  if (pending > 0) return;
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  loading = false;
  emit();
}

/** The delayed flag (spec §4): on 50 ms after a load began, while any load is pending. */
export function isPageLoading(): boolean {
  return loading;
}

/** True while any page load is pending (no delay): drives the top progress bar. */
export function isPageBusy(): boolean {
  return pending > 0;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The delayed flag for components (the loading overlay). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, isPageLoading);
}

/** Whether any page load is pending, for components (the top progress bar). */
export function usePageBusy(): boolean {
  return useSyncExternalStore(subscribe, isPageBusy);
}
