/** The rent area's texts in zh_CN (spec §2 /rent); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `rent.<key>`. */
  texts: {
    audit: '审核',
    alreadyDecided: '该申请已审核',
    auditTitle: '审核申请：{{account}}',
    applyAbout: '{{account}}（{{server}}），期望 ¥{{price}}/小时。{{description}}',
    decision: '审核结果',
    approve: '通过',
    refuse: '驳回',
    auditRemark: '审核备注',
    approved: '已通过：已创建出租账号（待验证）',
    refused: '申请已驳回',
    onShelf: '上架',
    offShelf: '下架',
    onShelfDone: '已上架',
    offShelfDone: '已下架',
    verify: '验证',
    rentedOut: '出租中，租期结束后再验证',
    verifyTitle: '验证 {{account}}',
    verifyHint: '用保存的账号密码登录游戏，并记录结果。',
    result: '结果',
    passed: '通过',
    failed: '失败',
    verifyRemark: '备注',
    verified: '已验证',
    verifyFailed: '已记录为验证失败，相关租赁商品已下架',
    remark: '备注',
    remarkTitle: '备注 {{orderNo}}',
    remarked: '备注已保存',
    endsIn: '剩余 {{h}}小时{{m}}分{{s}}秒',
    endsInDays: '剩余 {{d}}天{{h}}小时{{m}}分',
    overdue: '已到期',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    rentApply: {
      title: '出租申请',
      fields: {
        memberId: '号主ID', gameId: '游戏', account: '账号', serverName: '区服', description: '描述', expectHourlyPrice: '期望时租', contactPhone: '电话',
        status: '状态', auditRemark: '审核备注', auditTime: '审核时间', createTime: '申请时间',
      },
    },
    rentAccount: {
      title: '出租账号',
      fields: {
        ownerMemberId: '号主ID', gameId: '游戏', account: '账号', password: '密码（只写）', serverName: '大区/区服', level: '段位等级', hourlyPrice: '时租',
        deposit: '押金', verifyStatus: '验证状态', verifyTime: '验证时间', verifyRemark: '验证备注', rentCount: '出租次数', status: '状态',
      },
    },
    rentListing: {
      title: '租赁商品',
      fields: {
        rentAccountId: '账号', gameId: '游戏', title: '标题', hourlyPrice: '时租', dailyPrice: '日租', minHours: '起租小时', views: '浏览', rentCount: '出租次数',
        recommend: '推荐', status: '上架状态', createTime: '创建时间',
      },
    },
    rentOrder: {
      title: '租赁订单',
      fields: {
        orderNo: '订单号', listingId: '租赁商品', rentAccountId: '账号ID', memberId: '租客ID', hours: '时长', startTime: '租期', endTime: '结束',
        rentAmount: '租金', deposit: '押金', totalAmount: '合计', status: '状态', remark: '备注', createTime: '下单时间',
      },
    },
  },
};
