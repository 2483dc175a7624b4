/** Shell texts: side menu, breadcrumbs, embedded frames, permissions (keys `shell.*`). */
export default {
  menu: {
    waiting: '{{count}} 条待处理',
    label: '侧边菜单',
    manage: '菜单管理',
  },
  breadcrumb: { label: '面包屑导航' },
  frame: {
    loading: '正在加载内嵌页面',
    disabled: '内嵌页面已在设置中关闭，可在新窗口中打开。',
    noSource: '此内嵌页面没有配置地址。',
    openNew: '在新窗口中打开',
  },
  permission: {
    changeRoleRefused: '只有在“路由映射”权限模式下才能切换角色，请先在设置中切换权限模式。',
    notSignedIn: '请先登录后再切换角色。',
  },
  exports: {
    title: '导出任务',
    running: '{{count}} 个导出任务进行中',
    rule: '不超过 5,000 行的列表在本页直接导出；更大的列表在服务器上导出为任务（每个任务最多 1,000,000 行），完成后在此下载。导出文件保留 7 天（以服务器设置为准）。',
    empty: '还没有导出任务',
    cancel: '取消',
    download: '下载',
    retry: '重试',
    doneNotice: '“{{title}}”导出完成，共 {{rows}} 行',
    failedNotice: '“{{title}}”导出失败：{{reason}}',
    columns: { title: '页面', status: '状态', progress: '进度', rows: '行数', size: '大小', createTime: '创建时间', actions: '操作' },
    status: { queued: '排队中', running: '导出中', done: '已完成', failed: '失败', cancelled: '已取消' },
  },
};
