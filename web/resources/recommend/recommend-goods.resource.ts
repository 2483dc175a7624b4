import { recommendGoods } from '../../../server/contract/recommend';
import { goods } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/** /recommend/goods: featured goods by position and schedule; higher weight shows first; goods (hundreds) through a remote-search picker. */
export default defineResource({
  entity: recommendGoods,
  route: '/recommend/goods',
  columns: ['id', 'goodsId', 'goodsName', 'position', 'weight', 'startTime', 'endTime', 'status'],
  filters: ['goodsId', 'position', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['goodsId', 'position', 'weight', 'status', 'startTime', 'endTime'] },
  fields: { id: { width: 80 }, goodsId: { kind: 'remote', refEntity: goods, width: 90 }, startTime: { width: 170 }, endTime: { width: 170 } },
});
