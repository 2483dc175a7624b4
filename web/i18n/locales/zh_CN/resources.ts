/** 资源字段标签：`resources.<实体>.fields.<字段>`（各区域新增实体时在此追加）。 */
export default {
  feedback: {
    title: '意见反馈',
    fields: { memberId: '会员ID', nickName: '会员昵称', typeId: '反馈类型', content: '反馈内容', images: '图片', contact: '联系方式', source: '来源', clientVersion: '客户端版本', status: '状态', replyContent: '回复内容', replyTime: '回复时间', replyAdmin: '回复人', remark: '备注' },
  },
  feedbackType: {
    title: '反馈类型',
    fields: { typeName: '类型名称', description: '描述', sort: '排序', status: '状态' },
  },
  replay: {
    title: '快捷回复',
    fields: { title: '标题', content: '回复内容', typeId: '适用类型', sort: '排序', status: '状态' },
  },
  feedbackWords: {
    title: '反馈词库',
    fields: { word: '词语', wordType: '词语类型', replacement: '替换为', hitCount: '命中次数', status: '状态' },
  },
  feedbackAward: {
    title: '获奖名单',
    fields: { activityName: '活动名称', memberId: '会员ID', nickName: '会员昵称', phone: '手机号', awardName: '奖品名称', awardLevel: '奖项等级', status: '发放状态', remark: '备注' },
  },
};
