import { recommendModule } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/module: the modules of a page (detail of /recommend/page, master of /recommend/relation). */
export default defineResource({
  entity: recommendModule,
  route: '/recommend/module',
  columns: ['id', 'pageId', 'moduleName', 'moduleType', 'maxItems', 'sort', 'status', 'createTime'],
  filters: ['pageId', 'moduleType', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['pageId', 'moduleName', 'moduleType', 'maxItems', 'sort', 'status'] },
  fields: { id: { width: 80 }, createTime: { width: 170 } },
});
