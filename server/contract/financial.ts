import Type from 'typebox';
import { CountResult, defineAction, defineEntity, IdsPayload } from './entity.js';
import { defineEnum, F, readOnly } from './fields.js';

/**
 * Financial area (spec §1 "Financial: merchant income, rental income"; route /financial/rantalIncome
 * is spelled so). Income lines are produced by the platform's settlement; operators read them and settle.
 */

export const SettleStatus = defineEnum('settleStatus', [
  [0, 'unsettled', '待结算', 'Unsettled'],
  [1, 'settled', '已结算', 'Settled'],
  [2, 'frozen', '已冻结', 'Frozen'],
]);

/** A merchant's daily sales and the platform commission taken from them. `income = orderAmount - commission`. */
export const merchantIncome = defineEntity({
  name: 'merchantIncome',
  area: 'financial',
  title: { zh_CN: '商户收入', en: 'Merchant income' },
  fields: {
    merchantId: F.ref('merchant', { onDelete: 'cascade' }),
    merchantName: readOnly(F.text(64)),
    settleDate: F.date(),
    orderCount: F.int(),
    orderAmount: F.money(),
    commission: F.money(),
    income: F.money(),
    status: SettleStatus.schema(),
    settleTime: Type.Optional(readOnly(F.datetime())),
  },
  label: 'settleDate',
  filters: { merchantId: 'eq', status: 'eq', settleDate: 'range' },
  sortable: ['settleDate', 'orderAmount', 'income', 'createTime'],
  searchable: ['merchantName'],
  defaultSort: ['settleDate', 'desc'],
  unique: [['merchantId', 'settleDate']],
  ops: { add: false, update: false, del: false, listAll: false },
  large: true,
});

/** What an account owner earned from one finished rental. `income = rentAmount - platformFee`. */
export const rentalIncome = defineEntity({
  name: 'rentalIncome',
  area: 'financial',
  title: { zh_CN: '租赁收入', en: 'Rental income' },
  fields: {
    ownerMemberId: F.ref('member', { onDelete: 'cascade' }),
    rentOrderId: F.ref('rentOrder', { onDelete: 'cascade' }),
    orderNo: readOnly(F.text(32)),
    rentAmount: F.money(),
    platformFee: F.money(),
    income: F.money(),
    status: SettleStatus.schema(),
    settleTime: Type.Optional(readOnly(F.datetime())),
  },
  label: 'orderNo',
  filters: { ownerMemberId: 'eq', rentOrderId: 'eq', status: 'eq', createTime: 'range' },
  sortable: ['rentAmount', 'income', 'createTime'],
  searchable: ['orderNo'],
  ops: { add: false, update: false, del: false, listAll: false },
  large: true,
});

/** Sums of the income lines matching a list query (the totals above the table); money in cents. */
export const IncomeTotals = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  amount: F.money({ description: 'orderAmount (merchant) or rentAmount (rental), in cents' }),
  fee: F.money({ description: 'commission (merchant) or platformFee (rental), in cents' }),
  income: F.money(),
  unsettledCount: Type.Integer({ minimum: 0 }),
  unsettledIncome: F.money(),
});


export const financialActions = [
  defineAction({ name: 'merchantIncome.settle', path: '/v1/merchantIncome/settle', area: 'financial', summary: 'Settle unsettled merchant income lines (all or none) and credit the merchants', payload: IdsPayload, result: CountResult }),
  defineAction({ name: 'rentalIncome.settle', path: '/v1/rentalIncome/settle', area: 'financial', summary: 'Settle unsettled rental income lines (all or none)', payload: IdsPayload, result: CountResult }),
  defineAction({ name: 'merchantIncome.totals', path: '/v1/merchantIncome/totals', area: 'financial', summary: 'Totals of the merchant income lines matching the list filters', payload: merchantIncome.schemas.query, payloadOptional: true, result: IncomeTotals }),
  defineAction({ name: 'rentalIncome.totals', path: '/v1/rentalIncome/totals', area: 'financial', summary: 'Totals of the rental income lines matching the list filters', payload: rentalIncome.schemas.query, payloadOptional: true, result: IncomeTotals }),
];
