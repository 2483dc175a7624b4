import type { PageModule } from '../registry-types';

/** The statistics area's view files (spec §2 /statistics): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
