/** The special config area's texts in zh_CN (spec §2 /specialConfig); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `specialConfig.<key>`. */
  texts: { preview: '预览', previewTitle: '会员端预览', unpublished: '未发布' },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    match: { title: '赛事', fields: { matchName: '赛事名称', gameId: '游戏', teamA: '主队', teamB: '客队', scoreA: '主队比分', scoreB: '客队比分', startTime: '开始时间', endTime: '结束时间', streamUrl: '直播地址', cover: '封面' } },
    article: { title: '文章', fields: { title: '标题', gameId: '关联游戏', cover: '封面', summary: '摘要', content: '正文', author: '作者', views: '阅读量', isTop: '置顶', publishTime: '发布时间' } },
    video: { title: '视频', fields: { title: '标题', gameId: '关联游戏', cover: '封面', videoUrl: '视频地址', duration: '时长（秒）', views: '播放量' } },
    product: { title: '专题商品', fields: { goodsId: '商品', title: '标题', subtitle: '副标题', banner: '横幅图', specialPrice: '专题价', startTime: '开始时间', endTime: '结束时间' } },
  },
};
