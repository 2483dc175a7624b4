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
};
