/** The social area's texts in zh_CN (spec §2 /social); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `social.<key>`. */
  texts: {
    approve: '通过', hide: '隐藏', pin: '置顶', unpin: '取消置顶', batchApprove: '批量通过', batchHide: '批量隐藏',
    hideTitle: '隐藏评论（{{count}} 条）', quickReasons: '常用原因', reasonRequired: '请填写隐藏原因',
    reasons: { ad: '含广告或联系方式', offTopic: '与商品无关', abuse: '不文明用语', spam: '重复刷屏' },
    done: { approve: '已通过 {{count}} 条评论', hide: '已隐藏 {{count}} 条评论', pin: '已置顶', unpin: '已取消置顶' },
  },
};
