import { createOpenFlag } from '../open-flag';

const flag = createOpenFlag();

/** Opens the lock dialog, which asks for a lock password (user menu "Lock screen", Alt+L; behaviour notes "Lock screen"). */
export const openLockDialog: () => void = flag.open;

/** Closes the lock dialog. */
export const closeLockDialog: () => void = flag.close;

/** Whether the lock dialog is open. */
export const useLockDialogOpen: () => boolean = flag.useOpen;
