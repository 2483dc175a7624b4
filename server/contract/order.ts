import Type from 'typebox';
import { defineAction, defineEntity } from './entity.js';
import { counterField, defineEnum, enabledField, F, PayType, readOnly, remarkField, withDefault } from './fields.js';

/**
 * Order area (spec §1 "Order: list, detail, refund orders, refund settings"; §2 /order/index with
 * confirm-delivery, confirm, reissue and risk modals, /order/detail with extract, remark and CDK
 * modals, /order/back, /order/refundSet). Members place orders in the shop; the console moves them on.
 *
 * Life cycle: pendingPay → paid → delivered → completed; pendingPay → cancelled;
 * paid/delivered/completed → refunding → refunded (or back on refusal).
 * Totals: `totalAmount` = Σ item `amount` (= price × quantity); `payAmount` = `totalAmount` − `discountAmount`.
 */

export const OrderStatus = defineEnum('orderStatus', [
  [0, 'pendingPay', '待付款', 'Awaiting payment'],
  [1, 'paid', '待发货', 'Awaiting delivery'],
  [2, 'delivered', '已发货', 'Delivered'],
  [3, 'completed', '已完成', 'Completed'],
  [4, 'cancelled', '已取消', 'Cancelled'],
  [5, 'refunding', '退款中', 'Refund in progress'],
  [6, 'refunded', '已退款', 'Refunded'],
]);
export const RiskLevel = defineEnum('riskLevel', [
  [0, 'normal', '正常', 'Normal'],
  [1, 'suspicious', '可疑', 'Suspicious'],
  [2, 'blocked', '已拦截', 'Blocked'],
]);
export const ItemDeliveryStatus = defineEnum('itemDeliveryStatus', [
  [0, 'pending', '待发货', 'Pending'],
  [1, 'delivered', '已发货', 'Delivered'],
  [2, 'extracted', '已提取', 'Extracted'],
]);
export const RefundType = defineEnum('refundType', [
  [1, 'refundOnly', '仅退款', 'Refund only'],
  [2, 'returnAndRefund', '退货退款', 'Return and refund'],
]);
export const RefundStatus = defineEnum('refundStatus', [
  [0, 'pending', '待审核', 'Pending review'],
  [1, 'approved', '已同意', 'Approved'],
  [2, 'rejected', '已拒绝', 'Rejected'],
  [3, 'refunded', '已退款', 'Refunded'],
]);

/**
 * One entry of an order's activity timeline: an operator's action (delivery, confirmation, reissue,
 * risk, remark, cancel, refund, audit, reveal of delivered secrets). Placement, payment, delivery
 * and completion times come from the order itself.
 */
export const OrderActivity = Type.Object({
  time: F.datetime(),
  action: Type.String({ maxLength: 32, description: 'confirmDelivery | confirm | reissue | risk | remark | cancel | refund | refundApproved | refundRejected | reveal' }),
  actor: Type.String({ maxLength: 64 }),
  note: Type.String({ maxLength: 255 }),
});

/**
 * Order state rules (spec §4 leaves business statuses open; these are the platform's):
 * - confirmDelivery: paid only, and not blocked by risk control;
 * - confirm (complete): delivered only;
 * - reissue: delivered or completed, items delivered as codes or accounts;
 * - risk: any status but cancelled and refunded (a closed order has nothing left to hold);
 * - cancel: pendingPay only (releases locked codes);
 * - refund (open): paid, delivered or completed, within the category's window after payment,
 *   not above what is left to refund; one open refund at a time (the order is then refunding);
 * - refund audit: pending refunds only; approve with an amount up to the requested one (order →
 *   refunded, money to the member's wallet), refuse with a reason (order back to its status);
 * - extract (reveal secrets): delivered, completed or refunding;
 * - remark: any status; delete: cancelled only.
 */
export const ORDER_ACTION_STATUSES = {
  confirmDelivery: [1],
  confirm: [2],
  reissue: [2, 3],
  risk: [0, 1, 2, 3, 5],
  cancel: [0],
  refund: [1, 2, 3],
  extract: [2, 3, 5],
  remark: [0, 1, 2, 3, 4, 5, 6],
} as const satisfies Record<string, readonly number[]>;
export type OrderActionName = keyof typeof ORDER_ACTION_STATUSES;

/**
 * Order statuses that were paid (paid, delivered, completed, refunding, refunded): the money of
 * these counts as paid in the dashboard's sales and the order list's `summary.payAmount`.
 */
export const ORDER_PAID_STATUSES: readonly number[] = [1, 2, 3, 5, 6];

/**
 * Totals of the orders matching a list query, over every page (the line above the order list):
 * how many, and the `payAmount` of those of them that were paid ({@link ORDER_PAID_STATUSES}), cents.
 */
export const OrderListSummary = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  payAmount: F.money({ description: 'Σ payAmount of the paid orders among the matches, in cents' }),
});

export const order = defineEntity({
  name: 'order',
  area: 'order',
  title: { zh_CN: '订单', en: 'Order' },
  fields: {
    orderNo: readOnly(F.code(32)),
    memberId: readOnly(F.ref('member')),
    memberNickName: readOnly(F.text(64)),
    merchantId: Type.Optional(readOnly(F.ref('merchant'))),
    couponId: Type.Optional(readOnly(F.ref('coupon'))),
    itemCount: counterField('units over all items'),
    totalAmount: readOnly(F.money()),
    discountAmount: readOnly(F.money()),
    payAmount: readOnly(F.money()),
    payType: Type.Optional(readOnly(PayType.schema())),
    payTime: Type.Optional(readOnly(F.datetime())),
    deliveryTime: Type.Optional(readOnly(F.datetime())),
    completeTime: Type.Optional(readOnly(F.datetime())),
    status: readOnly(OrderStatus.schema()),
    riskLevel: readOnly(withDefault(RiskLevel.schema(), 0)),
    riskRemark: readOnly(withDefault(F.text(255), '')),
    contactPhone: F.phone(),
    buyerRemark: readOnly(withDefault(F.text(255), '')),
    remark: remarkField(),
    goodsIds: readOnly(withDefault(F.refs('goods', { maxItems: 99, description: 'goods of its items (for the goods filter)' }), [])),
    activity: readOnly(withDefault(Type.Array(OrderActivity, { maxItems: 200, description: 'what operators did to the order, oldest first' }), [])),
  },
  label: 'orderNo',
  filters: {
    orderNo: 'like', memberId: 'eq', merchantId: 'eq', status: 'eq', riskLevel: 'eq', payType: 'eq', goodsIds: 'has',
    payAmount: 'range', createTime: 'range', payTime: 'range',
  },
  sortable: ['payAmount', 'totalAmount', 'payTime', 'createTime'],
  searchable: ['orderNo', 'memberNickName', 'contactPhone'],
  unique: [['orderNo']],
  ops: { add: false, updateStatus: false },
  large: true,
  listSummary: OrderListSummary,
});

/** A line of an order: a goods snapshot and the codes or accounts delivered for it. */
export const orderItem = defineEntity({
  name: 'orderItem',
  area: 'order',
  title: { zh_CN: '订单明细', en: 'Order item' },
  fields: {
    orderId: F.ref('order', { onDelete: 'cascade' }),
    goodsId: F.ref('goods'),
    goodsName: readOnly(F.text(128)),
    deliveryType: readOnly(F.int(1, 4, { description: 'deliveryType of the goods when ordered' })),
    price: readOnly(F.money()),
    quantity: F.int(1, 99),
    amount: readOnly(F.money()),
    deliveryStatus: readOnly(withDefault(ItemDeliveryStatus.schema(), 0)),
    cardIds: readOnly(withDefault(F.refs('card', { maxItems: 99, description: 'activation codes delivered' }), [])),
    cardAccountIds: readOnly(withDefault(F.refs('cardAccount', { maxItems: 99, description: 'accounts delivered' }), [])),
  },
  label: 'goodsName',
  filters: { orderId: 'eq', goodsId: 'eq', deliveryStatus: 'eq' },
  sortable: ['amount', 'createTime'],
  defaultSort: ['id', 'asc'],
  ops: { add: false, update: false, del: false, listAll: false },
  large: true,
});

/** A line of an order and how many of its units a refund covers. */
export const RefundLine = Type.Object({ itemId: F.id(), quantity: F.int(1, 99) }, { additionalProperties: false });
export type RefundLineValue = { itemId: number; quantity: number };

/**
 * Units of each order line a refund already covers: those of refunds pending or refunded (a
 * rejected refund gives its units back). A refund made by amount alone names no units.
 */
export function refundedUnits(refunds: readonly Record<string, unknown>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of refunds) {
    if (r.status !== 0 && r.status !== 1 && r.status !== 3) continue;
    for (const l of (r.lines as RefundLineValue[] | undefined) ?? []) out.set(l.itemId, (out.get(l.itemId) ?? 0) + l.quantity);
  }
  return out;
}

/**
 * The amount (cents) a refund of `lines` comes to: each unit's price less its share of the order's
 * discount (what was paid for it), never more than the paid amount less what was already refunded;
 * lines covering every unit left of the order come to exactly that remainder (no cent lost to rounding).
 * The server charges this amount and the refund dialog shows it.
 */
export function refundAmountOf(
  o: Record<string, unknown>,
  items: readonly Record<string, unknown>[],
  refunds: readonly Record<string, unknown>[],
  lines: readonly RefundLineValue[],
): number {
  const paid = Number(o.payAmount) || 0;
  const total = Number(o.totalAmount) || 0;
  const left = paid - refunds.filter((r) => r.status === 3).reduce((s, r) => s + (Number(r.amount) || 0), 0);
  const done = refundedUnits(refunds);
  const asked = new Map<number, number>();
  for (const l of lines) asked.set(l.itemId, (asked.get(l.itemId) ?? 0) + l.quantity);
  const everyUnit = items.every((it) => (asked.get(Number(it.id)) ?? 0) >= (Number(it.quantity) || 0) - (done.get(Number(it.id)) ?? 0));
  if (everyUnit) return Math.max(0, left);
  const gross = lines.reduce((s, l) => s + (Number(items.find((it) => it.id === l.itemId)?.price) || 0) * l.quantity, 0);
  const share = total > 0 ? Math.round((gross * paid) / total) : 0;
  return Math.max(0, Math.min(left, share));
}

/** A refund request (route /order/back), made with the order `refund` action and decided with `refund/audit`. */
export const refund = defineEntity({
  name: 'refund',
  area: 'order',
  title: { zh_CN: '退款单', en: 'Refund' },
  fields: {
    refundNo: readOnly(F.code(32)),
    orderId: readOnly(F.ref('order')),
    orderNo: readOnly(F.text(32)),
    memberId: readOnly(F.ref('member')),
    amount: readOnly(F.money()),
    lines: Type.Optional(readOnly(Type.Array(RefundLine, { maxItems: 99, description: 'the order lines and units refunded (none: a refund by amount)' }))),
    reason: readOnly(F.text(255)),
    refundType: readOnly(RefundType.schema()),
    status: readOnly(RefundStatus.schema()),
    orderStatusBefore: readOnly(OrderStatus.schema({ description: 'order status when the refund was opened; restored on rejection' })),
    auditRemark: remarkField(),
    auditTime: Type.Optional(readOnly(F.datetime())),
    refundTime: Type.Optional(readOnly(F.datetime())),
  },
  label: 'refundNo',
  filters: { refundNo: 'like', orderId: 'eq', orderNo: 'like', memberId: 'eq', status: 'eq', refundType: 'eq', createTime: 'range' },
  sortable: ['amount', 'createTime', 'auditTime'],
  searchable: ['refundNo', 'orderNo', 'reason'],
  unique: [['refundNo']],
  ops: { add: false, del: false, listAll: false, updateStatus: false },
});

/** Refund rules per goods category (route /order/refundSet); a rule without category applies to all. */
export const refundSetting = defineEntity({
  name: 'refundSetting',
  area: 'order',
  title: { zh_CN: '退款设置', en: 'Refund setting' },
  fields: {
    settingName: F.name(64),
    categoryId: Type.Optional(F.ref('goodsCategory', { description: 'none = all categories' })),
    allowRefund: withDefault(F.bool(), true),
    refundWithinHours: withDefault(F.int(0, 720, { description: 'hours after payment a refund may be asked' }), 24),
    autoApprove: withDefault(F.bool(), false),
    autoApproveMaxAmount: withDefault(F.money({ description: 'refunds up to this are approved at once (cents)' }), 0),
    requireUndelivered: withDefault(F.bool({ description: 'only orders whose codes were not extracted' }), true),
    status: enabledField(),
    remark: remarkField(),
  },
  label: 'settingName',
  filters: { settingName: 'like', categoryId: 'eq', status: 'eq' },
  sortable: ['refundWithinHours', 'createTime'],
  statusField: 'status',
});

const OrderRef = { id: F.id() };
const strict = { additionalProperties: false } as const;
export const ConfirmDeliveryPayload = Type.Object({ ...OrderRef, deliveryRemark: Type.Optional(F.text(255)) }, strict);
export const ReissuePayload = Type.Object({ ...OrderRef, itemId: Type.Optional(F.id()), reason: F.name(255) }, strict);
export const RiskPayload = Type.Object({ ...OrderRef, riskLevel: RiskLevel.schema(), riskRemark: Type.Optional(F.text(255)) }, strict);
export const ExtractPayload = Type.Object({ ...OrderRef, itemId: Type.Optional(F.id()) }, strict);
export const RemarkPayload = Type.Object({ ...OrderRef, remark: F.text(255) }, strict);
export const OrderRefundPayload = Type.Object(
  {
    ...OrderRef,
    lines: Type.Optional(Type.Array(RefundLine, { minItems: 1, maxItems: 99, description: 'the lines and quantities refunded (default: every unit left of the lines that may be refunded)' })),
    amount: Type.Optional(F.money({ minimum: 1, description: 'without lines: an amount up to what is left (default: all of it); with lines: their amount, as computed' })),
    reason: F.name(255),
    refundType: Type.Optional(RefundType.schema()),
  },
  strict,
);
export const RefundAuditPayload = Type.Object(
  { id: F.id(), approved: F.bool(), amount: Type.Optional(F.money({ minimum: 1, description: 'approved amount, up to the requested one (default: all of it)' })), auditRemark: Type.Optional(F.text(255)) },
  strict,
);
export const ExtractedCode = Type.Object({
  itemId: Type.Integer(),
  goodsName: Type.String(),
  kind: Type.Enum(['card', 'account']),
  id: Type.Integer(),
  cardNo: Type.String({ description: 'code number or account name' }),
  secret: Type.String({ description: 'code secret or account password' }),
});
/** A money movement of an order: the payment, and each approved refund (to the member's wallet). */
export const OrderPayment = Type.Object({
  kind: Type.Enum(['pay', 'refund']),
  channel: PayType.schema(),
  amount: F.signedMoney(),
  time: F.datetime(),
  tradeNo: Type.String(),
});
/**
 * An order with its lines, refunds and money movements; `refundSetting` is the refund rule its goods
 * fall under (the one the `refund` action applies: window, extracted codes), absent when none applies
 * or the platform does not say (the refund dialog then leaves the line rules to the server).
 */
export const OrderDetail = Type.Object({
  order: order.schemas.record,
  items: Type.Array(orderItem.schemas.record),
  refunds: Type.Array(refund.schemas.record),
  payments: Type.Array(OrderPayment),
  refundSetting: Type.Optional(refundSetting.schemas.record),
});

const rec = order.schemas.record;
export const orderActions = [
  defineAction({ name: 'order.detail', path: '/v1/order/detail', area: 'order', summary: 'An order with its items and refunds (route /order/detail)', payload: Type.Object(OrderRef, strict), result: OrderDetail }),
  defineAction({ record: { entity: order }, name: 'order.confirmDelivery', path: '/v1/order/confirmDelivery', area: 'order', summary: 'Deliver a paid order: assigns unsold codes or accounts to its items (paid → delivered)', payload: ConfirmDeliveryPayload, result: rec }),
  defineAction({ record: { entity: order }, name: 'order.confirm', path: '/v1/order/confirm', area: 'order', summary: 'Confirm receipt on the buyer\'s behalf (delivered → completed)', payload: Type.Object(OrderRef, strict), result: rec }),
  defineAction({ record: { entity: order }, name: 'order.reissue', path: '/v1/order/reissue', area: 'order', summary: 'Replace the delivered codes of an item (or all items): old codes are voided, new ones assigned', payload: ReissuePayload, result: rec }),
  defineAction({ record: { entity: order }, name: 'order.risk', path: '/v1/order/risk', area: 'order', summary: 'Set the risk level of an order; a blocked order cannot be delivered', payload: RiskPayload, result: rec }),
  defineAction({ name: 'order.extract', path: '/v1/order/extract', area: 'order', summary: 'Reveal the delivered codes and secrets of an order (CDK modal); marks the items extracted', payload: ExtractPayload, result: Type.Array(ExtractedCode) }),
  defineAction({ record: { entity: order }, name: 'order.remark', path: '/v1/order/remark', area: 'order', summary: 'Set the operator remark of an order', payload: RemarkPayload, result: rec }),
  defineAction({ name: 'order.cancel', path: '/v1/order/cancel', area: 'order', summary: 'Cancel an unpaid order and release its locked codes', payload: Type.Object(OrderRef, strict), result: rec }),
  defineAction({ record: { entity: order }, name: 'order.refund', path: '/v1/order/refund', area: 'order', summary: 'Open a refund for a paid order, up to its paid amount (order → refunding)', payload: OrderRefundPayload, result: refund.schemas.record }),
  defineAction({ record: { entity: refund }, name: 'refund.audit', path: '/v1/refund/audit', area: 'order', summary: 'Approve (refund to the wallet, order → refunded) or reject (order back to its previous state) a pending refund', payload: RefundAuditPayload, result: refund.schemas.record }),
];
