import type { ReactNode } from 'react';

/** Lock screen gate (spec §1 shell, §4; being built): renders the console only when unlocked. */
export function LockGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
