import { rentListing } from '../../../server/contract/rent';
import { defineResource } from '../../crud';

/** /rent/list: rental listings (price per hour/day, game, on/off shelf). */
export default defineResource({
  entity: rentListing,
  permission: 'RentList',
  columns: ['id', 'title', 'gameId', 'rentAccountId', 'hourlyPrice', 'dailyPrice', 'minHours', 'views', 'rentCount', 'recommend', 'status', 'createTime'],
  filters: ['title', 'gameId', 'status', 'recommend', 'hourlyPrice'],
  form: { mode: 'dialog', columns: 2, fields: ['rentAccountId', 'title', 'hourlyPrice', 'dailyPrice', 'minHours', 'recommend', 'status'] },
  fields: { id: { width: 70 }, rentAccountId: { kind: 'int' }, title: { wide: true }, createTime: { width: 170 } },
});
