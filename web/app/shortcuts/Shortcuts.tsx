import { Suspense, useEffect } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { getProjectConfig, useProjectConfig } from '../../services/project-config';
import { closeLockDialog, openLockDialog, useLockDialogOpen } from '../lock/lock-dialog-store';
import { openSearch } from '../search/search-store';
import { closeShortcutsHelp, openShortcutsHelp, rowMoveOf, shortcutOf, useShortcutsHelpOpen } from './shortcut-keys';
import { listRowOf, moveRow } from './row-navigation';

const LockDialog = lazyWithRetry(() => import('../lock/LockDialog'));
const ShortcutsHelp = lazyWithRetry(() => import('./ShortcutsHelp'));

/**
 * The console's keyboard shortcuts, mounted once in the signed-in layout: Ctrl/⌘K and `/` open the
 * search palette (when the header's search is shown), Alt+L the lock dialog, `?` the list of
 * shortcuts, J/K (and ↓/↑, Enter on a focused row) the shown list's rows; each switchable in the settings drawer or in the list itself. Also holds the lock
 * dialog, so Alt+L works with the header hidden.
 */
export function Shortcuts() {
  const searchShown = useProjectConfig((c) => c.headerSetting.showSearch);
  const lockOpen = useLockDialogOpen();
  const help = useShortcutsHelpOpen();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const enabled = getProjectConfig().shortcutSetting;
      // Row moves go to the shown list; a key no list takes is left alone.
      const move = rowMoveOf(e, e.target, enabled, listRowOf(e.target) !== null);
      if (move && !document.querySelector('.p-dialog-mask, .p-sidebar-mask') && moveRow(move)) {
        e.preventDefault();
        return;
      }
      const id = shortcutOf(e, e.target, enabled);
      if (!id || (id === 'search' && !searchShown)) return;
      e.preventDefault();
      if (id === 'search') openSearch();
      else if (id === 'lock') openLockDialog();
      else openShortcutsHelp();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchShown]);
  // The dialogs belong to the signed-in console: when it goes (the lock screen replaces it, sign-out),
  // they close, so the console that comes back after unlocking shows none of them.
  useEffect(
    () => () => {
      closeLockDialog();
      closeShortcutsHelp();
    },
    [],
  );
  return (
    <>
      {help && (
        <Suspense fallback={null}>
          <ShortcutsHelp onHide={closeShortcutsHelp} />
        </Suspense>
      )}
      {lockOpen && (
        <Suspense fallback={null}>
          <LockDialog visible onHide={closeLockDialog} />
        </Suspense>
      )}
    </>
  );
}

