import type { PageModule } from '../registry-types';

/** The inventory area's view files (spec §2 /inventory): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
