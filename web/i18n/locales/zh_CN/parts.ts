/** Texts of the reusable parts (the kit's web/crud/parts, the shell's message bell), keys `parts.<part>.<key>`. */
export default {
  history: {
    title: '变更历史', all: '全部记录（{{count}}）', none: '尚无变更记录', done: '成功', refused: '被拒绝',
    field: '字段', before: '修改前', after: '修改后', item: '第 {{n}} 项', more: '另有 {{count}} 项', unchanged: '另有 {{count}} 项未变', labelled: '{{label}}：',
    redacted: '（保密，未保留）', tooLarge: '（内容过长，未保留）',
    restoreThis: '恢复此版本', restore: '恢复', restoreTitle: '恢复此版本',
    restoreIntro: '记录将恢复到 {{by}} 于 {{at}} 修改之前的状态。以下为与记录当前值的对比：',
    now: '当前值', restoredValue: '恢复为', restoreNothing: '记录现在的值已与该版本相同，无需恢复。',
    restoreSkipped: '不会恢复：{{fields}}', skippedField: '{{label}}（{{reason}}）', listSeparator: '、',
    skip: { secret: '保密，未保留', tooLarge: '内容过长，未保留', notEditable: '不可编辑' },
    restoreUnknown: '此后有 {{count}} 次修改未保留字段值，这些修改不会被撤销。',
    restored: '已恢复该版本', revertOf: '恢复到记录 #{{id}} 之前的版本', undoOf: '撤销记录 #{{id}} 的操作',
    /** Labels of the keys inside nested values (an order's activity entries, a refund's lines). */
    nested: { time: '时间', action: '操作', actor: '操作人', note: '说明', itemId: '订单明细', quantity: '数量', amount: '金额', revertOf: '恢复到此记录之前的版本', undoOf: '撤销的操作', undoOfEntry: '撤销的记录' },
  },
  bell: { label: '系统消息，{{count}} 条未读', title: '系统消息', readAll: '全部已读', markRead: '标为已读', none: '暂无消息' },
  icon: { choose: '选择图标', search: '搜索图标', count: '共 {{count}} 个图标', none: '没有匹配的图标' },
  range: {
    label: '时间范围',
    quick: { today: '今天', '7d': '近 7 天', '30d': '近 30 天', month: '本月', custom: '自定义' },
    custom: '自定义时间范围',
    granularityLabel: '统计粒度',
    granularity: { day: '按日', week: '按周', month: '按月' },
  },
  images: { view: '查看图片（第 {{n}} 张，共 {{count}} 张）', alt: '图片 {{n}} / {{count}}', position: '{{n}} / {{count}}' },
  rowActions: { more: '更多', moreLabel: '更多操作（{{count}} 项）', menu: '更多操作' },
};
