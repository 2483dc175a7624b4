/** The statistics area's texts in en (spec §2 /statistics); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `statistics.<key>`. */
  texts: {
    about: {
      pageView: 'Page views (PV) and unique visitors (UV)',
      userRegister: 'New members, by source',
      userLogin: 'Sign-ins and active members',
      memberPurchase: 'Paid orders, buyers and sales',
      cdkUsage: 'CDK codes issued and redeemed',
      clientInstall: 'Client installs, by platform',
      arpu: 'Average revenue per user (ARPU) and per paying user (ARPPU)',
      newcomer: 'New members, and how many of them bought within the period',
      game: 'The ten best-selling games (units sold)',
      feedback: 'Feedback received and replied',
      goods: 'The ten best-selling goods (units sold)',
      archive: 'Cumulative members, orders and sales',
    },
    series: {
      pv: 'Page views', uv: 'Visitors', logins: 'Sign-ins', activeMembers: 'Active members',
      app: 'App', web: 'Web', wechat: 'WeChat', invite: 'Invitation',
      orders: 'Orders', buyers: 'Buyers', sales: 'Sales',
      issued: 'Issued', redeemed: 'Redeemed',
      android: 'Android', ios: 'iOS', windows: 'Windows', mac: 'macOS',
      arpu: 'ARPU', arppu: 'ARPPU',
      newMembers: 'New members', newBuyers: 'New members who bought',
      received: 'Received', replied: 'Replied',
      members: 'Members', units: 'Units sold',
    },
    unit: { count: 'Count', cent: 'Amount', percent: 'Percent' },
    bucket: { day: 'Date', week: 'Week (from)', month: 'Month' },
    weekOf: 'Week of {{day}}',
    change: '{{value}} vs previous period',
    noComparison: 'No data for the previous period',
    table: 'Data',
    export: 'Export Excel',
    yuan: 'CNY',
    empty: 'No data in the chosen range',
    loadFailed: 'The statistics could not be loaded',
    retry: 'Retry',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
