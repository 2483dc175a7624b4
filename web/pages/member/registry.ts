import type { PageModule } from '../registry-types';

/** The member area's view files (spec §2 /member): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
