/**
 * Entity titles and field labels in zh_CN: one table the console's i18n
 * (`resources.<entity>.fields.<field>`, `crud.fields.*`) and the server's refusals both read.
 * Pure data. Add an entity's labels here, in both languages.
 */
export default {
  /** Fields every entity has. */
  common: { id: 'ID', createTime: '创建时间', updateTime: '更新时间', keyword: '关键字', status: '状态', sort: '排序', remark: '备注' },
  /** By entity: `title` and `fields`. */
  resources: {
    // ── from resources.ts ──
    feedback: {
      title: '意见反馈',
      fields: { memberId: '会员ID', nickName: '会员昵称', typeId: '反馈类型', content: '反馈内容', images: '图片', contact: '联系方式', source: '来源', clientVersion: '客户端版本', status: '状态', replyContent: '回复内容', replyTime: '回复时间', replyAdmin: '回复人', remark: '备注' },
    },
    feedbackType: {
      title: '反馈类型',
      fields: { typeName: '类型名称', description: '描述', sort: '排序', status: '状态' },
    },
    replay: {
      title: '快捷回复',
      fields: { title: '标题', content: '回复内容', typeId: '适用类型', sort: '排序', status: '状态' },
    },
    feedbackWords: {
      title: '反馈词库',
      fields: { word: '词语', wordType: '词语类型', replacement: '替换为', hitCount: '命中次数', status: '状态' },
    },
    feedbackAward: {
      title: '获奖名单',
      fields: { activityName: '活动名称', memberId: '会员ID', nickName: '会员昵称', phone: '手机号', awardName: '奖品名称', awardLevel: '奖项等级', status: '发放状态', remark: '备注' },
    },
    // ── from account.ts ──
      gameAccount: { title: '游戏账号', fields: { gameId: '游戏', account: '账号', password: '登录密码', serverName: '区服', level: '等级', roleDesc: '角色描述', hourlyPrice: '时租价', deposit: '押金', useCount: '使用次数', lastUseTime: '最近使用', status: '状态', remark: '备注' } },
      accountUseRecord: { title: '账号使用记录', fields: { accountId: '账号', account: '账号', gameId: '游戏', memberId: '会员ID', startTime: '开始时间', endTime: '结束时间', durationMinutes: '时长（分钟）', amount: '金额', status: '状态', remark: '备注' } },
  
    // ── from cdk.ts ──
      cdkPlatform: { title: 'CDK 平台', fields: { platformName: '平台名称', platformCode: '平台编码', contactName: '联系人', contactPhone: '联系电话', apiUrl: '接口地址', balance: '预付余额', codeCount: '发码数', status: '状态', remark: '备注' } },
      cdkMerchant: { title: 'CDK 商户', fields: { merchantName: '商户名称', contactName: '联系人', contactPhone: '联系电话', quota: '配额', usedQuota: '已用配额', settleRate: '结算比例', status: '状态', remark: '备注' } },
      cdkWechatActivity: { title: '微信活动', fields: { activityName: '活动名称', appId: '公众号 AppID', replyKeyword: '回复关键词', startTime: '开始时间', endTime: '结束时间', totalCount: '总数量', receivedCount: '已领取', perMemberLimit: '每人限领', status: '状态', remark: '备注' } },
      cdkCode: { title: 'CDK', fields: { code: '兑换码', batchNo: '批次号', ownerType: '归属类型', platformId: '平台', merchantId: '商户', activityId: '活动', goodsId: '商品', faceValue: '面值', status: '状态', usedMemberId: '兑换会员ID', usedTime: '兑换时间', expireTime: '过期时间' } },
  
    // ── from client.ts ──
      clientVersion: { title: '客户端版本', fields: { platform: '平台', versionName: '版本号', versionCode: '构建号', downloadUrl: '下载地址', fileSize: '文件大小（字节）', forceUpdate: '强制更新', minVersionCode: '最低构建号', releaseNotes: '更新说明', releaseTime: '发布时间', status: '状态' } },
      clientError: { title: '客户端错误', fields: { platform: '平台', versionName: '版本', deviceModel: '设备型号', osVersion: '系统版本', errorType: '错误类型', message: '错误信息', stack: '堆栈', memberId: '会员ID', occurTime: '发生时间', occurCount: '次数', status: '处理状态', remark: '备注' } },
  
    // ── from contractDrift.ts ──

    // ── from financial.ts ──
      merchantIncome: { title: '商户收入', fields: { merchantId: '商户', merchantName: '商户名称', settleDate: '结算日期', orderCount: '订单数', orderAmount: '订单金额', commission: '平台佣金', income: '商户收入', status: '结算状态', settleTime: '结算时间' } },
      rentalIncome: { title: '租号收入', fields: { ownerMemberId: '号主会员ID', rentOrderId: '租号订单ID', orderNo: '订单号', rentAmount: '租金', platformFee: '平台服务费', income: '号主收入', status: '结算状态', settleTime: '结算时间' } },
  
    // ── from games.ts ──
      game: {
        title: '游戏',
        fields: { gameName: '游戏名称', gameIdentity: '游戏标识', cover: '封面', images: '截图', platformIds: '平台', tagIds: '标签', developer: '开发商', publisher: '发行商', releaseDate: '发行日期', score: '评分', description: '介绍', hot: '热门', sort: '排序', status: '状态', goodsCount: '在售商品' },
      },
      gamePlatform: {
        title: '游戏平台',
        fields: { platformName: '平台名称', platformIdentity: '平台标识', icon: '图标', sort: '排序', status: '状态' },
      },
      gameTag: {
        title: '游戏标签',
        fields: { tagName: '标签名称', tagIdentity: '标签标识', color: '颜色', sort: '排序', status: '状态' },
      },
  
    // ── from goods.ts ──
      goods: {
        title: '商品',
        fields: { goodsName: '商品名称', goodsSn: '商品编号', gameId: '游戏', categoryId: '分类', platformId: '平台', areaId: '区服', merchantId: '商家', tagIds: '标签', cover: '封面', images: '图片', price: '售价', originalPrice: '原价', deliveryType: '发货方式', stock: '库存', sales: '销量', status: '状态', recommend: '推荐', sort: '排序', description: '详情', remark: '备注' },
      },
      goodsCategory: {
        title: '商品分类',
        fields: { name: '分类名称', parentId: '上级分类', icon: '图标', sort: '排序', status: '状态', goodsCount: '商品数' },
      },
      goodsPlatform: {
        title: '商品平台',
        fields: { platformName: '平台名称', platformIdentity: '平台标识', icon: '图标', sort: '排序', status: '状态' },
      },
      goodsTag: {
        title: '商品标签',
        fields: { tagName: '标签名称', color: '颜色', sort: '排序', status: '状态' },
      },
      coupon: {
        title: '优惠券',
        fields: { couponName: '优惠券名称', couponType: '类型', amount: '金额', discount: '支付比例（%）', threshold: '最低消费', categoryId: '适用分类', total: '发行量', perLimit: '每人限领', receivedCount: '已领取', usedCount: '已使用', startTime: '有效期', endTime: '有效期至', status: '状态' },
      },
      goodsArea: {
        title: '商品区服',
        fields: { areaName: '区服名称', areaCode: '区服代码', platformId: '平台', sort: '排序', status: '状态' },
      },
  
    // ── from inventory.ts ──
      stock: { title: '库存', fields: { goodsId: '商品ID', goodsName: '商品名称', gameId: '游戏', platformId: '平台', totalQty: '总数', availableQty: '可售', lockedQty: '锁定', soldQty: '已售', warnQty: '预警值', stockStatus: '库存状态', remark: '备注' } },
      cardSetting: { title: '卡密设置', fields: { settingName: '设置名称', goodsId: '商品', cardType: '卡密类型', codePrefix: '卡号前缀', codeLength: '卡号长度', validDays: '有效天数', autoDelivery: '自动发货', deliveryTemplate: '发货文案', status: '状态' } },
      card: { title: '卡密', fields: { goodsId: '商品', batchNo: '批次号', cardNo: '卡号', cardSecret: '卡密', faceValue: '面值', costPrice: '成本价', status: '状态', orderId: '订单ID', soldTime: '售出时间', expireTime: '过期时间' } },
      costConfig: { title: '成本配置', fields: { goodsId: '商品', supplierName: '供应商', costPrice: '成本价', effectiveTime: '生效时间', expireTime: '失效时间', remark: '备注', status: '状态' } },
      cardAccount: { title: '卡密账号', fields: { goodsId: '商品', account: '账号', password: '密码', email: '邮箱', region: '区服', status: '状态', orderId: '订单ID', soldTime: '售出时间', remark: '备注' } },
      inventoryAudit: { title: '审计日志', fields: { action: '操作', targetType: '对象类型', targetId: '对象ID', targetLabel: '对象', goodsId: '商品ID', quantity: '数量', reason: '原因', operator: '操作人', createTime: '时间' } },
  
    // ── from member.ts ──
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
  
    // ── from merchant.ts ──
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
  
    // ── from operate.ts ──
      advert: { title: '广告', fields: { title: '广告标题', position: '广告位置', image: '广告图片', linkUrl: '跳转链接', startTime: '开始时间', endTime: '结束时间', views: '曝光量', clicks: '点击量' } },
      reward: { title: '奖励', fields: { rewardName: '奖励名称', rewardType: '奖励类型', value: '奖励数值', couponId: '优惠券', total: '发放总量', perMemberLimit: '每人限领', receivedCount: '已领取', startTime: '开始时间', endTime: '结束时间' } },
      rewardReceive: { title: '领取记录', fields: { rewardId: '奖励', rewardName: '奖励名称', memberId: '会员ID', nickName: '会员昵称', status: '领取状态', createTime: '领取时间' } },
      link: { title: '友情链接', fields: { linkName: '链接名称', url: '链接地址', logo: '链接 Logo' } },
      stationMsg: { title: '站内信', fields: { title: '标题', content: '正文', targetType: '发送对象', gradeIds: '会员等级', memberIds: '指定会员', sendTime: '发送时间', status: '发送状态', readCount: '已读人数' } },
      approval: { title: '审批', fields: { operation: '操作', path: '接口', entity: '记录类型', targetIds: '记录', measure: '金额或数量', threshold: '阈值', thresholdKind: '规则', requesterId: '申请人ID', requesterName: '申请人', requesterRoles: '申请人角色', reason: '申请理由', payload: '请求内容', stateBefore: '申请时的记录', status: '状态', expiresAt: '过期时间', deciderId: '处理人ID', deciderName: '处理人', decisionReason: '处理理由', decidedTime: '处理时间', result: '执行结果', mine: '我的申请', decided: '已处理', createTime: '申请时间' } },
      trash: { title: '回收站', fields: { entity: '类型', recordId: '记录 ID', label: '记录', userId: '删除人 ID', username: '删除人', expireTime: '清除时间', related: '连带删除', createTime: '删除时间' } },
      consoleSession: { title: '在线用户', fields: { username: '用户', roles: '角色', ip: '来源地址', client: '客户端', since: '登录时间', lastSeen: '最近活动', current: '当前会话', createTime: '登录时间' } },
      signInLog: { title: '登录日志', fields: { username: '用户', result: '结果', ip: '来源地址', client: '客户端', message: '原因', createTime: '时间' } },
      auditLog: { title: '操作审计', fields: { userId: '用户ID', username: '操作人', roles: '角色', ip: '来源地址', operation: '操作', area: '模块', entity: '记录类型', targetIds: '记录', outcome: '结果', code: '返回码', status: 'HTTP 状态', message: '信息', servedBy: '应答方', fields: '请求字段', changes: '变更', prevHash: '上一条哈希', hash: '哈希', createTime: '时间' } },
      seoSetting: { title: 'SEO 设置', fields: { pageKey: '页面标识', pageName: '页面名称', title: '页面标题', keywords: '关键词', description: '页面描述' } },
  
    // ── from order.ts ──
      order: {
        title: '订单列表',
        fields: {
          orderNo: '订单号', memberId: '会员', memberNickName: '会员', merchantId: '商户', couponId: '优惠券', itemCount: '件数', totalAmount: '商品总额',
          discountAmount: '优惠', payAmount: '实付', payType: '支付方式', payTime: '付款时间', deliveryTime: '发货时间', completeTime: '完成时间', status: '状态',
          riskLevel: '风险', riskRemark: '风控原因', contactPhone: '电话', buyerRemark: '买家留言', remark: '备注', goodsIds: '商品', createTime: '下单时间', activity: '操作记录',
        },
      },
      orderItem: { title: '订单明细', fields: { orderId: '订单', goodsId: '商品ID', goodsName: '商品', price: '单价', quantity: '数量', amount: '金额', deliveryStatus: '发货状态', deliveryType: '发货方式', cardIds: '发放的卡密', cardAccountIds: '发放的账号' } },
      refund: {
        title: '退款申请',
        fields: {
          refundNo: '退款单号', orderId: '订单', orderNo: '订单号', memberId: '会员ID', amount: '金额', lines: '退款明细', reason: '原因', refundType: '类型', status: '状态',
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
  
    // ── from recommend.ts ──
      recommendGame: { title: '游戏推荐', fields: { gameId: '游戏', gameName: '游戏名称', position: '推荐位置', weight: '权重', startTime: '开始时间', endTime: '结束时间' } },
      recommendGoods: { title: '商品推荐', fields: { goodsId: '商品ID', goodsName: '商品名称', position: '推荐位置', weight: '权重', startTime: '开始时间', endTime: '结束时间' } },
      recommendPage: { title: '推荐页面', fields: { pageName: '页面名称', pageKey: '页面标识', description: '描述', moduleCount: '模块数' } },
      recommendModule: { title: '推荐模块', fields: { pageId: '所属页面', moduleName: '模块名称', moduleType: '模块类型', maxItems: '最多展示' } },
      recommendRelation: { title: '推荐关联', fields: { moduleId: '所属模块', targetType: '内容类型', targetId: '内容ID', targetName: '内容名称', weight: '权重' } },
      navigation: { title: '导航', fields: { navName: '导航名称', icon: '图标', linkType: '链接类型', linkValue: '链接地址', parentId: '上级导航' } },
      searchKeyword: { title: '热门关键词', fields: { word: '关键词', searchCount: '搜索次数', isHot: '热门' } },
  
    // ── from rent.ts ──
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
  
    // ── from social.ts ──
      comment: { title: '评论', fields: { memberId: '会员ID', nickName: '会员昵称', targetType: '评论对象', targetId: '对象ID', targetName: '对象名称', content: '评论内容', rating: '评分', images: '图片', likeCount: '点赞', replyCount: '回复数', isTop: '置顶', status: '审核状态', hideReason: '隐藏原因' } },
      commentReply: { title: '评论回复', fields: { commentId: '评论ID', replierType: '回复方', memberId: '会员ID', replierName: '回复人', content: '回复内容', status: '状态' } },
  
    // ── from specialConfig.ts ──
      match: { title: '赛事', fields: { matchName: '赛事名称', gameId: '游戏', teamA: '主队', teamB: '客队', scoreA: '主队比分', scoreB: '客队比分', startTime: '开始时间', endTime: '结束时间', streamUrl: '直播地址', cover: '封面' } },
      article: { title: '文章', fields: { title: '标题', gameId: '关联游戏', cover: '封面', summary: '摘要', content: '正文', author: '作者', views: '阅读量', isTop: '置顶', publishTime: '发布时间' } },
      video: { title: '视频', fields: { title: '标题', gameId: '关联游戏', cover: '封面', videoUrl: '视频地址', duration: '时长（秒）', views: '播放量' } },
      product: { title: '专题商品', fields: { goodsId: '商品', title: '标题', subtitle: '副标题', banner: '横幅图', specialPrice: '专题价', startTime: '开始时间', endTime: '结束时间' } },
  
    // ── from statistics.ts ──

    // ── from system.ts ──
      admin: {
        title: '系统账号',
        fields: { username: '用户名', nickName: '昵称', password: '密码', email: '邮箱', phone: '手机号', icon: '头像', roleIds: '角色', homePath: '首页路径', status: '状态', lastLoginTime: '最后登录', note: '备注', failedLoginCount: '连续登录失败次数', lastFailedLoginTime: '最近登录失败时间' },
      },
      role: {
        title: '角色',
        fields: { name: '角色名称', roleKey: '角色标识', description: '描述', menuIds: '菜单', resourceIds: '资源', adminCount: '账号数', sort: '排序', status: '状态' },
      },
      menu: {
        title: '菜单',
        fields: { parentId: '上级菜单', title: '菜单标题', name: '路由名称', path: '路由路径', icon: '图标', component: '组件路径', frameSrc: '内嵌地址', level: '层级', sort: '排序', hidden: '隐藏', status: '状态' },
      },
      resource: {
        title: '资源',
        fields: { name: '资源名称', url: '资源路径', description: '描述', categoryId: '资源分类' },
      },
      resourceCategory: {
        title: '资源分类',
        fields: { name: '分类名称', sort: '排序' },
      },
      systemMessage: {
        title: '系统消息',
        fields: { title: '标题', content: '内容', level: '级别', targetRoleIds: '接收角色', publishTime: '发布时间', readCount: '已读数', status: '状态' },
      },
  
  },
};
