/** The client area's texts in zh_CN (spec §2 /client); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `client.<key>`. */
  texts: {
    detail: '详情',
    detailTitle: '错误详情 #{{id}}',
    resolve: '标记已解决（{{count}}）',
    resolved: '已标记 {{count}} 条为已解决',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    clientVersion: { title: '客户端版本', fields: { platform: '平台', versionName: '版本号', versionCode: '构建号', downloadUrl: '下载地址', fileSize: '文件大小（字节）', forceUpdate: '强制更新', minVersionCode: '最低构建号', releaseNotes: '更新说明', releaseTime: '发布时间', status: '状态' } },
    clientError: { title: '客户端错误', fields: { platform: '平台', versionName: '版本', deviceModel: '设备型号', osVersion: '系统版本', errorType: '错误类型', message: '错误信息', stack: '堆栈', memberId: '会员ID', occurTime: '发生时间', occurCount: '次数', status: '处理状态', remark: '备注' } },
  },
};
