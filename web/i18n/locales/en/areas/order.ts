/** The order area's texts in en (spec §2 /order); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `order.<key>`. */
  texts: {
    detail: 'Detail',
    memberFilter: 'Member: type a name or phone',
    onlyWhen: 'only for orders that are {{statuses}}',
    listSep: ' / ',
    blocked: 'blocked by risk control; clear the risk level first',
    about: 'Order {{orderNo}} · {{nick}} · paid ¥{{amount}}',
    allItems: 'All items',
    reveal: 'Reveal codes',
    actions: {
      confirmDelivery: 'Confirm delivery', confirm: 'Confirm receipt', reissue: 'Reissue', risk: 'Risk', cancel: 'Cancel order', refund: 'Refund',
      extract: 'Extract codes', remark: 'Remark', reveal: 'Revealed codes', refundApproved: 'Refund approved', refundRejected: 'Refund refused',
    },
    confirmText: { confirm: 'Confirm receipt of order {{orderNo}} on the buyer\'s behalf? It becomes completed.', cancel: 'Cancel the unpaid order {{orderNo}}? Its locked codes go back to stock.' },
    done: {
      confirmDelivery: 'Delivered', confirm: 'Order completed', reissue: 'New codes issued', risk: 'Risk level saved', cancel: 'Order cancelled',
      refund: 'Refund requested; it waits for review', refundAuto: 'Refund approved automatically', remark: 'Remark saved', approved: 'Refund approved; the money is in the member\'s wallet', refused: 'Refund refused',
    },
    hints: {
      confirmDelivery: 'Unsold codes or accounts of each item are assigned to the buyer.',
      itemId: 'Leave empty to reissue every item delivered as codes or accounts.',
      amount: 'At most ¥{{max}} (what is left to refund).',
      extract: 'Revealing codes is recorded on the order (who, when) and marks them extracted.',
      approvedAmount: 'Up to the requested ¥{{max}}.',
    },
    fields: {
      deliveryRemark: 'Delivery note', itemId: 'Item', reason: 'Reason', riskLevel: 'Risk level', riskRemark: 'Risk reason', amount: 'Amount', refundType: 'Refund type',
      remark: 'Operator remark', memberNickName: 'Member', contactPhone: 'Contact phone', totalAmount: 'Total', discountAmount: 'Discount', payAmount: 'Paid',
      payType: 'Payment method', createTime: 'Placed', payTime: 'Paid at', deliveryTime: 'Delivered at', completeTime: 'Completed at', buyerRemark: 'Buyer note',
      deliveredCount: 'Codes / accounts', paymentKind: 'Kind', channel: 'Channel', tradeNo: 'Trade no.', time: 'Time', goodsName: 'Goods', codeKind: 'Kind',
      cardNo: 'Code / account', secret: 'Secret / password', decision: 'Decision', approvedAmount: 'Approved amount', auditRemark: 'Audit remark',
    },
    timeline: { placed: 'Order placed', paid: 'Paid', delivered: 'Delivered', completed: 'Completed', refundAsked: 'Refund requested', refundApproved: 'Refund approved', refundRejected: 'Refund refused' },
    noOrder: 'No order chosen: open one from the order list.',
    backToList: 'Back to orders',
    detailTitle: 'Order {{orderNo}}',
    sections: { order: 'Order', items: 'Items', codes: 'Delivered codes and accounts', payments: 'Payments', refunds: 'Refunds', timeline: 'Activity' },
    codesHidden: '{{count}} codes or accounts delivered. Secrets stay hidden until revealed; each reveal is recorded.',
    noCodes: 'Nothing delivered as codes or accounts.',
    paymentKind: { pay: 'Payment', refund: 'Refund to wallet' },
    cdkTitle: 'CDK: revealed codes',
    cdkHint: 'Secrets are hidden; show them one by one.',
    codeKind: { card: 'Code', account: 'Account' },
    hide: 'Hide', show: 'Show',
    audit: 'Audit',
    alreadyDecided: 'this request is already decided',
    auditTitle: 'Audit refund {{refundNo}}',
    approve: 'Approve', refuse: 'Refuse',
    refundAbout: 'Order {{orderNo}} asks ¥{{amount}} back: {{reason}}',
    refundSetHint: 'A refund is refused outside the window of its goods category (hours after payment). Refunds up to the auto-approve limit are approved at once; the rest wait in Refund orders.',
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    order: {
      title: 'Orders',
      fields: {
        orderNo: 'Order no.', memberId: 'Member', memberNickName: 'Member', merchantId: 'Merchant', couponId: 'Coupon', itemCount: 'Units', totalAmount: 'Total',
        discountAmount: 'Discount', payAmount: 'Paid', payType: 'Payment', payTime: 'Paid at', deliveryTime: 'Delivered at', completeTime: 'Completed at', status: 'Status',
        riskLevel: 'Risk', riskRemark: 'Risk reason', contactPhone: 'Phone', buyerRemark: 'Buyer note', remark: 'Remark', goodsIds: 'Goods', createTime: 'Placed',
      },
    },
    orderItem: { title: 'Order items', fields: { goodsName: 'Goods', price: 'Price', quantity: 'Qty', amount: 'Amount', deliveryStatus: 'Delivery', deliveryType: 'Delivery type' } },
    refund: {
      title: 'Refund requests',
      fields: {
        refundNo: 'Refund no.', orderId: 'Order', orderNo: 'Order no.', memberId: 'Member ID', amount: 'Amount', reason: 'Reason', refundType: 'Type', status: 'Status',
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
  },
};
