import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useSettingsOpen } from './settings-store';

// The drawer and its form controls load with the first opening, not with every page.
const SettingsDrawer = lazyWithRetry(() => import('./SettingsDrawer'));

/** Mounts the settings drawer once it is first opened, then keeps it (so closing animates). */
export function LazySettingsDrawer() {
  const open = useSettingsOpen();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer />
    </Suspense>
  );
}
