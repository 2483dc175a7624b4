import type { PageModule } from '../registry-types';

/** The account area's view files (spec §2 /account): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
