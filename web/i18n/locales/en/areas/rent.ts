/** The rent area's texts in en (spec §2 /rent); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `rent.<key>`. */
  texts: {
    audit: 'Audit',
    alreadyDecided: 'this application is already decided',
    auditTitle: 'Audit application: {{account}}',
    applyAbout: '{{account}} on {{server}}, asking ¥{{price}}/hour. {{description}}',
    decision: 'Decision',
    approve: 'Approve',
    refuse: 'Refuse',
    auditRemark: 'Audit remark',
    approved: 'Approved: the rental account was created (not verified yet)',
    refused: 'Application refused',
    onShelf: 'On shelf',
    offShelf: 'Off shelf',
    onShelfDone: 'Listed on the board',
    offShelfDone: 'Taken off the board',
    verify: 'Verify',
    rentedOut: 'rented out; verify it when the rental ends',
    verifyTitle: 'Verify {{account}}',
    verifyHint: 'Sign in with the stored credentials in the game and record the result.',
    result: 'Result',
    passed: 'Passed',
    failed: 'Failed',
    verifyRemark: 'Remark',
    verified: 'Verified',
    verifyFailed: 'Recorded as failed; its listings went off shelf',
    remark: 'Remark',
    remarkTitle: 'Remark on {{orderNo}}',
    remarked: 'Remark saved',
    endsIn: 'ends in {{h}}h {{m}}m {{s}}s',
    endsInDays: 'ends in {{d}}d {{h}}h {{m}}m',
    overdue: 'time is up',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    rentApply: {
      title: 'Rental applications',
      fields: {
        memberId: 'Owner ID', gameId: 'Game', account: 'Account', serverName: 'Server', description: 'Description', expectHourlyPrice: 'Asked per hour', contactPhone: 'Phone',
        status: 'Status', auditRemark: 'Audit remark', auditTime: 'Decided at', createTime: 'Applied',
      },
    },
    rentAccount: {
      title: 'Rental accounts',
      fields: {
        ownerMemberId: 'Owner ID', gameId: 'Game', account: 'Account', password: 'Password (write-only)', serverName: 'Region / server', level: 'Rank level', hourlyPrice: 'Per hour',
        deposit: 'Deposit', verifyStatus: 'Verification', verifyTime: 'Verified at', verifyRemark: 'Verify remark', rentCount: 'Rentals', status: 'Status',
      },
    },
    rentListing: {
      title: 'Rental listings',
      fields: {
        rentAccountId: 'Account', gameId: 'Game', title: 'Title', hourlyPrice: 'Per hour', dailyPrice: 'Per day', minHours: 'Min. hours', views: 'Views', rentCount: 'Rentals',
        recommend: 'Recommended', status: 'Shelf', createTime: 'Created',
      },
    },
    rentOrder: {
      title: 'Rental orders',
      fields: {
        orderNo: 'Order no.', listingId: 'Listing', rentAccountId: 'Account ID', memberId: 'Renter ID', hours: 'Hours', startTime: 'Period', endTime: 'Ends',
        rentAmount: 'Rent', deposit: 'Deposit', totalAmount: 'Total', status: 'Status', remark: 'Remark', createTime: 'Ordered',
      },
    },
  },
};
