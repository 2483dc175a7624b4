/** The recommend area's texts in zh_CN (spec §2 /recommend); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `recommend.<key>`. */
  texts: {
    modulesOf: '{{name}} 的模块', modules: '模块（{{count}}）', items: '关联内容', chooseTarget: '选择{{type}}',
    weights: '设置权重', weightsHint: '先按模块筛选或勾选若干行', weightsTitle: '设置权重（权重越大越靠前）', weightsSaved: '已更新 {{count}} 项权重', rank: '排序后位置',
    nav: {
      tree: '导航结构', preview: '会员端预览', previewHint: '会员看到的导航（隐藏项不显示）', shop: '游戏商城',
      up: '上移', down: '下移', addChild: '添加子导航', hide: '隐藏', show: '显示', hidden: '已隐藏', moved: '导航顺序已更新',
      dragHint: '拖动条目可调整顺序，拖到一级导航上可移入其下（最多两级）', readOnly: '当前账号只能查看导航',
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    recommendGame: { title: '游戏推荐', fields: { gameId: '游戏', gameName: '游戏名称', position: '推荐位置', weight: '权重', startTime: '开始时间', endTime: '结束时间' } },
    recommendGoods: { title: '商品推荐', fields: { goodsId: '商品ID', goodsName: '商品名称', position: '推荐位置', weight: '权重', startTime: '开始时间', endTime: '结束时间' } },
    recommendPage: { title: '推荐页面', fields: { pageName: '页面名称', pageKey: '页面标识', description: '描述', moduleCount: '模块数' } },
    recommendModule: { title: '推荐模块', fields: { pageId: '所属页面', moduleName: '模块名称', moduleType: '模块类型', maxItems: '最多展示' } },
    recommendRelation: { title: '推荐关联', fields: { moduleId: '所属模块', targetType: '内容类型', targetId: '内容ID', targetName: '内容名称', weight: '权重' } },
    navigation: { title: '导航', fields: { navName: '导航名称', icon: '图标', linkType: '链接类型', linkValue: '链接地址', parentId: '上级导航' } },
    searchKeyword: { title: '热门关键词', fields: { word: '关键词', searchCount: '搜索次数', isHot: '热门' } },
  },
};
