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
};
