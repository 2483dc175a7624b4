import Type from 'typebox';
import { defineAction, defineEntity, writeOnly } from './entity.js';
import { counterField, defineEnum, enabledField, F, readOnly, remarkField, withDefault } from './fields.js';

/** Merchant area (spec §1 "Merchant: list with form and account dialogs"): sellers and their sign-in accounts. */

export const MerchantStatus = defineEnum('merchantStatus', [
  [0, 'pending', '待审核', 'Pending review'],
  [1, 'active', '正常', 'Active'],
  [2, 'frozen', '已冻结', 'Frozen'],
  [3, 'closed', '已关闭', 'Closed'],
]);
export const MerchantAccountRole = defineEnum('merchantAccountRole', [
  [1, 'owner', '店主', 'Owner'],
  [2, 'staff', '店员', 'Staff'],
  [3, 'finance', '财务', 'Finance'],
]);

export const merchant = defineEntity({
  name: 'merchant',
  area: 'merchant',
  title: { zh_CN: '商户', en: 'Merchant' },
  fields: {
    merchantName: F.name(64),
    contactName: F.name(32),
    phone: F.phone(),
    email: Type.Optional(F.email()),
    licenseNo: Type.String({ pattern: '^[0-9A-HJ-NPQRTUWXY]{18}$', description: 'unified social credit code, 18 characters' }),
    address: remarkField(),
    settleRate: withDefault(F.percent({ description: 'platform commission, percent of sales' }), 5),
    balance: readOnly(withDefault(F.money(), 0)),
    goodsCount: counterField(),
    status: withDefault(MerchantStatus.schema(), 0),
    remark: remarkField(),
  },
  label: 'merchantName',
  filters: { merchantName: 'like', status: 'eq', createTime: 'range' },
  sortable: ['balance', 'goodsCount', 'settleRate', 'createTime'],
  searchable: ['merchantName', 'contactName', 'phone', 'licenseNo'],
  statusField: 'status',
  unique: [['merchantName'], ['licenseNo']],
});

/** A merchant's sign-in account (account dialog); the password is write-only. */
export const merchantAccount = defineEntity({
  name: 'merchantAccount',
  area: 'merchant',
  title: { zh_CN: '商户账号', en: 'Merchant account' },
  fields: {
    merchantId: F.ref('merchant', { onDelete: 'cascade' }),
    username: F.code(32),
    nickName: F.name(32),
    password: writeOnly(F.password()),
    phone: Type.Optional(F.phone()),
    accountRole: withDefault(MerchantAccountRole.schema(), 2),
    status: enabledField(),
    lastLoginTime: Type.Optional(readOnly(F.datetime())),
  },
  label: 'username',
  filters: { merchantId: 'eq', username: 'like', accountRole: 'eq', status: 'eq' },
  sortable: ['lastLoginTime', 'createTime'],
  searchable: ['username', 'nickName', 'phone'],
  statusField: 'status',
  unique: [['username']],
});

/** A new password for a merchant account, answered once (the store keeps only its hash). */
export const ResetPasswordResult = Type.Object({ id: Type.Integer(), username: Type.String(), password: Type.String({ description: 'shown once; never answered again' }) });

export const merchantActions = [
  defineAction({
    name: 'merchantAccount.resetPassword',
    path: '/v1/merchantAccount/resetPassword',
    area: 'merchant',
    summary: 'Give a merchant account a new random password, answered once (accounts modal)',
    payload: Type.Object({ id: F.id() }, { additionalProperties: false }),
    result: ResetPasswordResult,
  }),
];
