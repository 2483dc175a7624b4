/** The order area's texts in zh_CN (spec §2 /order); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `order.<key>`. */
  texts: {
    detail: '详情',
    memberFilter: '会员：输入昵称或手机号',
    onlyWhen: '仅限{{statuses}}的订单',
    listSep: '、',
    blocked: '订单已被风控拦截，请先解除风险等级',
    about: '订单 {{orderNo}} · {{nick}} · 实付 ¥{{amount}}',
    allItems: '全部明细',
    reveal: '查看卡密',
    actions: {
      confirmDelivery: '确认发货', confirm: '确认收货', reissue: '补发', risk: '风控', cancel: '取消订单', refund: '退款',
      extract: '提取卡密', remark: '备注', reveal: '查看了卡密', refundApproved: '同意退款', refundRejected: '拒绝退款',
    },
    confirmText: { confirm: '代买家确认订单 {{orderNo}} 收货？订单将变为已完成。', cancel: '取消未付款订单 {{orderNo}}？锁定的卡密将退回库存。' },
    done: {
      confirmDelivery: '已发货', confirm: '订单已完成', reissue: '已补发新卡密', risk: '风险等级已保存', cancel: '订单已取消',
      refund: '已发起退款，等待审核', refundAuto: '退款已自动通过', remark: '备注已保存', approved: '已同意退款，款项已退至会员钱包', refused: '已拒绝退款',
    },
    hints: {
      confirmDelivery: '将为每个明细分配未售出的卡密或账号。',
      itemId: '留空则补发全部以卡密或账号发货的明细。',
      amount: '最多 ¥{{max}}（剩余可退金额）。',
      extract: '查看卡密会记录在订单上（谁、何时），并标记为已提取。',
      approvedAmount: '不超过申请的 ¥{{max}}。',
    },
    fields: {
      deliveryRemark: '发货备注', itemId: '明细', reason: '原因', riskLevel: '风险等级', riskRemark: '风控原因', amount: '金额', refundType: '退款类型',
      remark: '运营备注', memberNickName: '会员', contactPhone: '联系电话', totalAmount: '商品总额', discountAmount: '优惠', payAmount: '实付',
      payType: '支付方式', createTime: '下单时间', payTime: '付款时间', deliveryTime: '发货时间', completeTime: '完成时间', buyerRemark: '买家留言',
      deliveredCount: '卡密/账号', paymentKind: '类型', channel: '渠道', tradeNo: '流水号', time: '时间', goodsName: '商品', codeKind: '类型',
      cardNo: '卡号/账号', secret: '卡密/密码', decision: '审核结果', approvedAmount: '同意金额', auditRemark: '审核备注',
    },
    timeline: { placed: '下单', paid: '付款', delivered: '发货', completed: '完成', refundAsked: '申请退款', refundApproved: '同意退款', refundRejected: '拒绝退款' },
    noOrder: '未选择订单：请从订单列表打开。',
    backToList: '返回订单列表',
    detailTitle: '订单 {{orderNo}}',
    sections: { order: '订单信息', items: '商品明细', codes: '已发卡密与账号', payments: '支付记录', refunds: '退款记录', timeline: '操作记录' },
    codesHidden: '已发放 {{count}} 个卡密或账号。卡密在查看前保持隐藏，每次查看都会记录。',
    noCodes: '没有以卡密或账号发货的商品。',
    paymentKind: { pay: '支付', refund: '退款至钱包' },
    cdkTitle: 'CDK：已查看的卡密',
    cdkHint: '卡密默认隐藏，请逐条显示。',
    codeKind: { card: '卡密', account: '账号' },
    hide: '隐藏', show: '显示',
    audit: '审核',
    alreadyDecided: '该申请已审核',
    auditTitle: '审核退款 {{refundNo}}',
    approve: '同意', refuse: '拒绝',
    refundAbout: '订单 {{orderNo}} 申请退款 ¥{{amount}}：{{reason}}',
    refundSetHint: '超出商品分类退款时限（付款后小时数）的退款会被拒绝。自动审核额度内的退款立即通过，其余在“退款订单”中等待审核。',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    order: {
      title: '订单列表',
      fields: {
        orderNo: '订单号', memberId: '会员', memberNickName: '会员', merchantId: '商户', couponId: '优惠券', itemCount: '件数', totalAmount: '商品总额',
        discountAmount: '优惠', payAmount: '实付', payType: '支付方式', payTime: '付款时间', deliveryTime: '发货时间', completeTime: '完成时间', status: '状态',
        riskLevel: '风险', riskRemark: '风控原因', contactPhone: '电话', buyerRemark: '买家留言', remark: '备注', goodsIds: '商品', createTime: '下单时间',
      },
    },
    orderItem: { title: '订单明细', fields: { goodsName: '商品', price: '单价', quantity: '数量', amount: '金额', deliveryStatus: '发货状态', deliveryType: '发货方式' } },
    refund: {
      title: '退款申请',
      fields: {
        refundNo: '退款单号', orderId: '订单', orderNo: '订单号', memberId: '会员ID', amount: '金额', reason: '原因', refundType: '类型', status: '状态',
        orderStatusBefore: '退款前状态', auditRemark: '审核备注', auditTime: '审核时间', refundTime: '退款时间', createTime: '申请时间',
      },
    },
    refundSetting: {
      title: '退款规则',
      fields: {
        settingName: '规则名称', categoryId: '商品分类', allowRefund: '允许退款', refundWithinHours: '时限（小时）', autoApprove: '自动审核',
        autoApproveMaxAmount: '自动审核额度', requireUndelivered: '提取后不可退', status: '启用', remark: '备注',
      },
    },
  },
};
