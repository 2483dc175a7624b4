import { useEffect } from 'react';
import { useSession } from '../../services/session';
import { connectLive } from '../../services/live';

/**
 * Keeps the signed-in session's one live-event connection (web/services/live.ts) open while the
 * signed-in shell is mounted and the session is signed in: it closes on sign-out, on a lock (the
 * lock gate unmounts the shell) and when the account changes. Renders nothing.
 */
export function LiveConnection() {
  const s = useSession();
  const userId = s.ready ? (s.userInfo?.userId ?? null) : undefined;
  useEffect(() => (userId === undefined ? undefined : connectLive(userId)), [userId]);
  return null;
}
