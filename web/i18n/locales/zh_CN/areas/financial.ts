/** The financial area's texts in zh_CN (spec §2 /financial); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `financial.<key>`. */
  texts: {
    totals: { count: '笔数', unsettled: '待结算', unsettledValue: '{{count}} 笔 · {{sum}}' },
    settle: {
      button: '批量结算（{{count}}）',
      title: '确认结算',
      message: '结算选中的 {{count}} 笔，合计收入 {{sum}}？结算后不可撤回。',
      confirm: '结算',
      done: '已结算 {{count}} 笔，合计 {{sum}}',
      onlyUnsettled: '只能结算待结算的行',
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    merchantIncome: { title: '商户收入', fields: { merchantId: '商户', merchantName: '商户名称', settleDate: '结算日期', orderCount: '订单数', orderAmount: '订单金额', commission: '平台佣金', income: '商户收入', status: '结算状态', settleTime: '结算时间' } },
    rentalIncome: { title: '租号收入', fields: { ownerMemberId: '号主会员ID', rentOrderId: '租号订单ID', orderNo: '订单号', rentAmount: '租金', platformFee: '平台服务费', income: '号主收入', status: '结算状态', settleTime: '结算时间' } },
  },
};
