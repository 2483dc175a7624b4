import Type from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, PayType, readOnly, remarkField, withDefault } from './fields.js';

/**
 * Member area (spec §1 "Member: members, grades, consumption, wallet (exchange, recharge, withdraw)";
 * §2 /member with invite and member modals, recharge drawer, exchange and withdraw modals; §3
 * stored key memberGradeId; basic data `memberLevel`). A member's `balance` is the sum of their
 * successful wallet records; it changes only through the wallet actions.
 */

export const Gender = defineEnum('gender', [
  [0, 'unknown', '未知', 'Unknown'],
  [1, 'male', '男', 'Male'],
  [2, 'female', '女', 'Female'],
]);
export const MemberSource = defineEnum('memberSource', [
  [1, 'app', 'App', 'App'],
  [2, 'web', '网页', 'Web'],
  [3, 'wechat', '微信', 'WeChat'],
  [4, 'invite', '邀请注册', 'Invitation'],
]);
export const MemberStatus = defineEnum('memberStatus', [
  [1, 'normal', '正常', 'Active'],
  [2, 'frozen', '已冻结', 'Frozen'],
  [3, 'cancelled', '已注销', 'Closed'],
]);
export const ConsumeType = defineEnum('consumeType', [
  [1, 'purchase', '购买商品', 'Purchase'],
  [2, 'rent', '账号租赁', 'Account rental'],
  [3, 'service', '增值服务', 'Service'],
]);
export const WalletRecordType = defineEnum('walletRecordType', [
  [1, 'recharge', '充值', 'Recharge'],
  [2, 'withdraw', '提现', 'Withdrawal'],
  [3, 'exchange', '积分兑换', 'Points exchange'],
  [4, 'consume', '消费', 'Payment'],
  [5, 'refund', '退款', 'Refund'],
  [6, 'couponExchange', '余额兑换优惠券', 'Coupon exchange'],
]);
export const WalletRecordStatus = defineEnum('walletRecordStatus', [
  [0, 'pending', '处理中', 'Pending'],
  [1, 'success', '成功', 'Succeeded'],
  [2, 'failed', '失败', 'Failed'],
  [3, 'rejected', '已驳回', 'Rejected'],
]);

/** Points → balance exchange rate: this many points make one yuan (100 cents). */
export const POINTS_PER_YUAN = 100;

export const memberGrade = defineEntity({
  name: 'memberGrade',
  area: 'member',
  title: { zh_CN: '会员等级', en: 'Member grade' },
  fields: {
    gradeName: F.name(32),
    level: F.int(1, 99),
    minGrowth: F.int(0, 100_000_000, { description: 'growth points needed' }),
    discount: withDefault(F.percent({ description: 'percentage paid; 95 = 5% off' }), 100),
    icon: Type.Optional(F.image()),
    benefits: withDefault(F.longText(1000), ''),
    status: enabledField(),
    memberCount: counterField(),
  },
  label: 'gradeName',
  filters: { gradeName: 'like', status: 'eq' },
  sortable: ['level', 'minGrowth', 'memberCount', 'createTime'],
  defaultSort: ['level', 'asc'],
  statusField: 'status',
  unique: [['gradeName'], ['level']],
});

export const member = defineEntity({
  name: 'member',
  area: 'member',
  title: { zh_CN: '会员', en: 'Member' },
  fields: {
    nickName: F.name(32),
    phone: F.phone(),
    email: Type.Optional(F.email()),
    avatar: Type.Optional(F.image()),
    gender: withDefault(Gender.schema(), 0),
    gradeId: F.ref('memberGrade'),
    growth: withDefault(F.int(0, 100_000_000), 0),
    points: withDefault(F.int(0, 100_000_000), 0),
    balance: readOnly(withDefault(F.money(), 0)),
    source: withDefault(MemberSource.schema(), 2),
    inviteCode: readOnly(F.code(8)),
    inviterId: Type.Optional(F.int(1, 2_147_483_647, { description: 'id of the member who invited this one' })),
    status: withDefault(MemberStatus.schema(), 1),
    lastLoginTime: Type.Optional(readOnly(F.datetime())),
    orderCount: counterField(),
    totalConsume: readOnly(withDefault(F.money({ description: 'paid orders, in cents' }), 0)),
    remark: remarkField(),
  },
  label: 'nickName',
  filters: { nickName: 'like', phone: 'like', gradeId: 'eq', source: 'eq', status: 'eq', inviterId: 'eq', createTime: 'range', lastLoginTime: 'range' },
  sortable: ['growth', 'points', 'balance', 'orderCount', 'totalConsume', 'lastLoginTime', 'createTime'],
  searchable: ['nickName', 'phone', 'email', 'inviteCode'],
  statusField: 'status',
  unique: [['phone'], ['inviteCode']],
  large: true,
});

/** Consumption history (route /member/consume); written by orders and rentals. */
export const memberConsume = defineEntity({
  name: 'memberConsume',
  area: 'member',
  title: { zh_CN: '消费记录', en: 'Consumption' },
  fields: {
    memberId: F.ref('member', { onDelete: 'cascade' }),
    consumeType: ConsumeType.schema(),
    orderNo: F.code(32),
    title: F.name(128),
    amount: F.money(),
    payType: PayType.schema(),
    remark: remarkField(),
  },
  label: 'orderNo',
  filters: { memberId: 'eq', consumeType: 'eq', payType: 'eq', orderNo: 'eq', amount: 'range', createTime: 'range' },
  sortable: ['amount', 'createTime'],
  searchable: ['orderNo', 'title'],
  ops: { add: false, update: false, listAll: false },
  large: true,
});

/** A movement of a member's wallet (route /member/wallet). Created by the wallet actions only. */
export const walletRecord = defineEntity({
  name: 'walletRecord',
  area: 'member',
  title: { zh_CN: '钱包流水', en: 'Wallet record' },
  fields: {
    memberId: F.ref('member', { onDelete: 'cascade' }),
    recordType: WalletRecordType.schema(),
    amount: F.signedMoney({ description: 'signed cents; negative is money out' }),
    balanceAfter: readOnly(F.signedMoney({ description: 'balance after a successful movement' })),
    points: withDefault(F.int(0, 100_000_000, { description: 'points spent (exchange)' }), 0),
    couponId: Type.Optional(readOnly(F.ref('coupon', { description: 'the coupon bought with balance (coupon exchange)' }))),
    channel: PayType.schema(),
    tradeNo: readOnly(F.code(32)),
    account: remarkField(64),
    status: WalletRecordStatus.schema(),
    auditTime: Type.Optional(readOnly(F.datetime())),
    auditAdmin: Type.Optional(readOnly(F.text(64))),
    remark: remarkField(),
  },
  label: 'tradeNo',
  filters: { memberId: 'eq', recordType: 'eq', status: 'eq', channel: 'eq', tradeNo: 'eq', amount: 'range', createTime: 'range' },
  sortable: ['amount', 'createTime'],
  searchable: ['tradeNo', 'account'],
  ops: { add: false, update: false, del: false, listAll: false },
  large: true,
});

export const RechargePayload = Type.Object(
  { memberId: F.id(), amount: F.money({ minimum: 1, maximum: 100_000_000 }), channel: PayType.schema(), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);
export const WithdrawPayload = Type.Object(
  { memberId: F.id(), amount: F.money({ minimum: 100 }), channel: PayType.schema(), account: F.name(64), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);
export const WithdrawAuditPayload = Type.Object(
  { id: F.id(), approved: F.bool(), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);
export const ExchangePayload = Type.Object(
  { memberId: F.id(), points: F.int(POINTS_PER_YUAN, 100_000_000, { description: `points to exchange; ${POINTS_PER_YUAN} points = ¥1` }), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);
/**
 * Balance → coupon (the exchange both ways): the member pays `amount` cents of balance
 * for one coupon. Rules: the member is active and holds the amount; the coupon is enabled, within
 * its period, not all given out (`receivedCount` < `total`), and the member has fewer than its
 * `perLimit` from exchanges. Effects: a successful wallet record (type couponExchange, amount
 * negative, channel balance, `couponId`), the coupon's `receivedCount` + 1.
 */
export const ExchangeCouponPayload = Type.Object(
  { memberId: F.id(), couponId: F.id(), amount: F.money({ minimum: 1, maximum: 100_000_000, description: 'balance paid, in cents' }), remark: Type.Optional(F.text(255)) },
  { additionalProperties: false },
);
/**
 * Disable (freeze) or enable a member, with the reason recorded in the member's remark. Rules: only
 * an active member can be frozen and only a frozen one enabled; a closed account stays closed.
 */
export const MemberStatusPayload = Type.Object(
  { id: F.id(), status: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 enable, 2 freeze' }), reason: F.name(255) },
  { additionalProperties: false },
);
export const WalletSummary = Type.Object({ memberId: Type.Integer(), balance: F.money(), points: Type.Integer(), pendingWithdraw: F.money() });

const rec = walletRecord.schemas.record;
export const memberActions = [
  defineAction({ record: { entity: member }, name: 'member.setStatus', path: '/v1/member/setStatus', area: 'member', summary: 'Freeze or enable a member with a reason (active ↔ frozen; closed stays closed)', payload: MemberStatusPayload, result: member.schemas.record }),
  defineAction({ name: 'walletRecord.recharge', path: '/v1/walletRecord/recharge', area: 'member', summary: 'Credit a member wallet (recharge drawer); succeeds at once', payload: RechargePayload, result: rec }),
  defineAction({ name: 'walletRecord.withdraw', path: '/v1/walletRecord/withdraw', area: 'member', summary: 'Ask to withdraw from a member wallet; pending until audited, refused above the balance', payload: WithdrawPayload, result: rec }),
  defineAction({ record: { entity: walletRecord }, name: 'walletRecord.auditWithdraw', path: '/v1/walletRecord/auditWithdraw', area: 'member', summary: 'Approve (pay out) or reject a pending withdrawal (withdraw modal)', payload: WithdrawAuditPayload, result: rec }),
  defineAction({ name: 'walletRecord.exchange', path: '/v1/walletRecord/exchange', area: 'member', summary: `Exchange member points for balance, ${POINTS_PER_YUAN} points per yuan (exchange modal)`, payload: ExchangePayload, result: rec }),
  defineAction({ name: 'walletRecord.exchangeCoupon', path: '/v1/walletRecord/exchangeCoupon', area: 'member', summary: 'Exchange member balance for a coupon (exchange modal, the other direction)', payload: ExchangeCouponPayload, result: rec }),
  defineAction({
    name: 'walletRecord.summary',
    path: '/v1/walletRecord/summary',
    area: 'member',
    summary: "A member's balance, points and pending withdrawals",
    payload: Type.Object({ memberId: F.id() }, { additionalProperties: false }),
    result: WalletSummary,
  }),
];
