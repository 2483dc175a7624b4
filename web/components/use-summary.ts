import { useQuery } from '@tanstack/react-query';
import { getSummary, type Summary } from '../api/summary';
import { readQuery } from '../api/query';

export type SummaryState =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: Summary; refreshing: boolean }
  | { status: 'error'; data: null };

/**
 * The summary as a query (key `['admin', 'summary']`): one request for every screen that wants it
 * (keep-alive tabs mounting together share it), the last answer shown at once when a screen opens
 * again while a fresh copy loads (stale at once: the figures move all day).
 */
const summaryQuery = {
  ...readQuery('admin', 'summary', undefined, ({ signal }) => getSummary(signal)),
  staleTime: 0,
};

/**
 * Loads the dashboard summary for the workbench and analysis screens (spec §1, §7).
 * `loading` shows skeletons; `error` shows the retry state (the HTTP client has already shown
 * the toast, spec §8); `retry()` loads again. A failed refresh keeps the data already shown.
 */
export function useSummary(): SummaryState & { retry: () => void } {
  const q = useQuery(summaryQuery);
  const retry = () => void q.refetch();
  if (q.data) return { status: 'ready', data: q.data, refreshing: q.isFetching, retry };
  if (q.isError && !q.isFetching) return { status: 'error', data: null, retry };
  return { status: 'loading', data: null, retry };
}
