/** The statistics area's texts in zh_CN (spec §2 /statistics); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `statistics.<key>`. */
  texts: {
    about: {
      pageView: '页面浏览量（PV）与独立访客（UV）',
      userRegister: '新注册会员，按来源渠道',
      userLogin: '登录次数与活跃会员',
      memberPurchase: '已支付订单、购买人数与销售额',
      cdkUsage: 'CDK 发放与兑换',
      clientInstall: '客户端安装量，按平台',
      arpu: '每用户平均收入（ARPU）与每付费用户平均收入（ARPPU）',
      newcomer: '新会员及其在同一周期内完成购买的人数',
      game: '销量最高的十款游戏（售出件数）',
      feedback: '收到与已回复的反馈',
      goods: '销量最高的十件商品（售出件数）',
      archive: '累计会员、订单与销售额',
    },
    series: {
      pv: '浏览量', uv: '访客数', logins: '登录次数', activeMembers: '活跃会员',
      app: 'App', web: '网页', wechat: '微信', invite: '邀请',
      orders: '订单数', buyers: '购买人数', sales: '销售额',
      issued: '发放', redeemed: '兑换',
      android: 'Android', ios: 'iOS', windows: 'Windows', mac: 'macOS',
      arpu: 'ARPU', arppu: 'ARPPU',
      newMembers: '新会员', newBuyers: '当期购买的新会员',
      received: '收到', replied: '已回复',
      members: '会员数', units: '售出件数',
    },
    unit: { count: '数量', cent: '金额', percent: '百分比' },
    bucket: { day: '日期', week: '周（起始日）', month: '月份' },
    weekOf: '{{day}} 起一周',
    change: '较上一周期 {{value}}',
    noComparison: '上一周期无数据',
    table: '明细数据',
    export: '导出 Excel',
    yuan: '元',
    empty: '所选时间范围内没有数据',
    loadFailed: '统计数据加载失败',
    retry: '重试',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
