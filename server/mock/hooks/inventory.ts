import { stockStatusOf } from '../../../fixtures/inventory.factory.js';
import { MockError, type EntityHooks, type HookCtx } from '../store/crud.js';
import type { AnyRow, Stored } from '../store/seed.js';
import type { MockStore } from '../store/store.js';
import { defineHooks } from './shared.js';

/**
 * Inventory rules: codes and accounts belong to goods delivered that way; a code held by an order
 * (locked or sold) cannot be edited, re-statused or deleted; stock lines and `goods.stock` follow
 * every change of codes and accounts.
 */

/** Recounts the stock line and `goods.stock` of one goods from its codes and accounts. */
export function recountStock(store: MockStore, goodsId: number): void {
  let total = 0;
  let available = 0;
  let locked = 0;
  let sold = 0;
  // From the collections' goodsId index (built once, kept up to date on write): a recount reads
  // only this goods' codes, not every code of every goods.
  for (const name of ['card', 'cardAccount'] as const) {
    for (const r of store.col(name).where('goodsId', goodsId)) {
      total++;
      if (r.status === 0) available++;
      else if (r.status === 1) locked++;
      else if (r.status === 2) sold++;
    }
  }
  const stock = store.col('stock');
  const goods = store.get<AnyRow>('goods', goodsId);
  // The stock line names its goods, game and platform as the goods does now (a renamed or moved goods).
  const of = goods ? { goodsName: goods.goodsName, gameId: goods.gameId, platformId: goods.platformId } : {};
  for (const s of [...stock.where('goodsId', goodsId)]) {
    stock.replace({ ...s, ...of, totalQty: total, availableQty: available, lockedQty: locked, soldQty: sold, stockStatus: stockStatusOf(available, s.warnQty as number) });
  }
  if (goods && (goods.deliveryType === 1 || goods.deliveryType === 3)) store.col('goods').replace({ ...goods, stock: available });
}

const HELD = new Set([1, 2]);

function inventoryRules(deliveryType: number, what: string): EntityHooks<AnyRow> {
  const checkGoods = (goodsId: number, h: HookCtx) => {
    const goods = h.store.get<AnyRow>('goods', goodsId);
    if (goods && goods.deliveryType !== deliveryType) throw new MockError('goodsId', 'stock.wrongDelivery', { id: goodsId, what });
  };
  return {
    beforeAdd(row: AnyRow, h: HookCtx) {
      checkGoods(row.goodsId as number, h);
      if (HELD.has(row.status as number)) throw new MockError('status', 'stock.newStatus', { what });
    },
    beforeUpdate(old: AnyRow, patch: Partial<AnyRow>, h: HookCtx) {
      if (HELD.has(old.status as number)) throw new MockError('id', 'stock.heldNoChange', { what, id: old.id, orderId: old.orderId as number });
      if (patch.status !== undefined && HELD.has(patch.status as number)) throw new MockError('status', 'stock.onlyOrders', { what });
      if (patch.goodsId !== undefined) checkGoods(patch.goodsId as number, h);
    },
    beforeDel(rows: AnyRow[]) {
      const held = rows.find((r) => HELD.has(r.status as number));
      if (held) throw new MockError('ids', 'stock.heldNoDelete', { what, id: held.id, orderId: held.orderId as number });
    },
    afterAdd: (row: AnyRow, h: HookCtx) => recountStock(h.store, row.goodsId as number),
    afterUpdate: (row: AnyRow, old: AnyRow, h: HookCtx) => {
      recountStock(h.store, row.goodsId as number);
      if (old.goodsId !== row.goodsId) recountStock(h.store, old.goodsId as number);
    },
    afterDel: (rows: AnyRow[], h: HookCtx) => new Set(rows.map((r) => r.goodsId as number)).forEach((id) => recountStock(h.store, id)),
  };
}

export const inventoryHooks = defineHooks({
  card: inventoryRules(1, 'activation code') as EntityHooks<Stored<'card'>>,
  cardAccount: inventoryRules(3, 'account') as EntityHooks<Stored<'cardAccount'>>,
  stock: {
    beforeAdd(row, h) {
      const goods = h.store.get<AnyRow>('goods', row.goodsId)!;
      if (goods.deliveryType !== 1 && goods.deliveryType !== 3) throw new MockError('goodsId', 'stock.byHand', { id: goods.id });
      return { ...row, goodsName: goods.goodsName as string, gameId: goods.gameId as number, platformId: goods.platformId as number };
    },
    afterAdd: (row, h) => recountStock(h.store, row.goodsId),
    afterUpdate: (row, _old, h) => recountStock(h.store, row.goodsId),
  },
  cardSetting: {
    beforeAdd(row, h) {
      const goods = h.store.get<AnyRow>('goods', row.goodsId)!;
      if (goods.deliveryType !== 1 && goods.deliveryType !== 3) throw new MockError('goodsId', 'stock.notAutomatic', { id: goods.id });
    },
  },
});
