import { useEffect, useRef } from 'react';

/**
 * Asks before leaving a page with unsaved changes (issue "leaving a page form with unsaved changes
 * asks first"): while `active`, a reload or closing the window shows the browser's prompt, and an
 * in-app navigation away from the current path (history push/replace, which the router and the
 * tabs use) asks `message` with the browser's confirm; refusing keeps the page. Navigations that
 * stay on the path (query changes) pass. Answers `release()`, which drops the guard at once (call it
 * before navigating away after a save).
 */
export function useLeaveGuard(active: boolean, message: string): { release: () => void } {
  const restore = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!active || typeof window === 'undefined') return;
    const here = window.location.pathname;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const push = window.history.pushState;
    const replace = window.history.replaceState;
    const guard = (orig: History['pushState']): History['pushState'] =>
      function (this: History, data, unused, url) {
        const target = url == null ? window.location.pathname : new URL(String(url), window.location.href).pathname;
        // Only while this page is the one shown: a kept-alive page in another tab never asks.
        if (window.location.pathname === here && target !== here && !window.confirm(message)) return;
        return orig.call(this, data, unused, url);
      };
    let done = false;
    const restoreAll = () => {
      if (done) return;
      done = true;
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (window.history.pushState === guarded.push) window.history.pushState = push;
      if (window.history.replaceState === guarded.replace) window.history.replaceState = replace;
      restore.current = null;
    };
    const guarded = { push: guard(push), replace: guard(replace) };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.history.pushState = guarded.push;
    window.history.replaceState = guarded.replace;
    restore.current = restoreAll;
    return restoreAll;
  }, [active, message]);
  return { release: () => restore.current?.() };
}
