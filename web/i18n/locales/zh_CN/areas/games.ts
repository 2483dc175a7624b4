/** The games area's texts in zh_CN (spec §2 /games); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `games.<key>`. */
  texts: {
    sections: { basic: '基本信息', media: '封面与截图', description: '游戏介绍' },
    test: {
      title: '上架检查',
      hint: '检查每款游戏在商城中的展示效果：上架商品前先修复问题。选择一款游戏可预览其商城页面。',
      summary: '{{total}} 款游戏中 {{ready}} 款已就绪',
      onlyIssues: '只看有问题的游戏',
      issues: '问题',
      ready: '已就绪',
      allReady: '所有游戏都通过了检查',
      pick: '在表格中选择一款游戏，预览其商城页面。',
      checks: { cover: '封面', gallery: '截图', description: '介绍（20 字以上）', platforms: '平台', tags: '标签', online: '已上线', goods: '在售商品' },
    },
  },
};
