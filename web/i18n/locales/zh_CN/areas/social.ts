/** The social area's texts in zh_CN (spec §2 /social); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `social.<key>`. */
  texts: {
    approve: '通过', hide: '隐藏', pin: '置顶', unpin: '取消置顶', batchApprove: '批量通过', batchHide: '批量隐藏',
    hideTitle: '隐藏评论（{{count}} 条）', quickReasons: '常用原因', reasonRequired: '请填写隐藏原因',
    reasons: { ad: '含广告或联系方式', offTopic: '与商品无关', abuse: '不文明用语', spam: '重复刷屏' },
    done: { approve: '已通过 {{count}} 条评论', hide: '已隐藏 {{count}} 条评论', pin: '已置顶', unpin: '已取消置顶' },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    comment: { title: '评论', fields: { memberId: '会员ID', nickName: '会员昵称', targetType: '评论对象', targetId: '对象ID', targetName: '对象名称', content: '评论内容', rating: '评分', images: '图片', likeCount: '点赞', replyCount: '回复数', isTop: '置顶', status: '审核状态', hideReason: '隐藏原因' } },
    commentReply: { title: '评论回复', fields: { commentId: '评论ID', replierType: '回复方', memberId: '会员ID', replierName: '回复人', content: '回复内容', status: '状态' } },
  },
};
