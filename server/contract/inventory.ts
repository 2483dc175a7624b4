import Type from 'typebox';
import { CountResult, defineAction, defineEntity, IdPayload, writeOnly } from './entity.js';
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
    // The goods' game and platform, kept with it (stock filtered by game and platform).
    gameId: Type.Optional(readOnly(F.ref('game', { description: "the goods' game" }))),
    platformId: Type.Optional(readOnly(F.ref('goodsPlatform', { description: "the goods' platform" }))),
    totalQty: counterField('all codes and accounts ever loaded'),
    availableQty: counterField('unsold'),
    lockedQty: counterField('held by unpaid orders'),
    soldQty: counterField(),
    warnQty: withDefault(F.int(0, 1_000_000, { description: 'low-stock warning threshold' }), 10),
    stockStatus: readOnly(withDefault(StockStatus.schema(), 3)),
    remark: remarkField(),
  },
  label: 'goodsName',
  filters: { goodsId: 'eq', goodsName: 'like', gameId: 'eq', platformId: 'eq', stockStatus: 'eq' },
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

export const InventoryAuditAction = defineEnum('inventoryAuditAction', [
  [1, 'reveal', '查看密文', 'Secret revealed'],
  [2, 'adjust', '库存调整', 'Stock adjusted'],
  [3, 'void', '批量作废', 'Voided'],
  [4, 'import', '批量导入', 'Imported'],
]);
export const InventoryAuditTarget = defineEnum('inventoryAuditTarget', [
  [1, 'card', '卡密', 'Activation code'],
  [2, 'cardAccount', '卡密账号', 'Card account'],
  [3, 'cdkCode', 'CDK', 'CDK code'],
  [4, 'gameAccount', '游戏账号', 'Game account'],
  [5, 'stock', '库存', 'Stock'],
]);

/**
 * The audit trail of the stock and code-keeping screens: who revealed which secret or
 * password, adjusted stock, voided or imported codes, when and why. Written only by the domain
 * actions below; read-only through the API.
 */
export const inventoryAudit = defineEntity({
  name: 'inventoryAudit',
  area: 'inventory',
  title: { zh_CN: '库存审计', en: 'Inventory audit' },
  fields: {
    action: InventoryAuditAction.schema(),
    targetType: InventoryAuditTarget.schema(),
    targetId: F.int(0, 2_147_483_647, { description: 'the record acted on; 0 for a batch' }),
    targetLabel: F.text(128),
    goodsId: Type.Optional(F.int(1, 2_147_483_647)),
    quantity: withDefault(F.int(0, 1_000_000), 1),
    reason: remarkField(),
    operator: F.text(64),
  },
  label: 'targetLabel',
  filters: { action: 'eq', targetType: 'eq', targetId: 'eq', goodsId: 'eq', operator: 'like', createTime: 'range' },
  sortable: ['createTime'],
  searchable: ['targetLabel', 'reason', 'operator'],
  ops: { listAll: false, add: false, update: false, del: false, updateStatus: false },
  large: true,
});

/** Spreadsheet columns of the activation-code import (header text is the zh_CN title; money in yuan). */
export const CARD_COLUMNS = [
  { field: 'goodsId', zh_CN: '商品ID', en: 'Goods ID' },
  { field: 'cardNo', zh_CN: '卡号', en: 'Card number', required: true },
  { field: 'cardSecret', zh_CN: '卡密', en: 'Secret', required: true },
  { field: 'faceValue', zh_CN: '面值(元)', en: 'Face value (yuan)' },
  { field: 'expireTime', zh_CN: '过期时间', en: 'Expires' },
] as const;
/** Spreadsheet columns of the card-account import. */
export const CARD_ACCOUNT_COLUMNS = [
  { field: 'goodsId', zh_CN: '商品ID', en: 'Goods ID' },
  { field: 'account', zh_CN: '账号', en: 'Account', required: true },
  { field: 'password', zh_CN: '密码', en: 'Password', required: true },
  { field: 'email', zh_CN: '邮箱', en: 'Email' },
  { field: 'region', zh_CN: '区服', en: 'Region' },
  { field: 'remark', zh_CN: '备注', en: 'Remark' },
] as const;

const BoolText = Type.Union([Type.Literal('true'), Type.Literal('false')]);
const IdText = Type.String({ pattern: '^[1-9]\\d{0,9}$' });

/** Form fields sent with a code or account spreadsheet (multipart text fields). */
export const InventoryImportFields = Type.Object(
  {
    preview: Type.Optional(Object.assign(BoolText, { description: "'true': check every row and answer them; nothing is imported" })),
    goodsId: Type.Optional(Object.assign(IdText, { description: 'goods of rows whose goods cell is empty' })),
    batchNo: Type.Optional(F.code(32, { description: 'a new batch number is issued when left out (codes only)' })),
  },
  { additionalProperties: false },
);
/** One spreadsheet row as the import read it: its row number (header = 1), values and problems. */
export const ImportRow = Type.Object({
  row: Type.Integer(),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  problems: Type.Array(Type.String()),
});
/**
 * What an import answers: on preview every bad row and the first good ones (`rows`), with counts;
 * on import the count and batch. A commit with any bad row is refused (400) naming every bad row.
 */
export const ImportResult = Type.Object({
  preview: Type.Boolean(),
  total: Type.Integer({ minimum: 0 }),
  bad: Type.Integer({ minimum: 0 }),
  count: Type.Integer({ minimum: 0 }),
  batchNo: Type.Optional(Type.String()),
  rows: Type.Array(ImportRow),
});

export const StockAdjustPayload = Type.Object(
  {
    goodsId: F.id(),
    delta: Type.Integer({ minimum: -100_000, maximum: 100_000, description: 'not 0; negative: void that many unsold items; positive: return that many voided, unexpired items to sale' }),
    reason: F.name(255, { description: 'why; written to the audit trail' }),
  },
  { additionalProperties: false },
);
export const StockAdjustResult = Type.Object({ count: Type.Integer({ minimum: 0 }), stock: stock.schemas.record });

export const BatchVoidPayload = Type.Object(
  { ids: Type.Array(F.id(), { minItems: 1, maxItems: 10_000, uniqueItems: true }), reason: F.name(255) },
  { additionalProperties: false },
);
export const RevealResult = Type.Object({ id: Type.Integer(), label: Type.String(), secret: Type.String() });

const upload = <const N extends string>(name: N, path: string, summary: string) =>
  defineAction({ name, path, kind: 'upload', area: 'inventory', summary, payload: InventoryImportFields, fileField: 'file', result: ImportResult });
const template = <const N extends string>(name: N, path: string, summary: string) =>
  defineAction({ name, path, kind: 'download', area: 'inventory', summary, produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', payloadOptional: true });

export const inventoryActions = [
  defineAction({ name: 'stock.adjust', path: '/v1/stock/adjust', area: 'inventory', summary: 'Adjust a goods\' stock with a reason: void unsold items or return voided ones to sale; audited', payload: StockAdjustPayload, result: StockAdjustResult }),
  defineAction({ name: 'card.reveal', path: '/v1/card/reveal', area: 'inventory', summary: 'Show one activation code\'s secret; the reveal is written to the audit trail', payload: IdPayload, result: RevealResult }),
  defineAction({ name: 'cardAccount.reveal', path: '/v1/cardAccount/reveal', area: 'inventory', summary: 'Show one card account\'s password; audited', payload: IdPayload, result: RevealResult }),
  defineAction({ name: 'card.batchVoid', path: '/v1/card/batchVoid', area: 'inventory', summary: 'Void unsold activation codes (all or none; held or sold ones are refused); stock follows; audited', payload: BatchVoidPayload, result: CountResult }),
  defineAction({ name: 'cardAccount.batchVoid', path: '/v1/cardAccount/batchVoid', area: 'inventory', summary: 'Void unsold card accounts (all or none); stock follows; audited', payload: BatchVoidPayload, result: CountResult }),
  upload('card.importExcel', '/v1/card/importExcel', 'Import activation codes from an .xlsx sheet (columns as the template). preview=true checks every row; otherwise all or none, every bad row named'),
  template('card.template', '/v1/card/template', 'The activation-code import template (.xlsx)'),
  upload('cardAccount.importExcel', '/v1/cardAccount/importExcel', 'Import card accounts from an .xlsx sheet; preview or all-or-none like codes'),
  template('cardAccount.template', '/v1/cardAccount/template', 'The card-account import template (.xlsx)'),
];
