/**
 * Entity titles and field labels in en: one table the console's i18n
 * (`resources.<entity>.fields.<field>`, `crud.fields.*`) and the server's refusals both read.
 * Pure data. Add an entity's labels here, in both languages.
 */
export default {
  /** Fields every entity has. */
  common: { id: 'ID', createTime: 'Created', updateTime: 'Updated', keyword: 'Keyword', status: 'Status', sort: 'Sort', remark: 'Remark' },
  /** By entity: `title` and `fields`. */
  resources: {
    // ── from resources.ts ──
    feedback: {
      title: 'Feedback',
      fields: { memberId: 'Member ID', nickName: 'Nickname', typeId: 'Type', content: 'Content', images: 'Images', contact: 'Contact', source: 'Source', clientVersion: 'Client version', status: 'Status', replyContent: 'Reply', replyTime: 'Replied at', replyAdmin: 'Replied by', remark: 'Remark' },
    },
    feedbackType: {
      title: 'Feedback type',
      fields: { typeName: 'Type name', description: 'Description', sort: 'Sort', status: 'Status' },
    },
    replay: {
      title: 'Reply template',
      fields: { title: 'Title', content: 'Reply text', typeId: 'For type', sort: 'Sort', status: 'Status' },
    },
    feedbackWords: {
      title: 'Feedback words',
      fields: { word: 'Word', wordType: 'Word type', replacement: 'Replace with', hitCount: 'Hits', status: 'Status' },
    },
    feedbackAward: {
      title: 'Award winners',
      fields: { activityName: 'Activity', memberId: 'Member ID', nickName: 'Nickname', phone: 'Phone', awardName: 'Award', awardLevel: 'Award level', status: 'Issue status', remark: 'Remark' },
    },
    // ── from account.ts ──
      gameAccount: { title: 'Game accounts', fields: { gameId: 'Game', account: 'Account', password: 'Login password', serverName: 'Server', level: 'Level', roleDesc: 'Character', hourlyPrice: 'Price per hour', deposit: 'Deposit', useCount: 'Uses', lastUseTime: 'Last used', status: 'Status', remark: 'Remark' } },
      accountUseRecord: { title: 'Account use records', fields: { accountId: 'Account', account: 'Account', gameId: 'Game', memberId: 'Member ID', startTime: 'Started', endTime: 'Ended', durationMinutes: 'Minutes', amount: 'Amount', status: 'Status', remark: 'Remark' } },
  
    // ── from cdk.ts ──
      cdkPlatform: { title: 'CDK platform', fields: { platformName: 'Platform', platformCode: 'Code', contactName: 'Contact', contactPhone: 'Phone', apiUrl: 'API URL', balance: 'Prepaid balance', codeCount: 'Codes issued', status: 'Status', remark: 'Remark' } },
      cdkMerchant: { title: 'CDK distributor', fields: { merchantName: 'Distributor', contactName: 'Contact', contactPhone: 'Phone', quota: 'Quota', usedQuota: 'Quota used', settleRate: 'Settle rate', status: 'Status', remark: 'Remark' } },
      cdkWechatActivity: { title: 'WeChat activity', fields: { activityName: 'Activity', appId: 'Official account AppID', replyKeyword: 'Reply keyword', startTime: 'Starts', endTime: 'Ends', totalCount: 'Quota', receivedCount: 'Received', perMemberLimit: 'Per member', status: 'Status', remark: 'Remark' } },
      cdkCode: { title: 'CDK codes', fields: { code: 'Code', batchNo: 'Batch', ownerType: 'Owner type', platformId: 'Platform', merchantId: 'Distributor', activityId: 'Activity', goodsId: 'Goods', faceValue: 'Face value', status: 'Status', usedMemberId: 'Redeemed by (member ID)', usedTime: 'Redeemed', expireTime: 'Expires' } },
  
    // ── from client.ts ──
      clientVersion: { title: 'Client versions', fields: { platform: 'Platform', versionName: 'Version', versionCode: 'Build', downloadUrl: 'Download URL', fileSize: 'Size (bytes)', forceUpdate: 'Forced update', minVersionCode: 'Minimum build', releaseNotes: 'Release notes', releaseTime: 'Released', status: 'Status' } },
      clientError: { title: 'Client errors', fields: { platform: 'Platform', versionName: 'Version', deviceModel: 'Device', osVersion: 'OS', errorType: 'Type', message: 'Message', stack: 'Stack', memberId: 'Member ID', occurTime: 'Occurred', occurCount: 'Count', status: 'State', remark: 'Remark' } },
  
    // ── from contractDrift.ts ──

    // ── from financial.ts ──
      merchantIncome: { title: 'Merchant income', fields: { merchantId: 'Merchant', merchantName: 'Merchant name', settleDate: 'Date', orderCount: 'Orders', orderAmount: 'Order amount', commission: 'Commission', income: 'Merchant income', status: 'Settlement', settleTime: 'Settled' } },
      rentalIncome: { title: 'Rental income', fields: { ownerMemberId: 'Owner (member ID)', rentOrderId: 'Rental order ID', orderNo: 'Order no.', rentAmount: 'Rent', platformFee: 'Platform fee', income: 'Owner income', status: 'Settlement', settleTime: 'Settled' } },
  
    // ── from games.ts ──
      game: {
        title: 'Game',
        fields: { gameName: 'Game name', gameIdentity: 'Game identity', cover: 'Cover', images: 'Screenshots', platformIds: 'Platforms', tagIds: 'Tags', developer: 'Developer', publisher: 'Publisher', releaseDate: 'Release date', score: 'Score', description: 'Description', hot: 'Hot', sort: 'Sort', status: 'Status', goodsCount: 'Goods on sale' },
      },
      gamePlatform: {
        title: 'Game platform',
        fields: { platformName: 'Platform name', platformIdentity: 'Platform identity', icon: 'Icon', sort: 'Sort', status: 'Status' },
      },
      gameTag: {
        title: 'Game tag',
        fields: { tagName: 'Tag name', tagIdentity: 'Tag identity', color: 'Colour', sort: 'Sort', status: 'Status' },
      },
  
    // ── from goods.ts ──
      goods: {
        title: 'Goods',
        fields: { goodsName: 'Goods name', goodsSn: 'Goods number', gameId: 'Game', categoryId: 'Category', platformId: 'Platform', areaId: 'Region', merchantId: 'Merchant', tagIds: 'Tags', cover: 'Cover', images: 'Images', price: 'Price', originalPrice: 'Original price', deliveryType: 'Delivery', stock: 'Stock', sales: 'Sales', status: 'Status', recommend: 'Recommended', sort: 'Sort', description: 'Description', remark: 'Remark' },
      },
      goodsCategory: {
        title: 'Goods category',
        fields: { name: 'Category name', parentId: 'Parent category', icon: 'Icon', sort: 'Sort', status: 'Status', goodsCount: 'Goods' },
      },
      goodsPlatform: {
        title: 'Goods platform',
        fields: { platformName: 'Platform name', platformIdentity: 'Platform identity', icon: 'Icon', sort: 'Sort', status: 'Status' },
      },
      goodsTag: {
        title: 'Goods tag',
        fields: { tagName: 'Tag name', color: 'Colour', sort: 'Sort', status: 'Status' },
      },
      coupon: {
        title: 'Coupon',
        fields: { couponName: 'Coupon name', couponType: 'Type', amount: 'Amount', discount: 'Pay (%)', threshold: 'Minimum spend', categoryId: 'Category', total: 'Issued', perLimit: 'Per member', receivedCount: 'Received', usedCount: 'Used', startTime: 'Valid', endTime: 'Valid until', status: 'Status' },
      },
      goodsArea: {
        title: 'Goods region',
        fields: { areaName: 'Region name', areaCode: 'Region code', platformId: 'Platform', sort: 'Sort', status: 'Status' },
      },
  
    // ── from inventory.ts ──
      stock: { title: 'Stock', fields: { goodsId: 'Goods ID', goodsName: 'Goods', gameId: 'Game', platformId: 'Platform', totalQty: 'Total', availableQty: 'Available', lockedQty: 'Locked', soldQty: 'Sold', warnQty: 'Warning level', stockStatus: 'Stock status', remark: 'Remark' } },
      cardSetting: { title: 'Card settings', fields: { settingName: 'Name', goodsId: 'Goods', cardType: 'Card type', codePrefix: 'Code prefix', codeLength: 'Code length', validDays: 'Valid days', autoDelivery: 'Auto delivery', deliveryTemplate: 'Delivery text', status: 'Status' } },
      card: { title: 'Activation codes', fields: { goodsId: 'Goods', batchNo: 'Batch', cardNo: 'Card number', cardSecret: 'Secret', faceValue: 'Face value', costPrice: 'Cost', status: 'Status', orderId: 'Order ID', soldTime: 'Sold', expireTime: 'Expires' } },
      costConfig: { title: 'Cost prices', fields: { goodsId: 'Goods', supplierName: 'Supplier', costPrice: 'Cost price', effectiveTime: 'Effective from', expireTime: 'Effective until', remark: 'Remark', status: 'Status' } },
      cardAccount: { title: 'Card accounts', fields: { goodsId: 'Goods', account: 'Account', password: 'Password', email: 'Email', region: 'Region', status: 'Status', orderId: 'Order ID', soldTime: 'Sold', remark: 'Remark' } },
      inventoryAudit: { title: 'Audit trail', fields: { action: 'Action', targetType: 'Record type', targetId: 'Record ID', targetLabel: 'Record', goodsId: 'Goods ID', quantity: 'Quantity', reason: 'Reason', operator: 'Operator', createTime: 'Time' } },
  
    // ── from member.ts ──
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
  
    // ── from merchant.ts ──
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
  
    // ── from operate.ts ──
      advert: { title: 'Advert', fields: { title: 'Title', position: 'Position', image: 'Image', linkUrl: 'Link', startTime: 'Start', endTime: 'End', views: 'Impressions', clicks: 'Clicks' } },
      reward: { title: 'Reward', fields: { rewardName: 'Name', rewardType: 'Type', value: 'Value', couponId: 'Coupon', total: 'Quota', perMemberLimit: 'Per member', receivedCount: 'Claimed', startTime: 'Start', endTime: 'End' } },
      rewardReceive: { title: 'Claims', fields: { rewardId: 'Reward', rewardName: 'Reward', memberId: 'Member ID', nickName: 'Nickname', status: 'Status', createTime: 'Claimed at' } },
      link: { title: 'Link', fields: { linkName: 'Name', url: 'URL', logo: 'Logo' } },
      stationMsg: { title: 'Station message', fields: { title: 'Title', content: 'Body', targetType: 'Audience', gradeIds: 'Member grades', memberIds: 'Members', sendTime: 'Send time', status: 'Status', readCount: 'Read by' } },
      approval: { title: 'Approvals', fields: { operation: 'Action', path: 'Endpoint', entity: 'Record kind', targetIds: 'Records', measure: 'Amount or count', threshold: 'Threshold', thresholdKind: 'Rule', requesterId: 'Requester ID', requesterName: 'Requester', requesterRoles: 'Requester roles', reason: 'Reason', payload: 'Request', stateBefore: 'Record when requested', status: 'Status', expiresAt: 'Expires', deciderId: 'Decided by ID', deciderName: 'Decided by', decisionReason: 'Decision reason', decidedTime: 'Decided at', result: 'Result', mine: 'Mine', decided: 'Decided', createTime: 'Requested at' } },
      trash: { title: 'Trash', fields: { entity: 'Kind', recordId: 'Record ID', label: 'Record', userId: 'Deleted by (ID)', username: 'Deleted by', expireTime: 'Purged at', related: 'Taken along', createTime: 'Deleted at' } },
      consoleSession: { title: 'Online users', fields: { username: 'User', roles: 'Roles', ip: 'Address', client: 'Client', since: 'Signed in', lastSeen: 'Last seen', current: 'This session', createTime: 'Signed in' } },
      signInLog: { title: 'Sign-in log', fields: { username: 'User', result: 'Result', ip: 'Address', client: 'Client', message: 'Reason', createTime: 'When' } },
      auditLog: { title: 'Audit log', fields: { userId: 'User ID', username: 'User', roles: 'Roles', ip: 'Address', operation: 'Operation', area: 'Area', entity: 'Record kind', targetIds: 'Records', outcome: 'Outcome', code: 'Code', status: 'HTTP status', message: 'Message', servedBy: 'Answered by', fields: 'Request fields', changes: 'Changes', prevHash: 'Previous hash', hash: 'Hash', createTime: 'When' } },
      seoSetting: { title: 'SEO setting', fields: { pageKey: 'Page key', pageName: 'Page', title: 'Title', keywords: 'Keywords', description: 'Description' } },
  
    // ── from order.ts ──
      order: {
        title: 'Orders',
        fields: {
          orderNo: 'Order no.', memberId: 'Member', memberNickName: 'Member', merchantId: 'Merchant', couponId: 'Coupon', itemCount: 'Units', totalAmount: 'Total',
          discountAmount: 'Discount', payAmount: 'Paid', payType: 'Payment', payTime: 'Paid at', deliveryTime: 'Delivered at', completeTime: 'Completed at', status: 'Status',
          riskLevel: 'Risk', riskRemark: 'Risk reason', contactPhone: 'Phone', buyerRemark: 'Buyer note', remark: 'Remark', goodsIds: 'Goods', createTime: 'Placed', activity: 'Activity',
        },
      },
      orderItem: { title: 'Order items', fields: { orderId: 'Order', goodsId: 'Goods ID', goodsName: 'Goods', price: 'Price', quantity: 'Qty', amount: 'Amount', deliveryStatus: 'Delivery', deliveryType: 'Delivery type', cardIds: 'Codes delivered', cardAccountIds: 'Accounts delivered' } },
      refund: {
        title: 'Refund requests',
        fields: {
          refundNo: 'Refund no.', orderId: 'Order', orderNo: 'Order no.', memberId: 'Member ID', amount: 'Amount', lines: 'Lines', reason: 'Reason', refundType: 'Type', status: 'Status',
          orderStatusBefore: 'Order status before', auditRemark: 'Audit remark', auditTime: 'Decided at', refundTime: 'Refunded at', createTime: 'Requested',
        },
      },
      refundSetting: {
        title: 'Refund rules',
        fields: {
          settingName: 'Rule', categoryId: 'Goods category', allowRefund: 'Refunds allowed', refundWithinHours: 'Window (hours)', autoApprove: 'Auto-approve',
          autoApproveMaxAmount: 'Auto-approve up to', requireUndelivered: 'Not after extraction', status: 'Enabled', remark: 'Remark',
        },
      },
  
    // ── from recommend.ts ──
      recommendGame: { title: 'Featured game', fields: { gameId: 'Game', gameName: 'Game name', position: 'Position', weight: 'Weight', startTime: 'Start', endTime: 'End' } },
      recommendGoods: { title: 'Featured goods', fields: { goodsId: 'Goods ID', goodsName: 'Goods', position: 'Position', weight: 'Weight', startTime: 'Start', endTime: 'End' } },
      recommendPage: { title: 'Recommend page', fields: { pageName: 'Page', pageKey: 'Page key', description: 'Description', moduleCount: 'Modules' } },
      recommendModule: { title: 'Recommend module', fields: { pageId: 'Page', moduleName: 'Module', moduleType: 'Type', maxItems: 'Max items' } },
      recommendRelation: { title: 'Module item', fields: { moduleId: 'Module', targetType: 'Type', targetId: 'Item ID', targetName: 'Item', weight: 'Weight' } },
      navigation: { title: 'Navigation entry', fields: { navName: 'Name', icon: 'Icon', linkType: 'Link type', linkValue: 'Link', parentId: 'Parent' } },
      searchKeyword: { title: 'Hot keyword', fields: { word: 'Keyword', searchCount: 'Searches', isHot: 'Hot' } },
  
    // ── from rent.ts ──
      rentApply: {
        title: 'Rental applications',
        fields: {
          memberId: 'Owner ID', gameId: 'Game', account: 'Account', serverName: 'Server', description: 'Description', expectHourlyPrice: 'Asked per hour', contactPhone: 'Phone',
          status: 'Status', auditRemark: 'Audit remark', auditTime: 'Decided at', createTime: 'Applied',
        },
      },
      rentAccount: {
        title: 'Rental accounts',
        fields: {
          ownerMemberId: 'Owner ID', gameId: 'Game', account: 'Account', password: 'Password (write-only)', serverName: 'Region / server', level: 'Rank level', hourlyPrice: 'Per hour',
          deposit: 'Deposit', verifyStatus: 'Verification', verifyTime: 'Verified at', verifyRemark: 'Verify remark', rentCount: 'Rentals', status: 'Status',
        },
      },
      rentListing: {
        title: 'Rental listings',
        fields: {
          rentAccountId: 'Account', gameId: 'Game', title: 'Title', hourlyPrice: 'Per hour', dailyPrice: 'Per day', minHours: 'Min. hours', views: 'Views', rentCount: 'Rentals',
          recommend: 'Recommended', status: 'Shelf', createTime: 'Created',
        },
      },
      rentOrder: {
        title: 'Rental orders',
        fields: {
          orderNo: 'Order no.', listingId: 'Listing', rentAccountId: 'Account ID', memberId: 'Renter ID', hours: 'Hours', startTime: 'Period', endTime: 'Ends',
          rentAmount: 'Rent', deposit: 'Deposit', totalAmount: 'Total', status: 'Status', remark: 'Remark', createTime: 'Ordered',
        },
      },
  
    // ── from social.ts ──
      comment: { title: 'Comment', fields: { memberId: 'Member ID', nickName: 'Nickname', targetType: 'On', targetId: 'Target ID', targetName: 'Target', content: 'Comment', rating: 'Rating', images: 'Images', likeCount: 'Likes', replyCount: 'Replies', isTop: 'Pinned', status: 'Review', hideReason: 'Hide reason' } },
      commentReply: { title: 'Reply', fields: { commentId: 'Comment ID', replierType: 'By', memberId: 'Member ID', replierName: 'Replier', content: 'Reply', status: 'Status' } },
  
    // ── from specialConfig.ts ──
      match: { title: 'Match', fields: { matchName: 'Match', gameId: 'Game', teamA: 'Home team', teamB: 'Away team', scoreA: 'Home score', scoreB: 'Away score', startTime: 'Start', endTime: 'End', streamUrl: 'Stream URL', cover: 'Cover' } },
      article: { title: 'Article', fields: { title: 'Title', gameId: 'Game', cover: 'Cover', summary: 'Summary', content: 'Body', author: 'Author', views: 'Views', isTop: 'Pinned', publishTime: 'Published' } },
      video: { title: 'Video', fields: { title: 'Title', gameId: 'Game', cover: 'Cover', videoUrl: 'Video URL', duration: 'Duration (s)', views: 'Plays' } },
      product: { title: 'Featured product', fields: { goodsId: 'Goods', title: 'Title', subtitle: 'Subtitle', banner: 'Banner', specialPrice: 'Special price', startTime: 'Start', endTime: 'End' } },
  
    // ── from statistics.ts ──

    // ── from system.ts ──
      admin: {
        title: 'Console account',
        fields: { username: 'Username', nickName: 'Nickname', password: 'Password', email: 'Email', phone: 'Phone', icon: 'Avatar', roleIds: 'Roles', homePath: 'Home path', status: 'Status', lastLoginTime: 'Last sign-in', note: 'Note', failedLoginCount: 'Failed sign-ins in a row', lastFailedLoginTime: 'Last failed sign-in' },
      },
      role: {
        title: 'Role',
        fields: { name: 'Role name', roleKey: 'Role key', description: 'Description', menuIds: 'Menus', resourceIds: 'Resources', adminCount: 'Accounts', sort: 'Sort', status: 'Status' },
      },
      menu: {
        title: 'Menu',
        fields: { parentId: 'Parent menu', title: 'Title', name: 'Route name', path: 'Route path', icon: 'Icon', component: 'Component path', frameSrc: 'Frame source', level: 'Level', sort: 'Order', hidden: 'Hidden', status: 'Status' },
      },
      resource: {
        title: 'Resource',
        fields: { name: 'Name', url: 'URL pattern', description: 'Description', categoryId: 'Category' },
      },
      resourceCategory: {
        title: 'Resource category',
        fields: { name: 'Category name', sort: 'Sort' },
      },
      systemMessage: {
        title: 'System message',
        fields: { title: 'Title', content: 'Content', level: 'Level', targetRoleIds: 'For roles', publishTime: 'Published', readCount: 'Read by', status: 'Status' },
      },
  
  },
};
