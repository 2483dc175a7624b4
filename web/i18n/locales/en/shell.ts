/** Shell texts: side menu, breadcrumbs, embedded frames, permissions (keys `shell.*`). */
export default {
  menu: {
    waiting: '{{count}} waiting',
    label: 'Side menu',
    manage: 'Manage menus',
  },
  breadcrumb: { label: 'Breadcrumb' },
  frame: {
    loading: 'Loading the embedded page',
    disabled: 'Embedded pages are turned off in the settings; open it in a new window instead.',
    noSource: 'This embedded page has no address configured.',
    openNew: 'Open in a new window',
  },
  permission: {
    changeRoleRefused: 'Changing role is only allowed in route-mapping permission mode; switch the permission mode in the settings first.',
    notSignedIn: 'Sign in before changing role.',
  },
};
