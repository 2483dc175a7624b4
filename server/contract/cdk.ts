import Type from 'typebox';
import { CountResult, defineAction, defineEntity } from './entity.js';
import { BatchVoidPayload, ImportResult } from './inventory.js';
import { counterField, defineEnum, enabledField, F, readOnly, remarkField, withDefault } from './fields.js';

/**
 * CDK area (spec §1 "CDK: platforms, merchants, wechat activity"; §2 /cdk with platform/list,
 * merchant/list, wechat/list showing the codes of one owner). A CDK is a redeem code the platform
 * issues through a partner platform, a distributing merchant or a WeChat official-account activity.
 */

export const CdkOwnerType = defineEnum('cdkOwnerType', [
  [1, 'platform', '合作平台', 'Partner platform'],
  [2, 'merchant', '分销商户', 'Distributor'],
  [3, 'wechat', '微信活动', 'WeChat activity'],
]);
export const CdkStatus = defineEnum('cdkStatus', [
  [0, 'unused', '未使用', 'Unused'],
  [1, 'used', '已使用', 'Redeemed'],
  [2, 'expired', '已过期', 'Expired'],
  [3, 'void', '已作废', 'Void'],
]);
export const ActivityStatus = defineEnum('activityStatus', [
  [0, 'notStarted', '未开始', 'Not started'],
  [1, 'ongoing', '进行中', 'Ongoing'],
  [2, 'ended', '已结束', 'Ended'],
  [3, 'disabled', '已停用', 'Disabled'],
]);

export const cdkPlatform = defineEntity({
  name: 'cdkPlatform',
  area: 'cdk',
  title: { zh_CN: 'CDK平台', en: 'CDK platform' },
  fields: {
    platformName: F.name(64),
    platformCode: F.code(32),
    contactName: remarkField(32),
    contactPhone: Type.Optional(F.phone()),
    apiUrl: Type.Optional(F.url()),
    balance: withDefault(F.money({ description: 'prepaid balance in cents' }), 0),
    codeCount: counterField('codes issued through this platform'),
    status: enabledField(),
    remark: remarkField(),
  },
  label: 'platformName',
  filters: { platformName: 'like', platformCode: 'eq', status: 'eq' },
  sortable: ['balance', 'codeCount', 'createTime'],
  searchable: ['platformName', 'platformCode', 'contactName'],
  statusField: 'status',
  unique: [['platformName'], ['platformCode']],
});

export const cdkMerchant = defineEntity({
  name: 'cdkMerchant',
  area: 'cdk',
  title: { zh_CN: 'CDK商户', en: 'CDK distributor' },
  fields: {
    merchantName: F.name(64),
    contactName: F.name(32),
    contactPhone: F.phone(),
    quota: F.int(0, 10_000_000, { description: 'codes the distributor may hold' }),
    usedQuota: counterField('codes issued to the distributor'),
    settleRate: withDefault(F.percent({ description: 'percentage of face value the distributor pays' }), 90),
    status: enabledField(),
    remark: remarkField(),
  },
  label: 'merchantName',
  filters: { merchantName: 'like', status: 'eq' },
  sortable: ['quota', 'usedQuota', 'createTime'],
  searchable: ['merchantName', 'contactName', 'contactPhone'],
  statusField: 'status',
  unique: [['merchantName']],
});

/** A WeChat official-account activity handing out codes to followers who send `replyKeyword`. */
export const cdkWechatActivity = defineEntity({
  name: 'cdkWechatActivity',
  area: 'cdk',
  title: { zh_CN: '微信活动', en: 'WeChat activity' },
  fields: {
    activityName: F.name(64),
    appId: F.code(32),
    replyKeyword: F.name(16),
    startTime: F.datetime(),
    endTime: F.datetime(),
    totalCount: F.int(1, 10_000_000),
    receivedCount: counterField(),
    perMemberLimit: withDefault(F.int(1, 100), 1),
    status: withDefault(ActivityStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'activityName',
  filters: { activityName: 'like', status: 'eq', startTime: 'range' },
  sortable: ['startTime', 'endTime', 'receivedCount', 'createTime'],
  searchable: ['activityName', 'replyKeyword'],
  statusField: 'status',
});

/** A redeem code; exactly the owner id matching `ownerType` is set. */
export const cdkCode = defineEntity({
  name: 'cdkCode',
  area: 'cdk',
  title: { zh_CN: 'CDK', en: 'CDK code' },
  fields: {
    code: F.code(64),
    batchNo: F.code(32),
    ownerType: CdkOwnerType.schema(),
    platformId: Type.Optional(F.ref('cdkPlatform')),
    merchantId: Type.Optional(F.ref('cdkMerchant')),
    activityId: Type.Optional(F.ref('cdkWechatActivity')),
    goodsId: Type.Optional(F.ref('goods')),
    faceValue: F.money(),
    status: withDefault(CdkStatus.schema(), 0),
    usedMemberId: Type.Optional(readOnly(F.int(1, 2_147_483_647, { description: 'member who redeemed it' }))),
    usedTime: Type.Optional(readOnly(F.datetime())),
    expireTime: Type.Optional(F.datetime()),
  },
  label: 'code',
  filters: {
    code: 'like', batchNo: 'eq', ownerType: 'eq', platformId: 'eq', merchantId: 'eq', activityId: 'eq', goodsId: 'eq', status: 'eq',
    createTime: 'range', usedTime: 'range',
  },
  sortable: ['faceValue', 'usedTime', 'expireTime', 'createTime'],
  searchable: ['code', 'batchNo'],
  statusField: 'status',
  unique: [['code']],
  large: true,
});

export const CdkBatchImportPayload = Type.Object(
  {
    ownerType: CdkOwnerType.schema(),
    platformId: Type.Optional(F.id()),
    merchantId: Type.Optional(F.id()),
    activityId: Type.Optional(F.id()),
    goodsId: Type.Optional(F.id()),
    batchNo: Type.Optional(F.code(32, { description: 'a new batch number is issued when left out' })),
    faceValue: F.money(),
    expireTime: Type.Optional(F.datetime()),
    codes: Type.Array(F.code(64), { minItems: 1, maxItems: 5000, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export const CdkBatchImportResult = Type.Object({ count: Type.Integer(), batchNo: Type.String() });

const Digits = (description: string) => Type.String({ pattern: '^\\d{1,12}$', description });
/** Form fields sent with a CDK spreadsheet: whose codes they are and what they are worth (multipart text fields). */
export const CdkImportFields = Type.Object(
  {
    ownerType: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { description: '1 platform, 2 distributor, 3 WeChat activity' }),
    ownerId: Type.String({ pattern: '^[1-9]\\d{0,9}$', description: 'id of the platform, distributor or activity' }),
    faceValue: Digits('face value in cents'),
    goodsId: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,9}$' })),
    expireTime: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description: 'expiry of rows without their own' })),
    batchNo: Type.Optional(F.code(32)),
    preview: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);

export const cdkActions = [
  defineAction({
    name: 'cdkCode.batchImport',
    path: '/v1/cdkCode/batchImport',
    area: 'cdk',
    summary: 'Import a batch of codes for one owner (platform, distributor or WeChat activity); all or none, duplicates refused',
    payload: CdkBatchImportPayload,
    result: CdkBatchImportResult,
  }),
  defineAction({
    name: 'cdkCode.batchVoid',
    path: '/v1/cdkCode/batchVoid',
    area: 'cdk',
    summary: 'Void unused codes (all or none: redeemed, expired or void ones are refused); written to the audit trail',
    payload: BatchVoidPayload,
    result: CountResult,
  }),
  defineAction({
    name: 'cdkCode.importExcel',
    path: '/v1/cdkCode/importExcel',
    kind: 'upload',
    area: 'cdk',
    summary: 'Import codes of one owner from an .xlsx sheet (column 兑换码/code, optional 过期时间). preview=true checks every row; otherwise all or none, every bad row named',
    payload: CdkImportFields,
    fileField: 'file',
    result: ImportResult,
  }),
  defineAction({
    name: 'cdkCode.template',
    path: '/v1/cdkCode/template',
    kind: 'download',
    area: 'cdk',
    summary: 'The CDK import template (.xlsx)',
    payloadOptional: true,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
];

/** Spreadsheet columns of the CDK import. */
export const CDK_COLUMNS = [
  { field: 'code', zh_CN: '兑换码', en: 'Code', required: true },
  { field: 'expireTime', zh_CN: '过期时间', en: 'Expires' },
] as const;
