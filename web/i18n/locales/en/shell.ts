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
  exports: {
    title: 'Export jobs',
    running: '{{count}} export jobs running',
    rule: 'Lists of up to 5,000 rows export at once in this tab; larger ones export on the server as a job (up to 1,000,000 rows each), downloaded here when done. Files are kept 7 days (or as the server is set).',
    empty: 'No export jobs yet',
    cancel: 'Cancel',
    download: 'Download',
    retry: 'Retry',
    doneNotice: '"{{title}}" is exported: {{rows}} rows',
    failedNotice: '"{{title}}" could not be exported: {{reason}}',
    columns: { title: 'Screen', status: 'Status', progress: 'Progress', rows: 'Rows', size: 'Size', createTime: 'Created', actions: 'Actions' },
    status: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' },
  },
};
