/** Search palette (spec §2; with records). */
export default {
  button: '搜索菜单',
  placeholder: '搜索菜单或记录',
  shortcut: 'Ctrl K',
  hint: '输入菜单名称（字符按顺序匹配），或订单号、手机号、名称、卡密',
  noData: '暂无搜索结果',
  results: '搜索结果',
  toSelect: '确认',
  toNavigate: '切换',
  toClose: '关闭',
  cancel: '取消',
  searching: '正在搜索记录…',
  records: '找到的记录',
  kinds: { order: '订单', member: '会员', goods: '商品', merchant: '商户', game: '游戏', gameAccount: '账号', card: '卡密' },
  recent: '最近使用',
  clearRecent: '清除',
  external: '在新窗口打开',
};
