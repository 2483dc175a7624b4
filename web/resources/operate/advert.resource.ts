import { advert } from '../../../server/contract/operate';
import { defineResource } from '../../crud';

/** /operate/advert: banner adverts by position and schedule; the page adds the chart modal. */
export default defineResource({
  entity: advert,
  route: '/operate/advert',
  columns: ['id', 'image', 'title', 'position', 'linkUrl', 'startTime', 'endTime', 'sort', 'views', 'clicks', 'status'],
  filters: ['title', 'position', 'status', 'startTime'],
  form: { mode: 'dialog', columns: 2, fields: ['title', 'position', 'image', 'linkUrl', 'startTime', 'endTime', 'sort', 'status'] },
  fields: { id: { width: 80 }, image: { width: 110, wide: true }, linkUrl: { wide: true }, startTime: { width: 170 }, endTime: { width: 170 } },
});
