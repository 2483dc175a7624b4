import { MockError } from '../store/crud.js';
import type { AnyRow } from '../store/seed.js';
import { recountStock } from './inventory.js';
import { chain, defineHooks, period, twoLevels } from './shared.js';

/** Goods rules: goods numbers, price sanity, coupon shapes, two-level categories, stock lines for goods delivered from inventory. */

function checkPrices(row: AnyRow) {
  if ((row.originalPrice as number) < (row.price as number)) throw new MockError('originalPrice', 'goods.belowPrice', { price: row.price as number });
}

function checkCoupon(c: AnyRow) {
  if (c.couponType === 2 && !((c.discount as number) >= 1 && (c.discount as number) <= 99)) throw new MockError('discount', 'coupon.discount');
  if (c.couponType !== 2 && !((c.amount as number) > 0)) throw new MockError('amount', 'money.positive');
  if (c.couponType === 1 && (c.amount as number) >= (c.threshold as number)) throw new MockError('amount', 'coupon.belowThreshold', { threshold: c.threshold as number });
}

export const goodsHooks = defineHooks({
  goodsCategory: twoLevels('goodsCategory', 'goods category'),
  coupon: chain(period(), {
    beforeAdd: (row) => checkCoupon(row as AnyRow),
    beforeUpdate: (old, patch) => checkCoupon({ ...old, ...patch } as AnyRow),
  }),
  goods: {
    beforeAdd(row, h) {
      checkPrices(row as AnyRow);
      // Seeded numbers end in their id, so the next id keeps new numbers unique.
      const goodsSn = `G${h.now().slice(0, 10).replace(/-/g, '')}${String(h.store.col('goods').peekNextId()).padStart(5, '0')}`;
      return { ...row, goodsSn, stock: row.deliveryType === 1 || row.deliveryType === 3 ? 0 : 999, sales: 0 };
    },
    afterAdd(row, h) {
      if (row.deliveryType === 1 || row.deliveryType === 3) {
        h.crud.insert('stock', { goodsId: row.id, warnQty: 10, remark: '' });
      }
    },
    beforeUpdate(old, patch) {
      checkPrices({ ...old, ...patch } as AnyRow);
      if (patch.deliveryType !== undefined && patch.deliveryType !== old.deliveryType && (old.deliveryType === 1 || old.deliveryType === 3) && old.stock > 0) {
        throw new MockError('deliveryType', 'goods.hasStock', { id: old.id, count: old.stock as number });
      }
    },
    afterUpdate(row, _old, h) {
      recountStock(h.store, row.id);
    },
  },
});
