/** The financial area's texts in en (spec §2 /financial); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `financial.<key>`. */
  texts: {
    totals: { count: 'Lines', unsettled: 'Unsettled', unsettledValue: '{{count}} · {{sum}}' },
    settle: {
      button: 'Settle ({{count}})',
      title: 'Confirm settlement',
      message: 'Settle the {{count}} selected lines, {{sum}} of income in all? Settling cannot be undone.',
      confirm: 'Settle',
      done: '{{count}} lines settled, {{sum}} in all',
      onlyUnsettled: 'Only unsettled lines can be settled',
    },
  },
};
