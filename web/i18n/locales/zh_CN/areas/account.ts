/** The account area's texts in zh_CN (spec §2 /account); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `account.<key>`. */
  texts: {
    stats: {
      allGames: '全部游戏',
      range: '日期范围',
      accounts: '账号数',
      uses: '使用次数',
      hours: '使用时长（小时）',
      minutes: '使用时长（分钟）',
      income: '收入',
      incomeYuan: '收入（元）',
      byStatus: '账号状态分布',
      byGame: '各游戏使用与收入',
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    gameAccount: { title: '游戏账号', fields: { gameId: '游戏', account: '账号', password: '登录密码', serverName: '区服', level: '等级', roleDesc: '角色描述', hourlyPrice: '时租价', deposit: '押金', useCount: '使用次数', lastUseTime: '最近使用', status: '状态', remark: '备注' } },
    accountUseRecord: { title: '账号使用记录', fields: { accountId: '账号', account: '账号', gameId: '游戏', memberId: '会员ID', startTime: '开始时间', endTime: '结束时间', durationMinutes: '时长（分钟）', amount: '金额', status: '状态', remark: '备注' } },
  },
};
