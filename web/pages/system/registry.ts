import type { PageModule } from '../registry-types';

/** The system area's view files (spec §2 /system): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
