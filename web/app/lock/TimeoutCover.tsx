import { Suspense } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useSelector } from '@xstate/react';
import { sessionActor } from '../../services/session';

const TimeoutLogin = lazyWithRetry(() => import('./TimeoutLogin'));

/**
 * Session-timeout cover (spec §4, behaviour notes "Session and guard"): in cover mode a 401 keeps
 * the page and shows a login over it; nothing renders otherwise.
 */
export function TimeoutCover() {
  const timedOut = useSelector(sessionActor(), (s) => s.matches('timedOut'));
  if (!timedOut) return null;
  return (
    <Suspense fallback={null}>
      <TimeoutLogin />
    </Suspense>
  );
}
