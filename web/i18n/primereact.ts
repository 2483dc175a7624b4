import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import type { Locale } from './index';

/** PrimeReact's own texts (dialog buttons, paginator, calendar) in Simplified Chinese. */
const zhCN = {
  accept: '是',
  reject: '否',
  choose: '选择',
  upload: '上传',
  cancel: '取消',
  clear: '清空',
  apply: '应用',
  matchAll: '全部匹配',
  matchAny: '任一匹配',
  addRule: '添加规则',
  removeRule: '删除规则',
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  today: '今天',
  weekHeader: '周',
  firstDayOfWeek: 1,
  dateFormat: 'yy-mm-dd',
  weak: '弱',
  medium: '中',
  strong: '强',
  passwordPrompt: '请输入密码',
  emptyFilterMessage: '没有找到结果',
  emptyMessage: '暂无数据',
  emptySearchMessage: '没有找到结果',
  emptySelectionMessage: '未选择',
  searchMessage: '{0} 条结果',
  selectionMessage: '已选择 {0} 项',
  showMonthAfterYear: true,
};

addLocale('zh_CN', zhCN);

/** Points PrimeReact at the console's language (its `en` locale is built in). */
export function applyPrimeLocale(l: Locale) {
  setPrimeLocale(l === 'zh_CN' ? 'zh_CN' : 'en');
}
