import type { PageModule } from '../registry-types';

/** The games area's view files (spec §2 /games): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
