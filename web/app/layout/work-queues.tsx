import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryClient, readQuery } from '../../api/query';
import { useLiveEvents } from '../../services/live';

/**
 * The work queues the side menu counts: records waiting for an operator, each counted on its list
 * screen's menu entry (and on its group while the group is closed). A queue is the list endpoint of
 * its entity with a filter; its count is that list's `total`. Only the entries of the user's own
 * menu are counted, so a user sees a queue only when it may open its screen (and the server lets
 * it list the entity), in every mode: the counts are the platform's own lists.
 */
export interface WorkQueue {
  /** The list screen's route (a menu entry's path). */
  path: string;
  /** The contract entity listed (its live events refresh the count). */
  entity: 'refund' | 'feedback' | 'rentApply' | 'order' | 'approval';
  /** The list filter of the records waiting. */
  filter: Record<string, number | boolean>;
}

export const WORK_QUEUES: readonly WorkQueue[] = [
  // Refund applications pending review.
  { path: '/order/back', entity: 'refund', filter: { status: 0 } },
  // Feedback not yet replied to.
  { path: '/feedback/index', entity: 'feedback', filter: { status: 0 } },
  // Owners' applications to rent out an account, pending review.
  { path: '/rent/apply', entity: 'rentApply', filter: { status: 0 } },
  // Paid orders flagged suspicious by the risk check, held before delivery until someone decides.
  { path: '/order/index', entity: 'order', filter: { riskLevel: 1, status: 1 } },
  // Others' requests waiting for a second person the user may approve (a non-approver's count is 0: the server lists only their own).
  { path: '/system/approvals', entity: 'approval', filter: { mine: false, status: 0 } },
];

/** How often a count is read again while no live event arrives (the stream down, a proxy without a watcher), in ms. */
const POLL_MS = 300_000;

/** A queue's count as a read of its entity; the shell's own answer (`shell: true`), so in hybrid mode a count the mock answers does not mark the screen showing as served by the mock. */
const countQuery = (q: WorkQueue) =>
  readQuery(q.entity, 'list', { pageNum: 1, pageSize: 1, ...q.filter }, ({ signal }) =>
    (api[q.entity].list as (p: unknown, o: object) => Promise<{ total: number }>)({ pageNum: 1, pageSize: 1, ...q.filter }, { signal, errorMode: 'none', ignoreCancel: true, shell: true }).then((a) => a.total ?? 0),
  );

/**
 * The number of records waiting in the queues among `paths` (0 when none of them is a queue, or
 * while the counts load; a count that fails adds nothing). The counts are TanStack queries keyed as
 * their entity's reads, so the user's own writes drop them like any read of the entity; others'
 * changes arrive as live events and drop them too.
 */
export function useQueueCount(paths: readonly string[]): number {
  const queues = WORK_QUEUES.filter((q) => paths.includes(q.path));
  const answers = useQueries({ queries: queues.map((q) => ({
      ...countQuery(q),
      staleTime: 30_000,
      // A refused count (a role granted the menu without the list's resource) is not asked again by the poll.
      refetchInterval: (query: { state: { status: string } }) => (query.state.status === 'error' ? false : POLL_MS),
    })) });
  useLiveEvents(queues.length ? queues.map((q) => q.entity) : null, (e) => {
    for (const q of queues) if (q.entity === e.entity) void queryClient.invalidateQueries({ queryKey: countQuery(q).queryKey });
  }, () => {
    for (const q of queues) void queryClient.invalidateQueries({ queryKey: countQuery(q).queryKey });
  });
  return answers.reduce((n, a) => n + (typeof a.data === 'number' ? a.data : 0), 0);
}

/** A menu entry's count of waiting records, `99+` above 99; nothing when none wait. Its accessible text says what the number is. */
export function QueueBadge({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const count = useQueueCount(paths);
  if (!count) return null;
  const label = t('shell.menu.waiting', { count });
  return (
    <span className="shell-menu-badge" title={label} aria-label={label} data-testid="menu-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
