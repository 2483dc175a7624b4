import { Suspense, type ReactNode } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useLocked } from './lock';
import { datesReady } from '../locale/dates';

// The lock screen shows the date in the console's language: dayjs's locale first (locale/dates.ts).
const LockScreen = lazyWithRetry(() => Promise.all([import('./LockScreen'), datesReady()]).then(([m]) => m));

/**
 * The lock gate (spec §1 shell, §4; behaviour notes "Lock screen"): while the screen is locked it
 * renders the lock screen INSTEAD of the console, so nothing of the console is in the DOM (a
 * cover over it would still leave the page readable in the element inspector).
 */
export function LockGate({ children }: { children: ReactNode }) {
  const locked = useLocked();
  if (locked) {
    return (
      <Suspense fallback={<div className="lock-screen lock-screen--loading" aria-busy="true" />}>
        <LockScreen />
      </Suspense>
    );
  }
  return <>{children}</>;
}
