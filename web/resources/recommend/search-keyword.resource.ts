import { searchKeyword } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/keywords: hot search words with sort and status. */
export default defineResource({
  entity: searchKeyword,
  route: '/recommend/keywords',
  columns: ['id', 'word', 'searchCount', 'isHot', 'sort', 'status', 'createTime'],
  filters: ['word', 'isHot', 'status'],
  form: { mode: 'dialog', fields: ['word', 'isHot', 'sort', 'status'] },
  fields: { id: { width: 80 }, createTime: { width: 170 } },
});
