/** The merchant area's texts in zh_CN (spec §2 /merchant); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `merchant.<key>`. */
  texts: {
    accounts: '账号',
    accountsTitle: '{{name}} 的登录账号',
    resetPassword: '重置密码',
    resetTitle: '重置密码',
    resetText: '为 {{username}} 生成新的随机密码？旧密码立即失效。',
    newPasswordTitle: '新密码',
    newPasswordHint: '{{username}} 的新密码仅显示这一次，请立即复制并安全交付。',
    passwordHint: '6 到 64 个字符；只保存摘要，之后不再显示。',
    copy: '复制',
    copied: '已复制',
  },
};
