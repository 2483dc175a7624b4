import type { PageModule } from '../registry-types';

/** The cdk area's view files (spec §2 /cdk): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {};
