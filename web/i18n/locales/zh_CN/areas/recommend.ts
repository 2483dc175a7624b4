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
};
