export default {
  header: {
    home: 'Home',
    userMenu: 'User menu',
    logout: 'Log out',
    logoutTitle: 'Reminder',
    logoutMessage: 'Are you sure you want to log out?',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    language: 'Language',
    theme: 'Toggle dark mode',
  },
  footer: { copyright: 'Game Commerce Console © {{year}}', home: 'Workbench', errorLog: 'Error log', shortcuts: 'Shortcut: Ctrl K searches the menu' },
  menu: { search: 'Search menu' },
};
