/** The goods area's texts in en (spec §2 /goods); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `goods.<key>`. */
  texts: {
    related: { stock: 'Stock', orders: 'Recent orders' },
    tabs: { basic: 'Basic information', pricing: 'Pricing and stock', media: 'Images and description', delivery: 'Delivery' },
    savedDraft: 'Saved as a draft: buyers do not see it until you put it on shelf (Status in Pricing and stock)',
    categoryHasGoods: '{{name}} still holds {{goodsCount}} goods: move them to another category first',
  },
};
