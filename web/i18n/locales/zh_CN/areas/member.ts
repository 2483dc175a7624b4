/** The member area's texts in zh_CN (spec §2 /member); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `member.<key>`. */
  texts: {
    detail: '详情',
    invites: '邀请',
    freeze: '冻结',
    enable: '启用',
    freezeTitle: '冻结 {{name}}',
    enableTitle: '启用 {{name}}',
    reason: '原因',
    frozen: '会员已冻结',
    enabled: '会员已启用',
    detailTitle: '会员 {{name}}',
    invitesTitle: '{{name}} 邀请的会员（邀请码 {{code}}）',
    sections: { profile: '基本资料', wallet: '钱包与消费', orders: '最近订单', consume: '消费记录' },
    balance: '余额',
    points: '积分',
    pendingWithdraw: '待审核提现',
    wallet: {
      member: '会员',
      memberSearch: '会员：输入昵称或手机号',
      recharge: '充值',
      exchange: '积分兑换',
      withdraw: '提现',
      audit: '审核',
      decided: '该提现已审核',
      rechargeTitle: '钱包充值',
      exchangeTitle: '积分兑换余额',
      withdrawTitle: '钱包提现',
      auditTitle: '审核提现 {{tradeNo}}',
      auditAbout: '向 {{account}} 打款 ¥{{amount}}？',
      decision: '审核结果',
      approve: '打款',
      reject: '驳回',
      rate: '{{n}} 积分 = ¥1',
      referenceHint: '支付凭证（转账单号、收据等）',
      withdrawHint: '不超过余额减去待审核提现；至少 ¥1.00。',
      recharged: '已充值 ¥{{amount}}，余额 ¥{{balance}}',
      exchanged: '已兑换 ¥{{amount}} 到余额',
      withdrawAsked: '已申请提现，等待审核',
      paidOut: '提现已打款',
      rejected: '提现已驳回',
      fields: { amount: '金额', channel: '支付渠道', reference: '支付凭证', remark: '备注', points: '积分', account: '收款账户' },
    },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    member: {
      title: '会员列表',
      fields: {
        nickName: '昵称', phone: '手机号', email: '邮箱', avatar: '头像', gender: '性别', gradeId: '等级', growth: '成长值', points: '积分', balance: '余额',
        source: '来源', inviteCode: '邀请码', inviterId: '邀请人', status: '状态', lastLoginTime: '最近登录', orderCount: '订单数', totalConsume: '累计消费',
        remark: '备注', createTime: '注册时间',
      },
    },
    memberGrade: {
      title: '会员等级',
      fields: { gradeName: '等级名称', level: '级别', minGrowth: '所需成长值', discount: '折扣（%）', icon: '图标', benefits: '权益', status: '启用', memberCount: '会员数' },
    },
    memberConsume: {
      title: '消费记录',
      fields: { memberId: '会员ID', consumeType: '类型', orderNo: '订单号', title: '内容', amount: '金额', payType: '支付方式', remark: '备注', createTime: '时间' },
    },
    walletRecord: {
      title: '钱包流水',
      fields: {
        memberId: '会员ID', recordType: '类型', amount: '金额', balanceAfter: '变动后余额', points: '积分', couponId: '优惠券', channel: '渠道', tradeNo: '流水号', account: '账户',
        status: '状态', auditTime: '审核时间', auditAdmin: '审核人', remark: '备注', createTime: '时间',
      },
    },
  },
};
