/** The goods area's texts in zh_CN (spec §2 /goods); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `goods.<key>`. */
  texts: {
    related: { stock: '库存', orders: '最近订单' },
    tabs: { basic: '基本信息', pricing: '价格与库存', media: '图片与详情', delivery: '发货' },
    savedDraft: '已保存为草稿：上架后买家才能看到（价格与库存中的状态）',
    categoryHasGoods: '{{name}} 下还有 {{goodsCount}} 件商品，请先把它们移到其他分类',
  },
};
