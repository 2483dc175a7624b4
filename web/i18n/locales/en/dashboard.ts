/** Dashboard analysis (spec §1): growth cards, data analysis, member source, stack chart; shared summary texts. */
export default {
  growCards: {
    visits: { title: 'Visits', total: 'Total visits', period: 'Day', compare: 'vs previous day' },
    sales: { title: 'Sales', total: 'Sales, last 12 months', period: 'Month', compare: 'vs previous month' },
    orders: { title: 'Orders', total: 'Total orders', period: 'Month', compare: 'vs previous month' },
    newMembers: { title: 'New members', total: 'All members', period: '12 months', compare: 'vs the 12 months before' },
  },
  /** What a figure covers (the summary's `period`). */
  period: { today: 'Today', lastMonth: 'Last month', last12Months: 'Last 12 months', range: '{{from}} – {{to}}' },
  /** Today's trade (the summary's `today`). */
  today: { sales: 'Sales today', orders: 'Orders today', openOrders: 'Today’s orders' },
  withSpan: '{{text}} · {{span}}',
  trend: { up: 'up', down: 'down', flat: 'flat' },
  visitTrend: {
    title: 'Data analysis',
    subtitle: 'Page views and unique visitors',
    range: 'Time range',
    daily: 'Last 30 days',
    monthly: 'Last 12 months',
    visits: 'Visits',
    visitors: 'Visitors',
  },
  memberSource: {
    title: 'Member source',
    subtitle: 'Where the last 12 months’ new members came from',
    total: 'Total',
    sources: { app: 'App', web: 'Web', wechat: 'WeChat', invite: 'Invitation' },
  },
  salesStack: {
    title: 'Sales by category',
    subtitle: 'Last 12 months, stacked by goods category',
    total: 'Total',
  },
  /** Goods categories of the summary (also the workbench radar's axes). */
  categories: { pointCard: 'Point cards', account: 'Accounts', item: 'Items', cdk: 'Activation codes', membership: 'Memberships', merch: 'Merchandise' },
  loadFailed: 'The analysis data could not be loaded',
  loadFailedHint: 'Check your network connection and try again.',
  refreshing: 'Refreshing data…',
};
