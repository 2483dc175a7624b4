import { createOpenFlag } from '../open-flag';

const flag = createOpenFlag();

/** Opens the settings drawer (settings button; other shell menus may call it too). */
export const openSettings: () => void = flag.open;

/** Closes the settings drawer. */
export const closeSettings: () => void = flag.close;

/** Whether the settings drawer is open. */
export const useSettingsOpen: () => boolean = flag.useOpen;
