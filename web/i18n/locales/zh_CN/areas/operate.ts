/** The operate area's texts in zh_CN (spec §2 /operate); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `operate.<key>`. */
  texts: {
    chart: {
      open: '数据', title: '广告数据：{{title}}', views: '曝光量', clicks: '点击量', ctr: '点击率', count: '次数',
      last7: '近 7 天', last30: '近 30 天', schedule: '整个投放期', notStarted: '广告尚未开始投放，暂无数据', aria: '广告每日曝光量、点击量与点击率折线图',
    },
    receive: { open: '领取记录', title: '领取记录：{{name}}' },
    msg: {
      add: '新建站内信', modify: '编辑草稿', view: '查看', close: '关闭', send: '发送', revoke: '撤回',
      scheduled: '定时待发', when: '发送方式', mode: { now: '立即发送', schedule: '定时发送', draft: '存为草稿' },
      submit: { now: '立即发送', schedule: '定时发送', draft: '保存草稿' },
      chooseGrades: '请至少选择一个会员等级', chooseMembers: '请至少选择一名会员', futureTime: '请选择将来的发送时间', searchMembers: '输入昵称或手机号搜索会员',
      savedDraft: '草稿已保存', sent: '站内信已发送', scheduledAt: '已定时，将于 {{time}} 发送', revoked: '站内信已撤回',
      sendTitle: '发送确认', sendConfirm: '确定立即发送“{{title}}”吗？发送后不能再编辑，只能撤回。',
      revokeTitle: '撤回确认', revokeConfirm: '确定撤回“{{title}}”吗？撤回后会员将看不到这条消息，且不能再次发送。',
    },
    seo: { deleteConfirm: '删除 {{name}} 的 SEO 设置？', pages: '页面', off: '停用', counter: '{{n}} / {{max}}', preview: '搜索结果预览', noTitle: '（无标题）' },
  },
};
