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
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    gameAccount: { title: 'Game accounts', fields: { gameId: 'Game', account: 'Account', password: 'Login password', serverName: 'Server', level: 'Level', roleDesc: 'Character', hourlyPrice: 'Price per hour', deposit: 'Deposit', useCount: 'Uses', lastUseTime: 'Last used', status: 'Status', remark: 'Remark' } },
    accountUseRecord: { title: 'Account use records', fields: { accountId: 'Account', account: 'Account', gameId: 'Game', memberId: 'Member ID', startTime: 'Started', endTime: 'Ended', durationMinutes: 'Minutes', amount: 'Amount', status: 'Status', remark: 'Remark' } },
  },
};
