import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import type { Locale } from './index';

/**
 * PrimeReact's own texts (dialog buttons, paginator, calendar, filters, uploads, aria labels) in
 * Simplified Chinese, key for key with PrimeReact 10's built-in `en` locale; any key PrimeReact
 * adds later falls back to English (addLocale merges over `en`).
 */
const zhCN = {
  accept: '是',
  addRule: '添加规则',
  am: '上午',
  apply: '应用',
  cancel: '取消',
  choose: '选择',
  chooseDate: '选择日期',
  chooseMonth: '选择月份',
  chooseYear: '选择年份',
  clear: '清空',
  completed: '已完成',
  contains: '包含',
  custom: '自定义',
  dateAfter: '晚于',
  dateBefore: '早于',
  dateFormat: 'yy-mm-dd',
  dateIs: '等于',
  dateIsNot: '不等于',
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  emptyFilterMessage: '没有找到结果',
  emptyMessage: '暂无数据',
  emptySearchMessage: '没有找到结果',
  emptySelectionMessage: '未选择',
  endsWith: '结尾是',
  equals: '等于',
  fileChosenMessage: '{0} 个文件',
  fileSizeTypes: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
  filter: '筛选',
  firstDayOfWeek: 1,
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  matchAll: '全部匹配',
  matchAny: '任一匹配',
  medium: '中',
  // The calendar header reads year then month (`showMonthAfterYear`): 2026年 12月.
  monthNames: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  nextDecade: '下一个十年',
  nextHour: '下一小时',
  nextMinute: '下一分钟',
  nextMonth: '下个月',
  nextSecond: '下一秒',
  nextYear: '下一年',
  noFileChosenMessage: '未选择文件',
  noFilter: '不筛选',
  notContains: '不包含',
  notEquals: '不等于',
  now: '现在',
  passwordPrompt: '请输入密码',
  pending: '待处理',
  pm: '下午',
  prevDecade: '上一个十年',
  prevHour: '上一小时',
  prevMinute: '上一分钟',
  prevMonth: '上个月',
  prevSecond: '上一秒',
  prevYear: '上一年',
  reject: '否',
  removeRule: '删除规则',
  searchMessage: '{0} 条结果',
  selectionMessage: '已选择 {0} 项',
  showMonthAfterYear: true,
  startsWith: '开头是',
  strong: '强',
  today: '今天',
  upload: '上传',
  weak: '弱',
  weekHeader: '周',
  aria: {
    cancelEdit: '取消编辑',
    close: '关闭',
    collapseLabel: '折叠',
    collapseRow: '行已折叠',
    editRow: '编辑行',
    expandLabel: '展开',
    expandRow: '行已展开',
    falseLabel: '否',
    filterConstraint: '筛选条件',
    filterOperator: '筛选运算符',
    firstPageLabel: '第一页',
    gridView: '网格视图',
    hideFilterMenu: '隐藏筛选菜单',
    jumpToPageDropdownLabel: '跳转页下拉框',
    jumpToPageInputLabel: '跳转页输入框',
    lastPageLabel: '最后一页',
    listLabel: '选项列表',
    listView: '列表视图',
    moveAllToSource: '全部移到源列表',
    moveAllToTarget: '全部移到目标列表',
    moveBottom: '移到底部',
    moveDown: '下移',
    moveToSource: '移到源列表',
    moveToTarget: '移到目标列表',
    moveTop: '移到顶部',
    moveUp: '上移',
    navigation: '导航',
    next: '下一个',
    nextPageLabel: '下一页',
    nullLabel: '未选择',
    otpLabel: '请输入一次性密码的第 {0} 位',
    pageLabel: '第 {page} 页',
    passwordHide: '隐藏密码',
    passwordShow: '显示密码',
    previous: '上一个',
    prevPageLabel: '上一页',
    removeLabel: '删除',
    rotateLeft: '向左旋转',
    rotateRight: '向右旋转',
    rowsPerPageLabel: '每页行数',
    saveEdit: '保存编辑',
    scrollTop: '回到顶部',
    selectAll: '已全选',
    selectLabel: '选择',
    selectRow: '行已选择',
    showFilterMenu: '显示筛选菜单',
    slide: '幻灯片',
    slideNumber: '{slideNumber}',
    star: '1 星',
    stars: '{star} 星',
    trueLabel: '是',
    unselectAll: '已取消全选',
    unselectLabel: '取消选择',
    unselectRow: '行已取消选择',
    zoomImage: '缩放图片',
    zoomIn: '放大',
    zoomOut: '缩小',
  },
};

// Registered under a BCP 47 tag: PrimeReact also hands its locale to Intl, which rejects `zh_CN`.
addLocale('zh-CN', zhCN);

/**
 * The word after the year in the calendar header, per PrimeReact locale. PrimeReact renders the
 * year as a bare number and has no locale option for a suffix, so web/styles/app.css draws it after
 * the year from the `--p-datepicker-year-suffix` custom property that `applyPrimeLocale` sets on
 * <html> (a CSS string: `"年"`, or `""` in English, where the header reads `December 2026`).
 */
export const YEAR_SUFFIX: Record<'zh-CN' | 'en', string> = { 'zh-CN': '年', en: '' };

/** The custom property on <html> that carries the calendar header's year suffix as a CSS string. */
export const YEAR_SUFFIX_PROPERTY = '--p-datepicker-year-suffix';

/**
 * Points PrimeReact at the console's language (spec §4: switching the language updates
 * PrimeReact's own texts too) and sets the calendar's year suffix (`YEAR_SUFFIX`). Its `en` locale
 * is built in. Components read the locale when they render, so anything opened after the switch
 * shows the new texts.
 */
export function applyPrimeLocale(l: Locale): void {
  const key = primeLocaleOf(l);
  setPrimeLocale(key);
  if (typeof document !== 'undefined') document.documentElement.style.setProperty(YEAR_SUFFIX_PROPERTY, JSON.stringify(YEAR_SUFFIX[key]));
}

/** PrimeReact's locale key for a console locale (`zh-CN` or `en`). */
export function primeLocaleOf(l: Locale): 'zh-CN' | 'en' {
  return l === 'zh_CN' ? 'zh-CN' : 'en';
}
