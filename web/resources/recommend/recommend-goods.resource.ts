import { recommendGoods } from '../../../server/contract/recommend';
import { defineResource } from '../../crud';

/** /recommend/goods: featured goods by position and schedule; higher weight shows first. */
export default defineResource({
  entity: recommendGoods,
  permission: 'RecommendGoods',
  columns: ['id', 'goodsId', 'goodsName', 'position', 'weight', 'startTime', 'endTime', 'status'],
  filters: ['goodsId', 'position', 'status'],
  form: { mode: 'dialog', columns: 2, fields: ['goodsId', 'position', 'weight', 'status', 'startTime', 'endTime'] },
  fields: { id: { width: 80 }, goodsId: { kind: 'int', width: 90 }, startTime: { width: 170 }, endTime: { width: 170 } },
});
