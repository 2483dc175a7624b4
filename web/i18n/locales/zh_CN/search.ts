/** Menu search modal (spec §2). */
export default {
  button: '搜索菜单',
  placeholder: '搜索菜单',
  shortcut: 'Ctrl K',
  hint: '输入菜单名称，字符按顺序匹配即可',
  noData: '暂无搜索结果',
  results: '搜索结果',
  toSelect: '确认',
  toNavigate: '切换',
  toClose: '关闭',
  cancel: '取消',
  external: '在新窗口打开',
};
