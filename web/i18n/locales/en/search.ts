/** Search palette (spec §2; with records). */
export default {
  button: 'Search menu',
  placeholder: 'Search menus and records',
  shortcut: 'Ctrl K',
  hint: 'Type letters of a menu name in order, or an order number, phone, name or code',
  noData: 'No matching menu entries or records',
  results: 'Search results',
  toSelect: 'to open',
  toNavigate: 'to move',
  toClose: 'to close',
  cancel: 'Cancel',
  searching: 'Searching records…',
  records: 'Records found',
  kinds: { order: 'Order', member: 'Member', goods: 'Goods', merchant: 'Merchant', game: 'Game', gameAccount: 'Account', card: 'Code' },
  recent: 'Recent',
  clearRecent: 'Clear',
  external: 'opens in a new window',
};
