import { resourceCategory } from '../../../server/contract/system';
import { defineResource } from '../../crud';

/** Resource categories (spec §2 /system/resourceCategory/add and /modify, hidden pages; §3 key `resourceType`). */
export default defineResource({
  entity: resourceCategory,
  route: '/system/resource',
  columns: ['id', 'name', 'sort', 'createTime'],
  filters: ['name'],
  form: {
    mode: 'page',
    fields: ['name', 'sort'],
    editIdKey: 'resourceType',
    pages: { add: '/system/resourceCategory/add', modify: '/system/resourceCategory/modify' },
  },
});
