import type { PageModule } from '../registry-types';

/** The goods area's view files (spec §2 /goods): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
