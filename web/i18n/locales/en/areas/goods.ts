/** The goods area's texts in en (spec §2 /goods); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `goods.<key>`. */
  texts: {
    tabs: { basic: 'Basic information', pricing: 'Pricing and stock', media: 'Images and description', delivery: 'Delivery' },
    categoryHasGoods: '{{name}} still holds {{goodsCount}} goods: move them to another category first',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
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
  },
};
