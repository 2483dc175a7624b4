import { useCallback, useEffect, useState } from 'react';
import { getSummary, type Summary } from '../api/summary';

export type SummaryState =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: Summary; refreshing: boolean }
  | { status: 'error'; data: null };

/**
 * The last summary this window loaded. Opening the other dashboard screen (or coming back to a
 * tab) shows it at once while a fresh copy loads, instead of skeletons every time.
 */
let lastSummary: Summary | null = null;

/**
 * One request at a time for every screen that wants the summary: two screens mounting together
 * (keep-alive tabs) must not send two identical calls, which the HTTP client would cancel as
 * duplicates (behaviour notes "HTTP client").
 */
let inflight: Promise<Summary> | null = null;
function loadSummary(): Promise<Summary> {
  inflight ??= getSummary().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Loads the dashboard summary for the workbench and analysis screens (spec §1, §7).
 * `loading` shows skeletons; `error` shows the retry state (the HTTP client has already shown
 * the toast, spec §8); `retry()` loads again. A failed refresh keeps the data already shown.
 */
export function useSummary(): SummaryState & { retry: () => void } {
  const [state, setState] = useState<SummaryState>(() =>
    lastSummary ? { status: 'ready', data: lastSummary, refreshing: true } : { status: 'loading', data: null },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadSummary().then(
      (data) => {
        lastSummary = data;
        if (live) setState({ status: 'ready', data, refreshing: false });
      },
      () => {
        if (live) setState((s) => (s.status === 'ready' ? { ...s, refreshing: false } : { status: 'error', data: null }));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState((s) => (s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading', data: null }));
    setAttempt((a) => a + 1);
  }, []);

  return { ...state, retry };
}
