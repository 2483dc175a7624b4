import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyWithRetry } from '../services/chunk';
import type { Toast, ToastMessage } from 'primereact/toast';
import { useTranslation } from 'react-i18next';
import { subscribeNotices, TOAST_LIFE_MS } from '../services/notify';

// The modal (PrimeReact's Dialog) loads when the first modal notice comes: the login route rarely needs it.
const NotifyModal = lazyWithRetry(() => import('./notify-modal'));
// So does the toast stack (PrimeReact's Toast and its transitions, out of the login budget): the first
// toast waits for it, the later ones show at once.
const ToastStack = lazyWithRetry(() => import('primereact/toast').then((m) => ({ default: m.Toast })));

/** The toast stack and the error modal; mounted once at the app root. */
export function Notifier() {
  const { t } = useTranslation();
  const toast = useRef<Toast | null>(null);
  const pending = useRef<ToastMessage[]>([]);
  const [stackWanted, setStackWanted] = useState(false);
  const visible = useRef(new Map<string, number>());
  const [modal, setModal] = useState<string | null>(null);
  // The stack mounted: show what came while it loaded.
  const attach = useCallback((t: Toast | null) => {
    toast.current = t;
    if (t && pending.current.length) t.show(pending.current.splice(0));
  }, []);

  useEffect(() => {
    return subscribeNotices((n) => {
      if (n.mode === 'modal') {
        setModal(n.message);
        return;
      }
      const nowMs = Date.now();
      const life = n.life ?? TOAST_LIFE_MS;
      const until = visible.current.get(n.message);
      // A toast that offers an action (Undo) is never swallowed by an earlier one of the same text.
      if (!n.action && until && until > nowMs) return;
      visible.current.set(n.message, nowMs + life);
      const summary = n.summary ?? t(n.severity === 'error' ? 'common.errorTip' : 'common.tip');
      const message: ToastMessage = { severity: n.severity, summary, detail: n.message, life };
      if (n.action) {
        const { label, run } = n.action;
        message.detail = (
          <span className="app-toast-action">
            <span>{n.message}</span>{' '}
            <button
              type="button"
              className="p-button p-button-sm p-button-text app-toast-action-button"
              data-testid="toast-action"
              onClick={() => {
                toast.current?.remove(message);
                run();
              }}
            >
              {label}
            </button>
          </span>
        );
      }
      if (toast.current) toast.current.show(message);
      else {
        pending.current.push(message);
        setStackWanted(true);
      }
    });
  }, [t]);

  return (
    <>
      {/* Below the header and tab bar (§9 heights 48 + 32…): a toast must not hide the user menu or settings. */}
      {stackWanted && (
        <Suspense fallback={null}>
          <ToastStack ref={attach} position="top-right" className="app-toast" />
        </Suspense>
      )}
      {modal !== null && (
        <Suspense fallback={null}>
          <NotifyModal message={modal} onHide={() => setModal(null)} />
        </Suspense>
      )}
    </>
  );
}
