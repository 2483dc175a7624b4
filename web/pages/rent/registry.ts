import type { PageModule } from '../registry-types';

/** The rent area's view files (spec §2 /rent): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
