/** The system area's texts in en (spec §2 /system); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `system.<key>`. */
  texts: {
    account: {
      reset: 'Reset password',
      resetTitle: 'Reset password',
      resetMessage: 'Give {{username}} a new password? Every session of that account ends.',
      newPasswordTitle: 'New password',
      newPasswordOnce: 'The new password of {{username}} is shown this once; copy it and pass it on:',
      avatar: 'Avatar',
    },
    avatars: { fox: 'Fox', cat: 'Cat', bear: 'Bear', panda: 'Panda', frog: 'Frog', robot: 'Robot', owl: 'Owl', rabbit: 'Rabbit' },
    seededRoles: {
      super: { zh: '超级管理员', name: 'Super administrator' },
      operator: { zh: '运营专员', name: 'Operator' },
      finance: { zh: '财务', name: 'Finance' },
      service: { zh: '客服', name: 'Customer service' },
      auditor: { zh: '内容审核', name: 'Content review' },
    },
    role: {
      allPermissions: 'Every permission',
      responsibleFor: 'Responsible for {{areas}}',
      chosen: '{{count}} of {{total}} chosen',
      sections: { basic: 'Role', menus: 'Menus', resources: 'API resources' },
      menus: 'Menus',
      filterMenus: 'Filter menus',
      resources: 'API resources',
      selectAll: 'Select all of {{name}}',
    },
    menu: {
      deleteMessage: 'Delete the menu "{{title}}"?',
      expandAll: 'Expand all',
      collapseAll: 'Collapse all',
      frame: 'Embedded page',
      hidden: 'Hidden',
      topLevel: 'Top level',
    },
    resource: {
      batchAdd: 'Batch create',
      batchUpdate: 'Move to category',
      batchUpdateTitle: 'Move the {{count}} selected resources to a category',
      exportAll: 'Export all',
      exportSelected: 'Export selected ({{count}})',
      batchLines: 'Resources (one a line: name, path[, description])',
      batchHint: 'Paths are Ant-style: * matches one segment, ** the rest; all are saved or none.',
    },
    password: {
      current: 'Current password',
      next: 'New password',
      confirm: 'Confirm new password',
      rule: 'The new password has 6–64 characters with at least a letter and a digit. Changing it signs you out everywhere; sign in again with the new one.',
      submit: 'Change password',
      done: 'Password changed; sign in with the new one',
      strength: { 0: 'Does not meet the rule', 1: 'Weak', 2: 'Fair', 3: 'Strong' },
      problem: {
        required: 'Enter the password',
        length: 'Use 6 to 64 characters',
        letterDigit: 'Use at least a letter and a digit',
        same: 'The new password must differ from the current one',
        mismatch: 'The two new passwords differ',
      },
    },
    switchRole: {
      menu: 'Switch role',
      title: 'Switch role',
      hint: 'Only in the route-mapping permission mode; it changes the menus of this sign-in only, until reload or the next sign-in.',
      apply: 'Switch',
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    admin: {
      title: 'Console account',
      fields: { username: 'Username', nickName: 'Nickname', password: 'Password', email: 'Email', phone: 'Phone', icon: 'Avatar', roleIds: 'Roles', homePath: 'Home path', status: 'Status', lastLoginTime: 'Last sign-in', note: 'Note' },
    },
    role: {
      title: 'Role',
      fields: { name: 'Role name', roleKey: 'Role key', description: 'Description', menuIds: 'Menus', resourceIds: 'Resources', adminCount: 'Accounts', sort: 'Sort', status: 'Status' },
    },
    menu: {
      title: 'Menu',
      fields: { parentId: 'Parent menu', title: 'Title', name: 'Route name', path: 'Route path', icon: 'Icon', component: 'Component path', frameSrc: 'Frame source', level: 'Level', sort: 'Order', hidden: 'Hidden', status: 'Status' },
    },
    resource: {
      title: 'Resource',
      fields: { name: 'Name', url: 'URL pattern', description: 'Description', categoryId: 'Category' },
    },
    resourceCategory: {
      title: 'Resource category',
      fields: { name: 'Category name', sort: 'Sort' },
    },
    systemMessage: {
      title: 'System message',
      fields: { title: 'Title', content: 'Content', level: 'Level', targetRoleIds: 'For roles', publishTime: 'Published', readCount: 'Read by', status: 'Status' },
    },
  },
};
