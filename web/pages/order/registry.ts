import type { PageModule } from '../registry-types';

/** The order area's view files (spec §2 /order): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
