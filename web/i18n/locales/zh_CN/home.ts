/** Home workbench (spec §1): greeting, pending work, project cards, quick navigation, dynamic info, sales radar. */
export default {
  greeting: {
    morning: '早上好，{{name}}，开始您一天的工作吧！',
    noon: '中午好，{{name}}，记得午休片刻。',
    afternoon: '下午好，{{name}}，继续加油！',
    evening: '晚上好，{{name}}，今天辛苦了！',
    night: '夜深了，{{name}}，注意休息。',
    fallbackName: '运营同学',
  },
  today: '今天是{{date}}',
  dataAsOf: '数据截至 {{time}}',
  pending: {
    orders: '待处理订单',
    refunds: '待审核退款',
    feedback: '待回复反馈',
  },
  projects: {
    title: '进行中的项目',
    progress: '进度',
    updated: '更新于 {{date}}',
    open: '打开{{title}}',
    groups: { operations: '运营组', tech: '技术组', marketing: '市场组', finance: '财务组', service: '客服组' },
    items: {
      cdkCenter: { title: 'CDK 发放中心', desc: '统一管理各平台激活码的批量导入、核销与发放。' },
      accountMarket: { title: '账号交易市场', desc: '游戏账号上架、估价与交易担保流程升级。' },
      rentService: { title: '租号服务', desc: '租号申请审核、计时计费与到期自动回收。' },
      memberGrowth: { title: '会员成长体系', desc: '会员等级、积分与权益的精细化运营。' },
      recommendEngine: { title: '智能推荐', desc: '首页游戏与商品推荐位的个性化排序。' },
      riskControl: { title: '订单风控', desc: '异常订单识别、补发审核与退款风险拦截。' },
    },
  },
  quickNav: { title: '快捷导航' },
  dynamics: {
    title: '最新动态',
    empty: '暂无动态',
    actions: {
      placedOrder: '创建了订单',
      refunded: '退款了订单',
      publishedGoods: '上架了商品',
      repliedFeedback: '回复了反馈',
      importedCdk: '导入了 CDK 批次',
      updatedGame: '更新了游戏',
      approvedRent: '审核通过了租号',
      sentMessage: '发送了站内信',
    },
  },
  radar: {
    title: '销售雷达',
    subtitle: '各品类订单量，今年对比去年',
    series: { thisYear: '今年', lastYear: '去年' },
  },
  loadFailed: '工作台数据加载失败',
};
