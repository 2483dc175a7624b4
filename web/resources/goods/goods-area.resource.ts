import { goodsArea } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/** /goods/area (spec §2): server regions per platform; add/modify in a dialog (the route table has no area forms). */
export default defineResource({
  entity: goodsArea,
  route: '/goods/area',
  columns: ['id', 'areaName', 'areaCode', 'platformId', 'sort', 'status', 'createTime'],
  filters: ['areaName', 'platformId', 'status'],
  form: { mode: 'dialog', fields: ['areaName', 'areaCode', 'platformId', 'sort', 'status'] },
});
