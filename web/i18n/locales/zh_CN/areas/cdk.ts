/** The CDK area's texts in zh_CN (spec §2 /cdk); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `cdk.<key>`. */
  texts: {
    codes: '查看 CDK',
    back: '返回',
    codesOf: '{{name}} 的 CDK',
    chooseOwner: '请先在列表中选择一个{{owner}}。',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    cdkPlatform: { title: 'CDK 平台', fields: { platformName: '平台名称', platformCode: '平台编码', contactName: '联系人', contactPhone: '联系电话', apiUrl: '接口地址', balance: '预付余额', codeCount: '发码数', status: '状态', remark: '备注' } },
    cdkMerchant: { title: 'CDK 商户', fields: { merchantName: '商户名称', contactName: '联系人', contactPhone: '联系电话', quota: '配额', usedQuota: '已用配额', settleRate: '结算比例', status: '状态', remark: '备注' } },
    cdkWechatActivity: { title: '微信活动', fields: { activityName: '活动名称', appId: '公众号 AppID', replyKeyword: '回复关键词', startTime: '开始时间', endTime: '结束时间', totalCount: '总数量', receivedCount: '已领取', perMemberLimit: '每人限领', status: '状态', remark: '备注' } },
    cdkCode: { title: 'CDK', fields: { code: '兑换码', batchNo: '批次号', ownerType: '归属类型', platformId: '平台', merchantId: '商户', activityId: '活动', goodsId: '商品', faceValue: '面值', status: '状态', usedMemberId: '兑换会员ID', usedTime: '兑换时间', expireTime: '过期时间' } },
  },
};
