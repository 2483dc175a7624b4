import type { RecordTitle } from '../machines/tabs.machine';

/**
 * A record screen's title for its tab (`订单 O2026…`): the page names its record once it is read,
 * the shell's tabs show it. The shell subscribes at boot (web/app/tabs), so pages reach the tabs
 * without importing the shell.
 */
type Listener = (tabKey: string, title: RecordTitle) => void;
const listeners = new Set<Listener>();

/** Names the record shown in the tab `tabKey` (its path, plus `?query` when it has one). */
export function announceRecordTitle(tabKey: string, title: RecordTitle): void {
  for (const l of [...listeners]) l(tabKey, title);
}

/** Calls `listener` for every title announced from now on; answers the unsubscribe. */
export function subscribeRecordTitles(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
