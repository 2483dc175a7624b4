/** The merchant area's texts in en (spec §2 /merchant); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `merchant.<key>`. */
  texts: {
    accounts: 'Accounts',
    accountsTitle: 'Login accounts of {{name}}',
    resetPassword: 'Reset password',
    resetTitle: 'Reset password',
    resetText: 'Give {{username}} a new random password? The old one stops working at once.',
    newPasswordTitle: 'New password',
    newPasswordHint: 'The new password of {{username}} is shown this once. Copy it now and hand it over safely.',
    passwordHint: '6 to 64 characters; stored as a hash, never shown again.',
    copy: 'Copy',
    copied: 'Copied',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    merchant: {
      title: 'Merchants',
      fields: {
        merchantName: 'Merchant', contactName: 'Contact', phone: 'Phone', email: 'Email', licenseNo: 'Credit code', address: 'Address', settleRate: 'Commission',
        balance: 'Balance', goodsCount: 'Goods', status: 'Status', remark: 'Remark', createTime: 'Joined',
      },
    },
    merchantAccount: {
      title: 'Merchant account',
      fields: { merchantId: 'Merchant', username: 'Username', nickName: 'Name', password: 'Password', phone: 'Phone', accountRole: 'Role', status: 'Enabled', lastLoginTime: 'Last sign-in' },
    },
  },
};
