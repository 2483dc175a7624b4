/** Texts of the reusable parts (web/parts), keys `parts.<part>.<key>`. */
export default {
  range: {
    label: '时间范围',
    quick: { today: '今天', '7d': '近 7 天', '30d': '近 30 天', month: '本月', custom: '自定义' },
    custom: '自定义时间范围',
    granularityLabel: '统计粒度',
    granularity: { day: '按日', week: '按周', month: '按月' },
  },
};
