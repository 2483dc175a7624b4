/** Texts of the reusable parts (the kit's web/crud/parts, the shell's message bell), keys `parts.<part>.<key>`. */
export default {
  history: {
    title: 'History', all: 'All entries ({{count}})', none: 'No change recorded yet', done: 'Done', refused: 'Refused',
    field: 'Field', before: 'Before', after: 'After', item: 'item {{n}}', more: '{{count}} more', unchanged: '{{count}} unchanged', labelled: '{{label}}:',
    redacted: '(secret, not kept)', tooLarge: '(too large to keep)',
    restoreThis: 'Restore this version', restore: 'Restore', restoreTitle: 'Restore this version',
    restoreIntro: 'The record goes back to how it was before the change of {{at}} by {{by}}. Checked against the record as it is now:',
    now: 'Now', restoredValue: 'Restored', restoreNothing: 'The record already holds these values; there is nothing to restore.',
    restoreSkipped: 'Not restored: {{fields}}', skippedField: '{{label}} ({{reason}})', listSeparator: ', ',
    skip: { secret: 'secret, not kept', tooLarge: 'too large to keep', notEditable: 'cannot be edited' },
    restoreUnknown: 'Later changes of this record kept no values ({{count}}); they are not undone.',
    restored: 'Version restored', revertOf: 'restores the version before entry #{{id}}', undoOf: 'undoes entry #{{id}}',
    /** Labels of the keys inside nested values (an order's activity entries, a refund's lines). */
    nested: { time: 'Time', action: 'Action', actor: 'By', note: 'Note', itemId: 'Order item', quantity: 'Quantity', amount: 'Amount', revertOf: 'Restores the version before entry', undoOf: 'Undoes', undoOfEntry: 'Undoes entry' },
  },
  bell: { label: 'Messages, {{count}} unread', title: 'System messages', readAll: 'Mark all read', markRead: 'Mark read', none: 'No messages' },
  icon: { choose: 'Choose an icon', search: 'Search icons', count: '{{count}} icons', none: 'No icon matches' },
  range: {
    label: 'Date range',
    quick: { today: 'Today', '7d': '7 days', '30d': '30 days', month: 'This month', custom: 'Custom' },
    custom: 'Custom date range',
    granularityLabel: 'Granularity',
    granularity: { day: 'Day', week: 'Week', month: 'Month' },
  },
  images: { view: 'View image {{n}} of {{count}}', alt: 'Image {{n}} of {{count}}', position: '{{n}} / {{count}}' },
  rowActions: { more: 'More', moreLabel: 'More actions ({{count}})', menu: 'More actions' },
};
