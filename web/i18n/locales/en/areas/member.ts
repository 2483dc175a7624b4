/** The member area's texts in en (spec §2 /member); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `member.<key>`. */
  texts: {
    detail: 'Detail',
    invites: 'Invites',
    freeze: 'Freeze',
    enable: 'Enable',
    freezeTitle: 'Freeze {{name}}',
    enableTitle: 'Enable {{name}}',
    reason: 'Reason',
    frozen: 'Member frozen',
    enabled: 'Member enabled',
    detailTitle: 'Member {{name}}',
    invitesTitle: 'Invited by {{name}} (code {{code}})',
    sections: { profile: 'Profile', wallet: 'Wallet and consumption', orders: 'Recent orders', consume: 'Consumption' },
    balance: 'Balance',
    points: 'Points',
    pendingWithdraw: 'Pending withdrawals',
    wallet: {
      member: 'Member',
      memberSearch: 'Member: type a name or phone',
      recharge: 'Recharge',
      exchange: 'Exchange points',
      withdraw: 'Withdraw',
      audit: 'Audit',
      decided: 'this withdrawal is already decided',
      rechargeTitle: 'Recharge a wallet',
      exchangeTitle: 'Exchange points for balance',
      withdrawTitle: 'Withdraw from a wallet',
      auditTitle: 'Audit withdrawal {{tradeNo}}',
      auditAbout: 'Pay ¥{{amount}} out to {{account}}?',
      decision: 'Decision',
      approve: 'Pay out',
      reject: 'Reject',
      rate: '{{n}} points = ¥1',
      referenceHint: 'Payment reference (transfer number, receipt…)',
      withdrawHint: 'At most the balance less pending withdrawals; at least ¥1.00.',
      recharged: '¥{{amount}} recharged; balance ¥{{balance}}',
      exchanged: '¥{{amount}} added to the balance',
      withdrawAsked: 'Withdrawal requested; it waits for audit',
      paidOut: 'Withdrawal paid out',
      rejected: 'Withdrawal rejected',
      fields: { amount: 'Amount', channel: 'Pay channel', reference: 'Reference', remark: 'Remark', points: 'Points', account: 'Receiving account' },
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    member: {
      title: 'Members',
      fields: {
        nickName: 'Nickname', phone: 'Phone', email: 'Email', avatar: 'Avatar', gender: 'Gender', gradeId: 'Grade', growth: 'Growth', points: 'Points', balance: 'Balance',
        source: 'Source', inviteCode: 'Invite code', inviterId: 'Invited by', status: 'Status', lastLoginTime: 'Last sign-in', orderCount: 'Orders', totalConsume: 'Total spent',
        remark: 'Remark', createTime: 'Registered',
      },
    },
    memberGrade: {
      title: 'Member grades',
      fields: { gradeName: 'Grade', level: 'Level', minGrowth: 'Growth needed', discount: 'Price paid (%)', icon: 'Icon', benefits: 'Benefits', status: 'Enabled', memberCount: 'Members' },
    },
    memberConsume: {
      title: 'Consumption',
      fields: { memberId: 'Member ID', consumeType: 'Type', orderNo: 'Order no.', title: 'Item', amount: 'Amount', payType: 'Payment', remark: 'Remark', createTime: 'Time' },
    },
    walletRecord: {
      title: 'Wallet records',
      fields: {
        memberId: 'Member ID', recordType: 'Type', amount: 'Amount', balanceAfter: 'Balance after', points: 'Points', couponId: 'Coupon', channel: 'Channel', tradeNo: 'Trade no.', account: 'Account',
        status: 'Status', auditTime: 'Audited at', auditAdmin: 'By', remark: 'Remark', createTime: 'Time',
      },
    },
  },
};
