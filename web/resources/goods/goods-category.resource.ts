import { goodsCategory } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/**
 * /goods/category (spec §2): the two-level category tree as a tree table; the parent is picked in a
 * tree select; a category with sub-categories or goods cannot be deleted (said before asking).
 * Add/modify on /goods/category/add|modify (§3 `goodsCategoryId`).
 */
export default defineResource({
  entity: goodsCategory,
  route: '/goods/category',
  tree: { parentField: 'parentId' },
  columns: ['name', 'id', 'icon', 'goodsCount', 'sort', 'status', 'createTime'],
  filters: ['name', 'status'],
  form: { mode: 'page', fields: ['name', 'parentId', 'icon', 'sort', 'status'] },
  fields: { parentId: { kind: 'tree', refEntity: goodsCategory } },
  deleteBlock: (row) => ((row.goodsCount as number) > 0 ? 'goods.categoryHasGoods' : null),
});
