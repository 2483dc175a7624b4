import { coupon, goodsCategory } from '../../../server/contract/goods';
import { defineResource } from '../../crud';

/**
 * /goods/coupon (spec §2): coupons with money in yuan (cents on the wire), the discount percentage,
 * the validity range as one picker, and an optional category; add/modify on /goods/coupon/add|modify.
 */
export default defineResource({
  entity: coupon,
  route: '/goods/coupon',
  columns: ['id', 'couponName', 'couponType', 'amount', 'discount', 'threshold', 'categoryId', 'total', 'receivedCount', 'usedCount', 'startTime', 'endTime', 'status'],
  filters: ['couponName', 'couponType', 'categoryId', 'status', 'startTime'],
  form: { mode: 'page', columns: 2, fields: ['couponName', 'couponType', 'amount', 'discount', 'threshold', 'categoryId', 'total', 'perLimit', 'startTime', 'endTime', 'status'] },
  fields: {
    couponType: { kind: 'radio' },
    categoryId: { kind: 'tree', refEntity: goodsCategory },
    startTime: { rangeEnd: 'endTime', wide: true },
  },
});
