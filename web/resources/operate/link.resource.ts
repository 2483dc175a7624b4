import { link } from '../../../server/contract/operate';
import { defineResource } from '../../crud';

/** /operate/link: footer links with the modify drawer; the URL follows the §5 URL rule (contract pattern). */
export default defineResource({
  entity: link,
  route: '/operate/link',
  columns: ['id', 'logo', 'linkName', 'url', 'sort', 'status', 'createTime'],
  filters: ['linkName', 'status'],
  form: { mode: 'drawer', fields: ['linkName', 'url', 'logo', 'sort', 'status'] },
  fields: { id: { width: 80 }, logo: { width: 90 }, createTime: { width: 170 } },
});
