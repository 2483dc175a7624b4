/** The account area's texts in en (spec §2 /account); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `account.<key>`. */
  texts: {
    stats: {
      allGames: 'All games',
      range: 'Date range',
      accounts: 'Accounts',
      uses: 'Uses',
      hours: 'Hours used',
      minutes: 'Minutes used',
      income: 'Income',
      incomeYuan: 'Income (yuan)',
      byStatus: 'Accounts by status',
      byGame: 'Use and income per game',
    },
  },
};
