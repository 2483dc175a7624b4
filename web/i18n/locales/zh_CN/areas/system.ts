/** The system area's texts in zh_CN (spec §2 /system); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `system.<key>`. */
  texts: {
    account: {
      reset: '重置密码',
      resetTitle: '重置密码',
      resetMessage: '为 {{username}} 生成新密码？该账号的所有登录会话将失效。',
      newPasswordTitle: '新密码',
      newPasswordOnce: '{{username}} 的新密码如下，只显示这一次，请复制后告知本人：',
      avatar: '头像',
    },
    avatars: { fox: '狐狸', cat: '猫', bear: '熊', panda: '熊猫', frog: '青蛙', robot: '机器人', owl: '猫头鹰', rabbit: '兔子' },
    seededRoles: {
      super: { zh: '超级管理员', name: '超级管理员' },
      operator: { zh: '运营专员', name: '运营专员' },
      finance: { zh: '财务', name: '财务' },
      service: { zh: '客服', name: '客服' },
      auditor: { zh: '内容审核', name: '内容审核' },
    },
    role: {
      allPermissions: '拥有全部权限',
      responsibleFor: '负责{{areas}}',
      chosen: '已选 {{count}} / {{total}}',
      sections: { basic: '角色信息', menus: '菜单权限', resources: '接口资源' },
      menus: '菜单权限',
      filterMenus: '筛选菜单',
      resources: '接口资源',
      selectAll: '全选 {{name}}',
    },
    menu: {
      deleteMessage: '确定删除菜单「{{title}}」？',
      expandAll: '全部展开',
      collapseAll: '全部折叠',
      frame: '内嵌页面',
      hidden: '隐藏',
      topLevel: '顶级菜单',
    },
    resource: {
      batchAdd: '批量新增',
      batchUpdate: '批量修改分类',
      batchUpdateTitle: '把选中的 {{count}} 个资源移到分类',
      exportAll: '导出全部',
      exportSelected: '导出选中（{{count}}）',
      batchLines: '资源（每行：名称, 路径[, 描述]）',
      batchHint: '路径为 Ant 风格：* 匹配一段，** 匹配其余全部；全部成功或全部不保存。',
    },
    password: {
      current: '当前密码',
      next: '新密码',
      confirm: '确认新密码',
      rule: '新密码 6–64 位，须同时包含字母和数字。修改成功后所有设备上的登录都会退出，请用新密码重新登录。',
      submit: '修改密码',
      done: '密码已修改，请用新密码重新登录',
      strength: { 0: '不符合要求', 1: '弱', 2: '中', 3: '强' },
      problem: {
        required: '请输入密码',
        length: '长度须为 6–64 位',
        letterDigit: '须同时包含字母和数字',
        same: '新密码不能与当前密码相同',
        mismatch: '两次输入的新密码不一致',
      },
    },
    switchRole: {
      menu: '切换角色',
      title: '切换角色',
      hint: '仅在“路由映射”权限模式下可用；切换只影响本次登录看到的菜单，刷新或重新登录后恢复。',
      apply: '切换',
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    admin: {
      title: '系统账号',
      fields: { username: '用户名', nickName: '昵称', password: '密码', email: '邮箱', phone: '手机号', icon: '头像', roleIds: '角色', homePath: '首页路径', status: '状态', lastLoginTime: '最后登录', note: '备注' },
    },
    role: {
      title: '角色',
      fields: { name: '角色名称', roleKey: '角色标识', description: '描述', menuIds: '菜单', resourceIds: '资源', adminCount: '账号数', sort: '排序', status: '状态' },
    },
    menu: {
      title: '菜单',
      fields: { parentId: '上级菜单', title: '菜单标题', name: '路由名称', path: '路由路径', icon: '图标', component: '组件路径', frameSrc: '内嵌地址', level: '层级', sort: '排序', hidden: '隐藏', status: '状态' },
    },
    resource: {
      title: '资源',
      fields: { name: '资源名称', url: '资源路径', description: '描述', categoryId: '资源分类' },
    },
    resourceCategory: {
      title: '资源分类',
      fields: { name: '分类名称', sort: '排序' },
    },
    systemMessage: {
      title: '系统消息',
      fields: { title: '标题', content: '内容', level: '级别', targetRoleIds: '接收角色', publishTime: '发布时间', readCount: '已读数', status: '状态' },
    },
  },
};
