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
};
