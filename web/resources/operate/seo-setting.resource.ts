import { seoSetting } from '../../../server/contract/operate';
import { defineResource } from '../../crud';

/** /operate/seoSetting: title, keywords and description per shop page; the page is a settings form with a snippet preview. */
export default defineResource({
  entity: seoSetting,
  route: '/operate/seoSetting',
  columns: ['id', 'pageName', 'pageKey', 'title', 'status'],
  filters: ['pageName', 'status'],
  form: { mode: 'dialog', fields: ['pageKey', 'pageName', 'title', 'keywords', 'description', 'status'] },
});
