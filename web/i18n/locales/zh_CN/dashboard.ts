/** Dashboard analysis (spec §1): growth cards, data analysis, member source, stack chart; shared summary texts. */
export default {
  growCards: {
    visits: { title: '访问量', total: '总访问量', period: '日', compare: '较前日' },
    sales: { title: '成交额', total: '近 12 个月成交额', period: '月', compare: '较上月' },
    orders: { title: '订单数', total: '总订单数', period: '月', compare: '较上月' },
    newMembers: { title: '新增会员', total: '会员总数', period: '近 12 个月', compare: '较前 12 个月' },
  },
  /** What a figure covers (the summary's `period`). */
  period: { today: '今天', lastMonth: '上月', last12Months: '近 12 个月', range: '{{from}} 至 {{to}}' },
  /** Today's trade (the summary's `today`). */
  today: { sales: '今日成交额', orders: '今日订单数', openOrders: '查看今日订单' },
  withSpan: '{{text}} · {{span}}',
  trend: { up: '上升', down: '下降', flat: '持平' },
  visitTrend: {
    title: '数据分析',
    subtitle: '访问量与独立访客',
    range: '时间范围',
    daily: '近 30 天',
    monthly: '近 12 个月',
    visits: '访问量',
    visitors: '访客数',
  },
  memberSource: {
    title: '会员来源',
    subtitle: '近 12 个月新增会员的来源渠道',
    total: '合计',
    sources: { app: 'App', web: '网页', wechat: '微信', invite: '邀请注册' },
  },
  salesStack: {
    title: '品类销售额',
    subtitle: '近 12 个月，按商品分类堆叠',
    total: '合计',
  },
  /** Goods categories of the summary (also the workbench radar's axes). */
  categories: { pointCard: '点卡', account: '账号', item: '道具', cdk: '激活码', membership: '会员', merch: '周边' },
  loadFailed: '分析数据加载失败',
  loadFailedHint: '请检查网络连接后重试。',
  refreshing: '正在刷新数据…',
};
