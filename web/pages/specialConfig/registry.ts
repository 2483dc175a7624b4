import type { PageModule } from '../registry-types';

/** The specialConfig area's view files (spec §2 /specialConfig): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
