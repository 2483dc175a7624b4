import { recommendPage } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/page: shop pages assembled from modules (master of /recommend/module). */
export default defineResource({
  entity: recommendPage,
  route: '/recommend/page',
  columns: ['id', 'pageName', 'pageKey', 'description', 'moduleCount', 'status', 'createTime'],
  filters: ['pageName', 'status'],
  form: { mode: 'dialog', fields: ['pageName', 'pageKey', 'description', 'status'] },
  fields: { id: { width: 80 }, createTime: { width: 170 } },
});
