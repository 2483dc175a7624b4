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
};
