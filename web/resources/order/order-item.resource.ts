import { orderItem } from '../../../server/contract/order';
import { defineResource } from '../../crud';

/** The items of an order (order detail). */
export default defineResource({
  entity: orderItem,
  permission: 'OrderIndex',
  columns: ['goodsName', 'price', 'quantity', 'amount', 'deliveryStatus'],
  fields: { goodsId: { kind: 'int' }, goodsName: { link: { entity: 'goods', by: 'goodsId' } } },
});
