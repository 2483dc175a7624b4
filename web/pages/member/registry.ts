import type { PageModule } from '../registry-types';
import { listScreen } from '../../crud/page-module';

/** The member area's view files (spec §2 /member): path under `web/pages/` → lazily loaded module. */
export const PAGES: Record<string, PageModule> = {
  'member/index.page.tsx': listScreen(() => import('./index.page'), () => import('../../resources/member/member.resource')),
  'member/grade.page.tsx': listScreen(() => import('./grade.page'), () => import('../../resources/member/member-grade.resource')),
  'member/grade/add.page.tsx': () => import('./grade/add.page'),
  'member/grade/modify.page.tsx': () => import('./grade/modify.page'),
  'member/consume.page.tsx': listScreen(() => import('./consume.page'), () => import('../../resources/member/member-consume.resource')),
  'member/wallet.page.tsx': listScreen(() => import('./wallet.page'), () => import('../../resources/member/wallet-record.resource')),
};
