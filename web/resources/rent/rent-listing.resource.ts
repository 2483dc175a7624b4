import { rentAccount, rentListing } from '../../../server/contract/rent';
import { defineResource } from '../../crud';

/** /rent/list: rental listings (price per hour/day, game, on/off shelf); the account is searched by name, never typed as a number. */
export default defineResource({
  entity: rentListing,
  permission: 'RentList',
  columns: ['id', 'title', 'gameId', 'rentAccountId', 'hourlyPrice', 'dailyPrice', 'minHours', 'views', 'rentCount', 'recommend', 'status', 'createTime'],
  filters: ['title', 'gameId', 'status', 'recommend', 'hourlyPrice'],
  form: { mode: 'dialog', columns: 2, fields: ['rentAccountId', 'title', 'hourlyPrice', 'dailyPrice', 'minHours', 'recommend', 'status'] },
  // The account is what a listing rents out: kept on a narrow table beside the prices.
  fields: { id: { width: 70 }, rentAccountId: { kind: 'remote', refEntity: rentAccount, width: 160, priority: 1 }, title: { wide: true }, createTime: { width: 170 } },
});
