import type { PageModule } from '../registry-types';

/** The recommend area's view files (spec §2 /recommend): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
