import type { PageModule } from '../registry-types';

// Spelled out rather than imported from the contract, so the entry chunk (which holds this
// registry) does not pull in the contract's schemas.
const KINDS = ['pageView', 'userRegister', 'userLogin', 'memberPurchase', 'cdkUsage', 'clientInstall', 'arpu', 'newcomer', 'game', 'feedback', 'goods', 'archive'] as const;

/**
 * The statistics area's view files (spec §2 /statistics): path under `web/pages/` → lazily loaded
 * module. The twelve screens are declarations (screens.ts) over one shared page, so they share one
 * chunk, which is the only one of the area that loads ApexCharts.
 */
export const PAGES: Record<string, PageModule> = Object.fromEntries(
  KINDS.map((kind) => [`statistics/${kind}.page.tsx`, () => import('./StatisticsScreen').then((m) => ({ default: m.SCREENS[kind] }))]),
);
