/** 多标签页（规格 §2 多标签导航，§5）。 */
export default {
  bar: '已打开的页面',
  /** 规格 §5 英文原文的中文译文。 */
  disabled: '当前未开启多标签页，请在设置中开启！',
  refresh: '重新加载',
  close: '关闭标签页',
  closeLeft: '关闭左侧标签页',
  closeRight: '关闭右侧标签页',
  closeOther: '关闭其它标签页',
  closeAll: '关闭全部标签页',
  more: '标签页操作',
  fold: '内容全屏',
  unfold: '退出全屏',
};
