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
      const until = visible.current.get(n.message);
      if (until && until > nowMs) return;
      visible.current.set(n.message, nowMs + TOAST_LIFE_MS);
      const summary = n.summary ?? t(n.severity === 'error' ? 'common.errorTip' : 'common.tip');
      const action = n.action;
      // A toast with a link stays a little longer: the user has to read it and reach the link.
      const message: ToastMessage = action
        ? {
            severity: n.severity,
            life: TOAST_LIFE_MS * 2,
            content: (
              <div className="app-toast-body">
                <strong>{summary}</strong>
                <span>{n.message}</span>
                <button type="button" className="app-toast-link" onClick={action.run} data-testid="toast-action">
                  {action.label}
                </button>
              </div>
            ),
          }
        : { severity: n.severity, summary, detail: n.message, life: TOAST_LIFE_MS };
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
