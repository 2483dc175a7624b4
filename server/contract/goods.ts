import Type from 'typebox';
import { defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, platformEntityShape, readOnly, remarkField, ShelfStatus, sortField, withDefault } from './fields.js';

/** Goods area (spec §1 "Goods: goods, category, platform, tag, coupon, area"; §2 /goods; §3 stored keys goodsId, goodsCategoryId, goodsPlatformId). */

export const DeliveryType = defineEnum('deliveryType', [
  [1, 'autoCard', '自动发卡', 'Automatic code delivery'],
  [2, 'manual', '人工发货', 'Manual delivery'],
  [3, 'account', '账号交付', 'Account hand-over'],
  [4, 'recharge', '直充', 'Direct top-up'],
]);
export const CouponType = defineEnum('couponType', [
  [1, 'fullReduction', '满减券', 'Spend-and-save'],
  [2, 'discount', '折扣券', 'Discount'],
  [3, 'cash', '无门槛券', 'Cash voucher'],
]);

/** Goods categories, two levels (`parentId` 0 = top level); also basic data `goodsCategory`. */
export const goodsCategory = defineEntity({
  name: 'goodsCategory',
  area: 'goods',
  title: { zh_CN: '商品分类', en: 'Goods category' },
  fields: {
    name: F.name(32),
    parentId: withDefault(F.int(0, 2_147_483_647, { description: 'parent category id; 0 = top level' }), 0),
    icon: Type.Optional(F.image()),
    sort: sortField(),
    status: enabledField(),
    goodsCount: counterField(),
  },
  label: 'name',
  filters: { name: 'like', parentId: 'eq', status: 'eq' },
  sortable: ['sort', 'goodsCount', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['parentId', 'name']],
});

/** Sales platforms of goods (where a code redeems: Steam, PSN, App Store…). */
export const goodsPlatform = defineEntity({
  name: 'goodsPlatform',
  area: 'goods',
  title: { zh_CN: '商品平台', en: 'Goods platform' },
  ...platformEntityShape(),
});

export const goodsTag = defineEntity({
  name: 'goodsTag',
  area: 'goods',
  title: { zh_CN: '商品标签', en: 'Goods tag' },
  fields: {
    tagName: F.name(16),
    color: withDefault(F.color(), '#0960bd'),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'tagName',
  filters: { tagName: 'like', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['tagName']],
});

/** Server regions a code or account belongs to (国服, 港服, 美服…), per platform. */
export const goodsArea = defineEntity({
  name: 'goodsArea',
  area: 'goods',
  title: { zh_CN: '商品区服', en: 'Goods region' },
  fields: {
    areaName: F.name(32),
    areaCode: F.code(16),
    platformId: F.ref('goodsPlatform'),
    sort: sortField(),
    status: enabledField(),
  },
  label: 'areaName',
  filters: { areaName: 'like', platformId: 'eq', status: 'eq' },
  sortable: ['sort', 'createTime'],
  defaultSort: ['sort', 'asc'],
  statusField: 'status',
  unique: [['platformId', 'areaCode']],
});

/**
 * A coupon. `amount` (cents) is the reduction of spend-and-save and cash coupons; `discount` the
 * percentage paid with a discount coupon (90 = 10% off); `threshold` the minimum spend (0 = none).
 */
export const coupon = defineEntity({
  name: 'coupon',
  area: 'goods',
  title: { zh_CN: '优惠券', en: 'Coupon' },
  fields: {
    couponName: F.name(64),
    couponType: CouponType.schema(),
    amount: withDefault(F.money(), 0),
    discount: withDefault(F.percent({ description: 'percentage paid (discount coupons); 90 = 10% off' }), 100),
    threshold: withDefault(F.money({ description: 'minimum spend in cents; 0 = none' }), 0),
    categoryId: Type.Optional(F.ref('goodsCategory', { description: 'only goods of this category; none = all' })),
    total: F.int(1, 1_000_000),
    perLimit: withDefault(F.int(1, 100), 1),
    receivedCount: counterField(),
    usedCount: counterField(),
    startTime: F.datetime(),
    endTime: F.datetime(),
    status: enabledField(),
  },
  label: 'couponName',
  filters: { couponName: 'like', couponType: 'eq', categoryId: 'eq', status: 'eq', startTime: 'range', endTime: 'range' },
  sortable: ['amount', 'receivedCount', 'startTime', 'endTime', 'createTime'],
  statusField: 'status',
});

/** A product on sale. `stock` counts unsold codes and accounts (inventory), `sales` sold units. */
export const goods = defineEntity({
  name: 'goods',
  area: 'goods',
  title: { zh_CN: '商品', en: 'Goods' },
  fields: {
    goodsName: F.name(128),
    goodsSn: readOnly(F.code(32, { description: 'goods number the server issues' })),
    gameId: Type.Optional(F.ref('game')),
    categoryId: F.ref('goodsCategory'),
    platformId: F.ref('goodsPlatform'),
    areaId: Type.Optional(F.ref('goodsArea')),
    merchantId: Type.Optional(F.ref('merchant', { description: 'the seller; none = sold by the platform' })),
    tagIds: withDefault(F.refs('goodsTag'), []),
    cover: Type.Optional(F.image()),
    images: withDefault(F.images(9), []),
    price: F.money(),
    originalPrice: F.money(),
    deliveryType: DeliveryType.schema(),
    stock: counterField('unsold codes and accounts'),
    sales: counterField('units sold'),
    status: withDefault(ShelfStatus.schema(), 0),
    recommend: withDefault(F.bool(), false),
    sort: sortField(),
    description: withDefault(F.richText(), ''),
    remark: remarkField(),
  },
  label: 'goodsName',
  filters: {
    goodsName: 'like', goodsSn: 'eq', gameId: 'eq', categoryId: 'eq', platformId: 'eq', areaId: 'eq', merchantId: 'eq',
    tagIds: 'has', deliveryType: 'eq', status: 'eq', recommend: 'eq', price: 'range', createTime: 'range',
  },
  sortable: ['price', 'sales', 'stock', 'sort', 'createTime'],
  searchable: ['goodsName', 'goodsSn'],
  statusField: 'status',
  unique: [['goodsSn']],
});
