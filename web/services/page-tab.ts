/**
 * A page's request to close its own tab once it has moved on (a page-mode add or modify form after
 * its save, back on its list): the shell's tabs subscribe at boot (web/app/tabs), so pages and the
 * kit reach them without importing the shell. With multi-tab off the request does nothing.
 */
type Listener = (tabKey: string) => void;
const listeners = new Set<Listener>();

/** Closes the tab `tabKey` (its path, plus `?query` when it has one), once it is no longer the active tab; affix tabs stay. */
export function closePageTab(tabKey: string): void {
  for (const l of [...listeners]) l(tabKey);
}

/** Calls `listener` for every close request from now on; answers the unsubscribe. */
export function subscribePageTabCloses(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
