/** The client area's texts in zh_CN (spec §2 /client); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `client.<key>`. */
  texts: {
    detail: '详情',
    detailTitle: '错误详情 #{{id}}',
    resolve: '标记已解决（{{count}}）',
    resolved: '已标记 {{count}} 条为已解决',
  },
};
