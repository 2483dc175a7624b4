import Type from 'typebox';
import { defineEntity, writeOnly } from './entity.js';
import { counterField, defineEnum, enabledField, F, readOnly, remarkField, withDefault } from './fields.js';

/**
 * Inventory area (spec §1 "Inventory: manage, search, card setting, card manage, cost config, card account").
 * What the shop delivers automatically: activation codes (`card`) and account credentials
 * (`cardAccount`) per goods; `stock` is the per-goods summary the manage and search screens show.
 */

export const StockStatus = defineEnum('stockStatus', [
  [1, 'normal', '正常', 'In stock'],
  [2, 'low', '库存预警', 'Low stock'],
  [3, 'out', '缺货', 'Out of stock'],
]);
export const CardType = defineEnum('cardType', [
  [1, 'cdk', '激活码', 'Activation code'],
  [2, 'account', '账号密码', 'Account and password'],
  [3, 'recharge', '充值卡', 'Top-up card'],
]);
export const CardStatus = defineEnum('cardStatus', [
  [0, 'unsold', '未售', 'Unsold'],
  [1, 'locked', '已锁定', 'Locked'],
  [2, 'sold', '已售出', 'Sold'],
  [3, 'void', '已作废', 'Void'],
  [4, 'expired', '已过期', 'Expired'],
]);

/** Per-goods stock summary (route /inventory/manage, /inventory/search); quantities come from cards and card accounts. */
export const stock = defineEntity({
  name: 'stock',
  area: 'inventory',
  title: { zh_CN: '库存', en: 'Stock' },
  fields: {
    goodsId: F.ref('goods', { onDelete: 'cascade' }),
    goodsName: readOnly(F.text(128)),
    totalQty: counterField('all codes and accounts ever loaded'),
    availableQty: counterField('unsold'),
    lockedQty: counterField('held by unpaid orders'),
    soldQty: counterField(),
    warnQty: withDefault(F.int(0, 1_000_000, { description: 'low-stock warning threshold' }), 10),
    stockStatus: readOnly(withDefault(StockStatus.schema(), 3)),
    remark: remarkField(),
  },
  label: 'goodsName',
  filters: { goodsId: 'eq', goodsName: 'like', stockStatus: 'eq' },
  sortable: ['availableQty', 'soldQty', 'totalQty', 'createTime'],
  searchable: ['goodsName'],
  unique: [['goodsId']],
});

/** How codes of a goods are generated and delivered (route /inventory/cardSetting). */
export const cardSetting = defineEntity({
  name: 'cardSetting',
  area: 'inventory',
  title: { zh_CN: '卡密设置', en: 'Card setting' },
  fields: {
    settingName: F.name(64),
    goodsId: F.ref('goods', { onDelete: 'cascade' }),
    cardType: CardType.schema(),
    codePrefix: withDefault(Type.String({ maxLength: 8, pattern: '^[A-Z0-9]*$' }), ''),
    codeLength: withDefault(F.int(8, 32), 16),
    validDays: withDefault(F.int(0, 3650, { description: 'days a code stays valid; 0 = never expires' }), 365),
    autoDelivery: withDefault(F.bool(), true),
    deliveryTemplate: withDefault(F.longText(1000), ''),
    status: enabledField(),
  },
  label: 'settingName',
  filters: { settingName: 'like', goodsId: 'eq', cardType: 'eq', status: 'eq' },
  sortable: ['createTime'],
  statusField: 'status',
  unique: [['goodsId']],
});

/** An activation code (route /inventory/cardManage). The secret is write-only: it is revealed by order `extract`. */
export const card = defineEntity({
  name: 'card',
  area: 'inventory',
  title: { zh_CN: '卡密', en: 'Activation code' },
  fields: {
    goodsId: F.ref('goods'),
    batchNo: F.code(32),
    cardNo: F.code(64),
    cardSecret: writeOnly(F.name(128)),
    faceValue: F.money(),
    costPrice: withDefault(F.money(), 0),
    status: withDefault(CardStatus.schema(), 0),
    orderId: Type.Optional(readOnly(F.ref('order'))),
    soldTime: Type.Optional(readOnly(F.datetime())),
    expireTime: Type.Optional(F.datetime()),
  },
  label: 'cardNo',
  filters: { goodsId: 'eq', batchNo: 'eq', cardNo: 'like', status: 'eq', orderId: 'eq', createTime: 'range', expireTime: 'range' },
  sortable: ['faceValue', 'soldTime', 'expireTime', 'createTime'],
  searchable: ['cardNo', 'batchNo'],
  statusField: 'status',
  unique: [['cardNo']],
  large: true,
});

/** Purchase cost of a goods from a supplier over a period (route /inventory/costConfig). */
export const costConfig = defineEntity({
  name: 'costConfig',
  area: 'inventory',
  title: { zh_CN: '成本配置', en: 'Cost configuration' },
  fields: {
    goodsId: F.ref('goods', { onDelete: 'cascade' }),
    supplierName: F.name(64),
    costPrice: F.money(),
    effectiveTime: F.datetime(),
    expireTime: Type.Optional(F.datetime()),
    remark: remarkField(),
    status: enabledField(),
  },
  label: 'supplierName',
  filters: { goodsId: 'eq', supplierName: 'like', status: 'eq', effectiveTime: 'range' },
  sortable: ['costPrice', 'effectiveTime', 'createTime'],
  searchable: ['supplierName'],
  statusField: 'status',
});

/** Account credentials sold as goods (route /inventory/cardAccount); the password is write-only. */
export const cardAccount = defineEntity({
  name: 'cardAccount',
  area: 'inventory',
  title: { zh_CN: '卡密账号', en: 'Card account' },
  fields: {
    goodsId: F.ref('goods'),
    account: F.name(64),
    password: writeOnly(F.password()),
    email: Type.Optional(F.email()),
    region: remarkField(32),
    status: withDefault(CardStatus.schema(), 0),
    orderId: Type.Optional(readOnly(F.ref('order'))),
    soldTime: Type.Optional(readOnly(F.datetime())),
    remark: remarkField(),
  },
  label: 'account',
  filters: { goodsId: 'eq', account: 'like', status: 'eq', orderId: 'eq', createTime: 'range' },
  sortable: ['soldTime', 'createTime'],
  searchable: ['account', 'email'],
  statusField: 'status',
  unique: [['goodsId', 'account']],
  large: true,
});
