/** Home workbench (spec §1): greeting, pending work, project cards, quick navigation, dynamic info, sales radar. */
export default {
  greeting: {
    morning: 'Good morning, {{name}}. Ready to start the day?',
    noon: 'Good noon, {{name}}. Remember to take a break.',
    afternoon: 'Good afternoon, {{name}}. Keep it up!',
    evening: 'Good evening, {{name}}. Thanks for your work today!',
    night: "It's late, {{name}}. Get some rest.",
    fallbackName: 'operator',
  },
  today: 'Today is {{date}}',
  dataAsOf: 'Data as of {{time}}',
  pending: {
    orders: 'Orders to handle',
    refunds: 'Refunds to review',
    feedback: 'Feedback to answer',
  },
  projects: {
    title: 'Projects in progress',
    progress: 'Progress',
    updated: 'Updated {{date}}',
    open: 'Open {{title}}',
    groups: { operations: 'Operations', tech: 'Tech', marketing: 'Marketing', finance: 'Finance', service: 'Customer service' },
    items: {
      cdkCenter: { title: 'CDK distribution', desc: 'Batch import, redemption and distribution of activation codes for every platform.' },
      accountMarket: { title: 'Account marketplace', desc: 'Listing, valuation and escrow for game account trades.' },
      rentService: { title: 'Account rental', desc: 'Rental review, time-based billing and automatic recovery on expiry.' },
      memberGrowth: { title: 'Member growth', desc: 'Fine-grained operation of member grades, points and benefits.' },
      recommendEngine: { title: 'Smart recommendations', desc: 'Personalised ranking of the home page game and goods slots.' },
      riskControl: { title: 'Order risk control', desc: 'Spotting unusual orders, reviewing reissues and stopping risky refunds.' },
    },
  },
  quickNav: { title: 'Quick navigation' },
  dynamics: {
    title: 'Latest activity',
    empty: 'No activity yet',
    actions: {
      placedOrder: 'created order',
      refunded: 'refunded order',
      publishedGoods: 'listed goods',
      repliedFeedback: 'answered feedback',
      importedCdk: 'imported CDK batch',
      updatedGame: 'updated game',
      approvedRent: 'approved rental',
      sentMessage: 'sent station message',
    },
  },
  radar: {
    title: 'Sales radar',
    subtitle: 'Orders per category, this year against last year',
    series: { thisYear: 'This year', lastYear: 'Last year' },
  },
  loadFailed: 'The workbench data could not be loaded',
};
