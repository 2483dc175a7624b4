import { createOpenFlag } from '../open-flag';

const flag = createOpenFlag();

/** Opens the signed-in user's export jobs (user menu, the toast of a started export). */
export const openExportJobs: () => void = flag.open;

/** Closes the export jobs. */
export const closeExportJobs: () => void = flag.close;

/** Whether the export jobs are open. */
export const useExportJobsOpen: () => boolean = flag.useOpen;
