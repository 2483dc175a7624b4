import { goods, goodsArea, goodsCategory } from '../../../server/contract/goods';
import { ShelfStatus } from '../../../server/contract/fields';
import { merchant } from '../../../server/contract/merchant';
import { stock } from '../../../server/contract/inventory';
import { order } from '../../../server/contract/order';
import { EDIT_ID_KEYS, defineResource } from '../../crud';

/**
 * /goods/index (spec §2): goods with filters by game, category, platform, area, tag and status;
 * add/modify on the tabbed /goods/add and /goods/modify pages (§3 `goodsId` and goods tab index).
 */
export default defineResource({
  entity: goods,
  route: '/goods/index',
  columns: ['id', 'cover', 'goodsName', 'goodsSn', 'gameId', 'categoryId', 'platformId', 'areaId', 'merchantId', 'tagIds', 'price', 'stock', 'sales', 'status', 'createTime'],
  filters: ['keyword', 'gameId', 'categoryId', 'platformId', 'areaId', 'merchantId', 'deliveryType', 'tagIds', 'status', 'price'],
  form: {
    mode: 'page',
    columns: 2,
    layout: 'tabs',
    tabKey: EDIT_ID_KEYS.goodsTab,
    fields: ['goodsName', 'gameId', 'categoryId', 'platformId', 'areaId', 'merchantId', 'tagIds', 'recommend', 'sort', 'price', 'originalPrice', 'status', 'cover', 'images', 'description', 'deliveryType', 'remark'],
    sections: [
      { title: 'goods.tabs.basic', fields: ['goodsName', 'gameId', 'categoryId', 'platformId', 'areaId', 'merchantId', 'tagIds', 'recommend', 'sort'] },
      { title: 'goods.tabs.pricing', fields: ['price', 'originalPrice', 'status'] },
      { title: 'goods.tabs.media', fields: ['cover', 'images', 'description'] },
      { title: 'goods.tabs.delivery', fields: ['deliveryType', 'remark'] },
    ],
    // A new item left in the draft state is not on sale: the toast says so, and how to sell it.
    savedMessage: (saved, added) => (added && saved.status === ShelfStatus.of.draft ? 'goods.savedDraft' : null),
  },
  fields: {
    categoryId: { kind: 'tree', refEntity: goodsCategory },
    // Merchants are many: searched, never listed whole.
    merchantId: { kind: 'remote', refEntity: merchant, width: 160 },
    // Areas belong to a platform: the picker offers the chosen platform's, and a platform change clears a foreign one.
    areaId: { refEntity: goodsArea, dependsOn: { field: 'platformId' } },
    goodsName: { width: 240 },
    // Stock is read beside the price on every visit; the number is for searching, the name says which goods.
    stock: { priority: 1 },
    goodsSn: { priority: 3 },
    status: { switchValues: [1, 2] },
    cover: { wide: true },
  },
  // A goods record's stock and recent orders, each the other screen's list filtered to it.
  related: [
    { title: 'goods.related.stock', by: 'goodsId', resource: defineResource({ entity: stock, route: '/inventory/manage', columns: ['stockStatus', 'availableQty', 'lockedQty', 'soldQty', 'totalQty', 'warnQty', 'updateTime'] }) },
    { title: 'goods.related.orders', by: 'goodsIds', resource: defineResource({ entity: order, route: '/order/index', columns: ['orderNo', 'itemCount', 'payAmount', 'status', 'createTime'] }) },
  ],
});
