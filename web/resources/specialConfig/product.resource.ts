import { product } from '../../../server/contract/special-config';
import { goods } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/** /specialConfig/product: goods (remote-search picker) featured at a special price (cents on the wire, yuan on screen) for a period (drawer form). */
export default defineResource({
  entity: product,
  route: '/specialConfig/product',
  columns: ['id', 'banner', 'title', 'goodsId', 'specialPrice', 'startTime', 'endTime', 'sort', 'status'],
  filters: ['title', 'goodsId', 'status', 'startTime'],
  form: { mode: 'drawer', width: 640, columns: 2, fields: ['goodsId', 'title', 'subtitle', 'banner', 'specialPrice', 'sort', 'startTime', 'endTime', 'status'] },
  fields: { id: { width: 80 }, banner: { width: 110 }, goodsId: { kind: 'remote', refEntity: goods }, subtitle: { wide: true } },
});
