export default {
  header: {
    home: '首页',
    userMenu: '用户菜单',
    logout: '退出系统',
    logoutTitle: '温馨提醒',
    logoutMessage: '是否确认退出系统？',
    collapse: '折叠菜单',
    expand: '展开菜单',
    language: '切换语言',
    theme: '切换明暗主题',
  },
  footer: { copyright: '游戏商城运营后台 © {{year}}', home: '工作台', errorLog: '错误日志', shortcuts: '快捷键：Ctrl K 搜索菜单' },
  menu: { search: '搜索菜单' },
};
