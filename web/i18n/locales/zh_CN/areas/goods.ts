/** The goods area's texts in zh_CN (spec §2 /goods); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `goods.<key>`. */
  texts: {
    tabs: { basic: '基本信息', pricing: '价格与库存', media: '图片与详情', delivery: '发货' },
    categoryHasGoods: '{{name}} 下还有 {{goodsCount}} 件商品，请先把它们移到其他分类',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
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
  },
};
