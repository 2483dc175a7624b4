/** The CDK area's texts in en (spec §2 /cdk); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `cdk.<key>`. */
  texts: {
    codes: 'Codes',
    back: 'Back',
    codesOf: 'Codes of {{name}}',
    chooseOwner: 'Choose a {{owner}} in the list first.',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    cdkPlatform: { title: 'CDK platform', fields: { platformName: 'Platform', platformCode: 'Code', contactName: 'Contact', contactPhone: 'Phone', apiUrl: 'API URL', balance: 'Prepaid balance', codeCount: 'Codes issued', status: 'Status', remark: 'Remark' } },
    cdkMerchant: { title: 'CDK distributor', fields: { merchantName: 'Distributor', contactName: 'Contact', contactPhone: 'Phone', quota: 'Quota', usedQuota: 'Quota used', settleRate: 'Settle rate', status: 'Status', remark: 'Remark' } },
    cdkWechatActivity: { title: 'WeChat activity', fields: { activityName: 'Activity', appId: 'Official account AppID', replyKeyword: 'Reply keyword', startTime: 'Starts', endTime: 'Ends', totalCount: 'Quota', receivedCount: 'Received', perMemberLimit: 'Per member', status: 'Status', remark: 'Remark' } },
    cdkCode: { title: 'CDK codes', fields: { code: 'Code', batchNo: 'Batch', ownerType: 'Owner type', platformId: 'Platform', merchantId: 'Distributor', activityId: 'Activity', goodsId: 'Goods', faceValue: 'Face value', status: 'Status', usedMemberId: 'Redeemed by (member ID)', usedTime: 'Redeemed', expireTime: 'Expires' } },
  },
};
