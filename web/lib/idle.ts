/**
 * Runs `fn` in the browser's next idle period, at the latest after `timeout` ms (`requestIdleCallback`);
 * where the browser has no idle callbacks, after `fallbackMs` ms instead. Answers a function that
 * cancels the call if it has not run yet. Used for work nothing on screen waits for: the
 * tab strip's context menu, a list's deferred parts, a deferred URL write, the menu's list screens' code.
 */
export function whenIdle(fn: () => void, timeout: number, fallbackMs = 0): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, fallbackMs);
  return () => clearTimeout(id);
}
