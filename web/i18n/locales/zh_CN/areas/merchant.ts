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
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    merchant: {
      title: '商户列表',
      fields: {
        merchantName: '商户名称', contactName: '联系人', phone: '电话', email: '邮箱', licenseNo: '信用代码', address: '地址', settleRate: '佣金比例',
        balance: '余额', goodsCount: '商品数', status: '状态', remark: '备注', createTime: '入驻时间',
      },
    },
    merchantAccount: {
      title: '商户账号',
      fields: { merchantId: '商户', username: '用户名', nickName: '姓名', password: '密码', phone: '电话', accountRole: '角色', status: '启用', lastLoginTime: '最近登录' },
    },
  },
};
