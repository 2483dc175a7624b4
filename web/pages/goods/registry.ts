import type { PageModule } from '../registry-types';
import { formPage, listPage } from '../../crud/page-module';

const goods = () => import('../../resources/goods/goods.resource');
const category = () => import('../../resources/goods/goods-category.resource');
const platform = () => import('../../resources/goods/goods-platform.resource');
const tag = () => import('../../resources/goods/goods-tag.resource');
const coupon = () => import('../../resources/goods/coupon.resource');
const area = () => import('../../resources/goods/goods-area.resource');

/**
 * The goods area's view files (spec §2 /goods): path under `web/pages/` → lazily loaded module.
 * Every screen and hidden add/modify route comes straight from its declaration.
 */
export const PAGES: Record<string, PageModule> = {
  'goods/index.page.tsx': listPage(goods),
  'goods/add.page.tsx': formPage(goods, false),
  'goods/modify.page.tsx': formPage(goods, true),
  'goods/category.page.tsx': listPage(category),
  'goods/category/add.page.tsx': formPage(category, false),
  'goods/category/modify.page.tsx': formPage(category, true),
  'goods/platform.page.tsx': listPage(platform),
  'goods/platform/add.page.tsx': formPage(platform, false),
  'goods/platform/modify.page.tsx': formPage(platform, true),
  'goods/tag.page.tsx': listPage(tag),
  'goods/tag/add.page.tsx': formPage(tag, false),
  'goods/tag/modify.page.tsx': formPage(tag, true),
  'goods/coupon.page.tsx': listPage(coupon),
  'goods/coupon/add.page.tsx': formPage(coupon, false),
  'goods/coupon/modify.page.tsx': formPage(coupon, true),
  'goods/area.page.tsx': listPage(area),
};
