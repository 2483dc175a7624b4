import type { Notice } from '../api/http';

/** Spec §9: toast duration 3 s, top right. */
export const TOAST_LIFE_MS = 3000;
/** A toast with a link (export jobs, a download): twice as long, the user has to read it and reach the link. */
export const LINK_TOAST_LIFE_MS = 2 * TOAST_LIFE_MS;

/**
 * A button on a toast (the kit's Undo): its label and what it does. The toast closes when it is
 * pressed; `life` (ms) is how long such a toast stays (longer than {@link TOAST_LIFE_MS}).
 */
export interface NoticeAction {
  label: string;
  run: () => void;
}

/** A notice with its severity, as the shell's notifier receives it; `action` and `life` for a toast that offers one. */
export type NoticeItem = Notice & { severity: 'error' | 'success' | 'info' | 'warn'; summary?: string; action?: NoticeAction; life?: number };

type Listener = (n: NoticeItem) => void;
let listener: Listener | null = null;
const queue: NoticeItem[] = [];

/**
 * Shows a message as a toast (top right, 3 s) or a modal (`n.mode`), through whichever notifier
 * subscribed ({@link subscribeNotices}: the shell's `<Notifier>`). Messages sent before it mounts
 * are queued and delivered when it subscribes. Toasts are de-duplicated by text while visible
 * (behaviour notes "HTTP client"), by the notifier.
 */
export function notify(n: Notice, severity: NoticeItem['severity'] = 'error', summary?: string, extra: { action?: NoticeAction; life?: number } = {}): void {
  const item = { ...n, severity, summary, ...extra };
  if (listener) listener(item);
  else queue.push(item);
}

/**
 * Makes `l` the one receiver of {@link notify}'s messages (the queued ones first); returns the
 * unsubscribe. A later subscriber replaces an earlier one (one notifier per page).
 */
export function subscribeNotices(l: Listener): () => void {
  listener = l;
  queue.splice(0).forEach((n) => l(n));
  return () => {
    if (listener === l) listener = null;
  };
}
