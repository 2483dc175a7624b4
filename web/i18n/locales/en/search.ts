/** Menu search modal (spec §2). */
export default {
  button: 'Search menu',
  placeholder: 'Search the menu',
  shortcut: 'Ctrl K',
  hint: 'Type letters of a menu name in order',
  noData: 'No matching menu entries',
  results: 'Search results',
  toSelect: 'to open',
  toNavigate: 'to move',
  toClose: 'to close',
  cancel: 'Cancel',
  external: 'opens in a new window',
};
