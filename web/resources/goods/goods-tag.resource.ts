import { goodsTag } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/** /goods/tag (spec §2): labels on goods (hot, new…) with a colour; add/modify on /goods/tag/add|modify. */
export default defineResource({
  entity: goodsTag,
  route: '/goods/tag',
  columns: ['id', 'tagName', 'color', 'sort', 'status', 'createTime'],
  filters: ['tagName', 'status'],
  form: { mode: 'page', fields: ['tagName', 'color', 'sort', 'status'] },
});
