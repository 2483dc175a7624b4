import Type from 'typebox';
import { defineAction, defineEntity, writeOnly } from './entity.js';
import { AuditStatus, counterField, defineEnum, F, readOnly, remarkField, ShelfStatus, withDefault } from './fields.js';

/**
 * Rent area (spec §1 "Rent: apply, list, account, order"; §2 /rent with game drawer, verify modal,
 * remark modal). Members apply to rent out their game accounts; once approved the account is
 * verified by an operator, listed, and rented by other members by the hour.
 */

export const VerifyStatus = defineEnum('verifyStatus', [
  [0, 'unverified', '未验证', 'Not verified'],
  [1, 'verified', '已验证', 'Verified'],
  [2, 'failed', '验证失败', 'Failed'],
]);
export const RentAccountStatus = defineEnum('rentAccountStatus', [
  [0, 'offShelf', '未上架', 'Not listed'],
  [1, 'onShelf', '已上架', 'Listed'],
  [2, 'renting', '出租中', 'Rented out'],
  [3, 'frozen', '已冻结', 'Frozen'],
]);
export const RentOrderStatus = defineEnum('rentOrderStatus', [
  [0, 'pendingPay', '待付款', 'Awaiting payment'],
  [1, 'renting', '租用中', 'In rental'],
  [2, 'finished', '已完成', 'Finished'],
  [3, 'cancelled', '已取消', 'Cancelled'],
  [4, 'refunded', '已退款', 'Refunded'],
]);

/** A member's request to rent out a game account (route /rent/apply). */
export const rentApply = defineEntity({
  name: 'rentApply',
  area: 'rent',
  title: { zh_CN: '出租申请', en: 'Rental application' },
  fields: {
    memberId: F.ref('member'),
    gameId: F.ref('game'),
    account: F.name(64),
    serverName: remarkField(32),
    description: withDefault(F.longText(1000), ''),
    expectHourlyPrice: F.money(),
    contactPhone: F.phone(),
    status: readOnly(withDefault(AuditStatus.schema(), 0)),
    auditRemark: readOnly(withDefault(F.text(255), '')),
    auditTime: Type.Optional(readOnly(F.datetime())),
  },
  label: 'account',
  filters: { memberId: 'eq', gameId: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['expectHourlyPrice', 'createTime', 'auditTime'],
  searchable: ['account', 'contactPhone'],
  ops: { listAll: false },
});

/** An account offered for rent (route /rent/account); credentials are write-only, checked with `verify`. */
export const rentAccount = defineEntity({
  name: 'rentAccount',
  area: 'rent',
  title: { zh_CN: '出租账号', en: 'Rental account' },
  fields: {
    ownerMemberId: F.ref('member'),
    gameId: F.ref('game'),
    account: F.name(64),
    password: writeOnly(F.password()),
    serverName: remarkField(32),
    level: withDefault(F.int(1, 999), 1),
    hourlyPrice: F.money(),
    deposit: withDefault(F.money(), 0),
    verifyStatus: readOnly(withDefault(VerifyStatus.schema(), 0)),
    verifyTime: Type.Optional(readOnly(F.datetime())),
    verifyRemark: readOnly(withDefault(F.text(255), '')),
    rentCount: counterField(),
    status: withDefault(RentAccountStatus.schema(), 0),
  },
  label: 'account',
  filters: { ownerMemberId: 'eq', gameId: 'eq', verifyStatus: 'eq', status: 'eq', hourlyPrice: 'range', createTime: 'range' },
  sortable: ['hourlyPrice', 'level', 'rentCount', 'createTime'],
  searchable: ['account', 'serverName'],
  statusField: 'status',
  unique: [['gameId', 'account']],
});

/** A listing on the rental board (route /rent/list). */
export const rentListing = defineEntity({
  name: 'rentListing',
  area: 'rent',
  title: { zh_CN: '租赁商品', en: 'Rental listing' },
  fields: {
    rentAccountId: F.ref('rentAccount', { onDelete: 'cascade' }),
    gameId: readOnly(F.ref('game')),
    title: F.name(128),
    hourlyPrice: F.money(),
    dailyPrice: F.money(),
    minHours: withDefault(F.int(1, 72), 1),
    views: counterField(),
    rentCount: counterField(),
    recommend: withDefault(F.bool(), false),
    status: withDefault(ShelfStatus.schema(), 0),
  },
  label: 'title',
  filters: { rentAccountId: 'eq', gameId: 'eq', title: 'like', status: 'eq', recommend: 'eq', hourlyPrice: 'range' },
  sortable: ['hourlyPrice', 'dailyPrice', 'views', 'rentCount', 'createTime'],
  searchable: ['title'],
  statusField: 'status',
});

/** A rental (route /rent/order). `totalAmount = rentAmount + deposit`, `rentAmount = hourlyPrice × hours`. */
export const rentOrder = defineEntity({
  name: 'rentOrder',
  area: 'rent',
  title: { zh_CN: '租赁订单', en: 'Rental order' },
  fields: {
    orderNo: readOnly(F.code(32)),
    listingId: readOnly(F.ref('rentListing')),
    rentAccountId: readOnly(F.ref('rentAccount')),
    memberId: readOnly(F.ref('member')),
    hours: readOnly(F.int(1, 720)),
    startTime: readOnly(F.datetime()),
    endTime: readOnly(F.datetime()),
    rentAmount: readOnly(F.money()),
    deposit: readOnly(F.money()),
    totalAmount: readOnly(F.money()),
    status: readOnly(RentOrderStatus.schema()),
    remark: remarkField(),
  },
  label: 'orderNo',
  filters: { orderNo: 'like', listingId: 'eq', rentAccountId: 'eq', memberId: 'eq', status: 'eq', startTime: 'range', createTime: 'range' },
  sortable: ['totalAmount', 'hours', 'startTime', 'createTime'],
  searchable: ['orderNo'],
  unique: [['orderNo']],
  ops: { add: false, del: false, listAll: false },
  large: true,
});

const strict = { additionalProperties: false } as const;
export const RentAuditPayload = Type.Object({ id: F.id(), approved: F.bool(), auditRemark: Type.Optional(F.text(255)) }, strict);
export const RentVerifyPayload = Type.Object({ id: F.id(), passed: F.bool(), remark: Type.Optional(F.text(255)) }, strict);
export const RentRemarkPayload = Type.Object({ id: F.id(), remark: F.text(255) }, strict);

export const rentActions = [
  defineAction({
    record: { entity: rentApply }, name: 'rentApply.audit',
    path: '/v1/rentApply/audit',
    area: 'rent',
    summary: 'Approve (creates an unverified rental account) or reject a pending application',
    payload: RentAuditPayload,
    result: rentApply.schemas.record,
  }),
  defineAction({ record: { entity: rentAccount }, name: 'rentAccount.verify', path: '/v1/rentAccount/verify', area: 'rent', summary: 'Record the result of checking the account credentials (verify modal)', payload: RentVerifyPayload, result: rentAccount.schemas.record }),
  defineAction({ record: { entity: rentOrder }, name: 'rentOrder.remark', path: '/v1/rentOrder/remark', area: 'rent', summary: 'Set the operator remark of a rental (remark modal)', payload: RentRemarkPayload, result: rentOrder.schemas.record }),
];
