import type { PageModule } from '../registry-types';

/** The operate area's view files (spec §2 /operate): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
